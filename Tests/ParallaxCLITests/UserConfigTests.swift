import Foundation
import ParallaxTestSupport
import Testing

/// The user's config file (docs/file-formats.md, "Config file"): `run` reads it and its tuning panel's
/// S writes it when no `--config` is given; `capture` never reads it. Each test gives the child its
/// own `XDG_CONFIG_HOME`.
@Suite(.childProcesses) struct UserConfigTests {
    /// A fresh folder as `XDG_CONFIG_HOME`, and the file `run` should use in it.
    func configHome() -> (folder: String, file: String) {
        let folder = scratchURL("xdg").path
        return (folder, folder + "/parallax/config.json")
    }

    func physics(inTrace path: String) throws -> [String] {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        return try text.split(separator: "\n").map { line in
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            return try #require(object["physics"] as? String)
        }
    }

    /// S in `run`'s panel creates the folder and writes the file; the next `run` starts with it;
    /// `capture` with the same environment does not.
    @Test func runSavesAndReadsTheUsersFileAndCaptureDoesNot() throws {
        let server = try XServer.start()
        defer { server.stop() }
        let home = configHome()
        defer { try? FileManager.default.removeItem(atPath: home.folder) }
        var environment = server.environment
        environment["XDG_CONFIG_HOME"] = home.folder
        // P, then ] to the row after the feed's photo margin (the physics), = to the next model, S.
        let script = writeTemporary(#"""
            {"version": 1, "scene": "feed", "size": {"width": 1280, "height": 800},
             "events": [{"t": 0.05, "type": "key", "key": "P"}, {"t": 0.1, "type": "key", "key": "]"},
                        {"t": 0.15, "type": "key", "key": "="}, {"t": 0.2, "type": "key", "key": "S"}]}
            """#, name: "save.json")
        let saving = try parallax(["run", "--script", script, "--frames", "30", "--no-overlay"], environment: environment)
        #expect(saving.status == 0, "\(saving.stderr)")
        let saved = try #require(FileManager.default.contents(atPath: home.file), "nothing at \(home.file)")
        let object = try #require(try JSONSerialization.jsonObject(with: saved) as? [String: Any])
        #expect((object["scrolling"] as? [String: Any])?["physics"] as? String == "android", "\(String(decoding: saved, as: UTF8.self))")

        let runTrace = writeTemporary("", name: "run.jsonl")
        let reading = try parallax(["run", "--frames", "3", "--no-overlay", "--trace", runTrace], environment: environment)
        #expect(reading.status == 0, "\(reading.stderr)")
        #expect(try physics(inTrace: runTrace) == ["android", "android", "android"])

        let captureTrace = writeTemporary("", name: "capture.jsonl")
        let capture = try parallax(["capture", "--at", "0", "--size", "320x240", "--trace", captureTrace,
                                    "--out", scratchURL("xdg-capture").path], environment: environment)
        #expect(capture.status == 0, "\(capture.stderr)")
        #expect(try physics(inTrace: captureTrace) == ["uikit"])
    }

    /// A bad user file, which nobody named, does not stop the window: one line says which file and
    /// what is wrong, and the defaults apply. (A bad `--config` still ends the command:
    /// ConfigAndFontTests.)
    @Test func aBadUsersFileStartsWithTheDefaultsAndSaysSoInOneLine() throws {
        let server = try XServer.start()
        defer { server.stop() }
        let home = configHome()
        defer { try? FileManager.default.removeItem(atPath: home.folder) }
        try FileManager.default.createDirectory(atPath: home.folder + "/parallax", withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: home.file, contents: Data(#"{"version": 1, "scrolling": {"physics": "android", "wheelStep": "big"}}"#.utf8))
        var environment = server.environment
        environment["XDG_CONFIG_HOME"] = home.folder
        let trace = writeTemporary("", name: "run.jsonl")
        let outcome = try parallax(["run", "--frames", "3", "--no-overlay", "--trace", trace], environment: environment)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let lines = outcome.errorLines.filter { $0.contains(home.file) }
        #expect(lines.count == 1 && lines.first?.contains("scrolling.wheelStep: must be a number, found a string") == true, "\(outcome.stderr)")
        #expect(try physics(inTrace: trace) == ["uikit", "uikit", "uikit"])
    }
}
