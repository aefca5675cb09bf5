import Foundation
import Testing
@testable import ParallaxEngine
@testable import ParallaxScenes

/// Replays what `scripts/fuzz` feeds its harness (Tests/Fuzz/Sources/ParserFuzzer/Fuzz.swift): the
/// seeds in Tests/Fuzz/Corpus and the inputs it kept in Tests/FuzzRegressions.
@Suite struct FuzzRegressionTests {
    static let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().path

    /// Paths under Tests/ of the files in `folder`.
    static func files(in folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: tests + "/" + folder)) ?? [])
            .filter { $0 != "README.md" }.sorted().map { folder + "/" + $0 }
    }

    static let regressions = files(in: "FuzzRegressions")
    static let corpus = files(in: "Fuzz/Corpus")

    @Test func thereAreInputsToReplay() {
        #expect(Self.regressions.count >= 8)
        #expect(Self.corpus.count >= 7)
    }

    /// What the input parsed as; either parse that fails must fail with one line naming the file,
    /// and what parses must write back into text that parses, under another name, to the same value.
    static func replay(_ path: String) throws -> (script: Bool, settings: Bool) {
        let data = try Data(contentsOf: URL(fileURLWithPath: tests + "/" + path))
        let name = (path as NSString).lastPathComponent
        func oneLine(_ error: InputFileError) {
            #expect(error.description.hasPrefix(name + ": ") && !error.description.contains("\n"), "\(error)")
        }
        func readsBack(_ text: String, the same: (Data, String) throws(InputFileError) -> Bool) {
            do throws(InputFileError) {
                #expect(try same(Data(text.utf8), "written-back.json"), "\(path) reads back differently")
            } catch {
                Issue.record("\(path) no longer parses once written back: \(error)")
            }
        }
        var parsed = (script: false, settings: false)
        do throws(InputFileError) {
            let script = try InputScript.parse(data, file: name, knownScenes: SceneRegistry.standard.names)
            parsed.script = true
            readsBack(script.jsonText) { data, file throws(InputFileError) in
                try InputScript.parse(data, file: file, knownScenes: SceneRegistry.standard.names) == script
            }
        } catch {
            oneLine(error)
        }
        do throws(InputFileError) {
            let settings = try PlaygroundSettings.parse(data, file: name)
            parsed.settings = true
            readsBack(settings.jsonText) { data, file throws(InputFileError) in try PlaygroundSettings.parse(data, file: file) == settings }
        } catch {
            oneLine(error)
        }
        return parsed
    }

    @Test(arguments: regressions)
    func everyKeptInputParsesOrFailsWithOneLine(path: String) throws {
        _ = try Self.replay(path)
    }

    /// The seeds are valid files (so the write-back is exercised): config.json a config, the rest scripts.
    @Test(arguments: corpus)
    func everyCorpusSeedParsesAndReadsBackAsWritten(path: String) throws {
        let parsed = try Self.replay(path)
        if path.hasSuffix("/config.json") {
            #expect(parsed.settings, "\(path) is a config")
        } else {
            #expect(parsed.script, "\(path) is a script")
        }
    }
}
