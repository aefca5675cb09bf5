import Foundation
import Testing
@testable import ParallaxEngine
@testable import ParallaxScenes

@Suite struct FuzzRegressionTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("FuzzRegressions").path
    static let inputs = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0 != "README.md" }.sorted()

    @Test func thereAreInputsToReplay() {
        #expect(Self.inputs.count >= 8)
    }

    @Test(arguments: inputs)
    func everyKeptInputParsesOrFailsWithOneLine(name: String) throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: Self.folder + "/" + name))
        do throws(InputFileError) {
            let script = try InputScript.parse(data, file: name, knownScenes: SceneCatalog.names)
            #expect(try InputScript.parse(Data(script.jsonText.utf8), file: name, knownScenes: SceneCatalog.names) == script)
        } catch {
            #expect(error.description.hasPrefix(name + ": ") && !error.description.contains("\n"), "\(error)")
        }
        do throws(InputFileError) {
            let settings = try PlaygroundSettings.parse(data, file: name)
            #expect(try PlaygroundSettings.parse(Data(settings.jsonText.utf8), file: name) == settings)
        } catch {
            #expect(error.description.hasPrefix(name + ": ") && !error.description.contains("\n"), "\(error)")
        }
    }
}
