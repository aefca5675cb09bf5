import Foundation
import ParallaxTestSupport
import Testing

/// `--physics NAME` on the commands that show a scene, and its place among the script and the config.
@Suite(.childProcesses) struct PhysicsOptionTests {
    @Test(arguments: [["run", "--frames", "1"], ["capture", "--out", "/tmp/x"], ["verify", "--script", "a.json", "--goldens", "g"], ["bench"]])
    func anUnknownModelExits64ListingTheModels(command: [String]) throws {
        let outcome = try parallax(command + ["--physics", "aqua"])
        #expect(outcome.status == 64, "\(command): \(outcome.stderr)")
        #expect(outcome.errorLines.first?.hasPrefix("Error: The value 'aqua' is invalid for '--physics <physics>'") == true, "\(outcome.stderr)")
        for name in ["uikit", "android", "chromium", "gtk", "flutter", "firefox"] {
            #expect(outcome.stderr.contains("- \(name)"), "\(command) lists \(name)")
        }
    }

    @Test(arguments: ["uikit", "uikit,aqua", "uikit,android,gtk"])
    func aBadCompareExits64(value: String) throws {
        let outcome = try parallax(["capture", "--compare", value, "--out", "/tmp/x"])
        #expect(outcome.status == 64, "\(value): \(outcome.stderr)")
        #expect(outcome.errorLines.first?.hasPrefix("Error: The value '\(value)' is invalid for '--compare <a,b>'") == true, "\(outcome.stderr)")
    }

    /// The trace names the model on every frame: the script's, unless `--physics` says otherwise.
    @Test func theFlagOverridesTheScriptAndTheTraceSaysSo() throws {
        let script = writeTemporary(#"{"version": 1, "physics": "gtk", "scene": "feed", "size": {"width": 320, "height": 240}, "events": []}"#,
                                    name: "physics.json")
        let out = scratchURL("physics").path
        for (flag, expected) in [([String](), "gtk"), (["--physics", "flutter"], "flutter")] {
            let trace = out + "-\(expected).jsonl"
            let outcome = try parallax(["capture", "--script", script, "--at", "0.1", "--trace", trace, "--out", out] + flag)
            #expect(outcome.status == 0, "\(outcome.stderr)")
            let lines = try String(contentsOfFile: trace, encoding: .utf8).split(separator: "\n")
            #expect(lines.count >= 2)
            #expect(lines.allSatisfy { $0.contains(#""physics":"\#(expected)""#) }, "\(flag)")
        }
    }
}
