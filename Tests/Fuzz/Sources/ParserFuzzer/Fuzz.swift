import Foundation
import ParallaxEngine
import ParallaxScenes

/// One input: any bytes, as a script and as a config file. Either parse fails with a one-line
/// error naming the file, or what it read writes back and reads back the same.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let start else { return 0 }
    let data = Data(bytes: start, count: count)
    do throws(InputFileError) {
        let script = try InputScript.parse(data, file: "fuzz.json", knownScenes: SceneRegistry.standard.names)
        let again = try InputScript.parse(Data(script.jsonText.utf8), file: "again.json", knownScenes: SceneRegistry.standard.names)
        precondition(again == script, "a script did not read back as written")
    } catch {
        precondition(!error.description.contains("\n") && error.description.hasPrefix("fuzz.json"), "bad error line: \(error)")
    }
    do throws(InputFileError) {
        let settings = try PlaygroundSettings.parse(data, file: "fuzz.json")
        let again = try PlaygroundSettings.parse(Data(settings.jsonText.utf8), file: "again.json")
        precondition(again == settings, "settings did not read back as written")
    } catch {
        precondition(!error.description.contains("\n") && error.description.hasPrefix("fuzz.json"), "bad error line: \(error)")
    }
    return 0
}
