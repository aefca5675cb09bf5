import Foundation
import ParallaxTestSupport
import Testing

@Suite(.childProcesses) struct VerifyCommandTests {
    let scripts = packageRoot.appendingPathComponent("Tests/VisualRegression/Scripts").path
    let goldens = packageRoot.appendingPathComponent("Tests/VisualRegression/Goldens").path

    func temporaryGoldens(copying names: [String]) throws -> String {
        let folder = try newScratchFolder("goldens").path
        for name in names { try FileManager.default.copyItem(atPath: goldens + "/" + name, toPath: folder + "/" + name) }
        return folder
    }

    @Test func matchingGoldensExitZeroWithATable() throws {
        let outcome = try parallax(["verify", "--script", scripts + "/reduced-motion.json", "--goldens", goldens, "--record", "never"])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let lines = outcome.stdout.split(separator: "\n")
        #expect(lines.first?.hasPrefix("script") == true)
        // Two captures and the motion.
        #expect(lines.count == 4)
        #expect(lines.dropFirst().allSatisfy { $0.hasPrefix("reduced-motion.json") && $0.hasSuffix("match") })
        let lastRowSecondColumn: Substring? = lines.last?.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first
        #expect(lastRowSecondColumn == "motion")
    }

    @Test func aMismatchExitsOneAndWritesTheDiffs() throws {
        // The pager's golden at 0.9 s put where reduced-motion's should be: same size, other pixels.
        let folder = try temporaryGoldens(copying: ["reduced-motion-0000.500.png"])
        try FileManager.default.copyItem(atPath: goldens + "/pager-0000.000.png", toPath: folder + "/reduced-motion-0000.900.png")
        let diffs = folder + "/diffs"
        let outcome = try parallax(["verify", "--script", scripts + "/reduced-motion.json", "--goldens", folder, "--diffs", diffs, "--record", "never"])
        #expect(outcome.status == 1)
        #expect(outcome.stdout.contains("MISMATCH"))
        for suffix in ["diff", "actual", "side-by-side"] {
            #expect(FileManager.default.fileExists(atPath: "\(diffs)/reduced-motion-0000.900.\(suffix).png"))
        }
    }

    @Test func aMissingGoldenUnderNeverExitsOneSayingSo() throws {
        let folder = try temporaryGoldens(copying: ["reduced-motion-0000.500.png"])
        var env = ProcessInfo.processInfo.environment
        env["CI"] = "true"  // never is the default in CI
        let outcome = try parallax(["verify", "--script", scripts + "/reduced-motion.json", "--goldens", folder], environment: env)
        #expect(outcome.status == 1)
        #expect(outcome.stdout.contains("MISSING golden \(folder)/reduced-motion-0000.900.png (run with --record missing to write it)"))
    }

    @Test func aGoldenOfAnotherSizeSaysBothSizes() throws {
        let folder = try temporaryGoldens(copying: ["reduced-motion-0000.500.png"])
        let small = scratchURL("small").path
        _ = try parallax(["capture", "--scene", "feed", "--size", "320x200", "--at", "0", "--out", small])
        try FileManager.default.copyItem(atPath: small + "/feed-0000.000.png", toPath: folder + "/reduced-motion-0000.900.png")
        let outcome = try parallax(["verify", "--script", scripts + "/reduced-motion.json", "--goldens", folder, "--diffs", folder + "/d", "--record", "never"])
        #expect(outcome.status == 1)
        #expect(outcome.stdout.contains("SIZE: capture is 800x500, golden 320x200"))
    }

    @Test func aBadScriptOrGoldensFolderExitsTwo() throws {
        let bad = writeTemporary(#"{"version": 1, "events": [{"t": 0, "type": "nope"}]}"#, name: "bad.json")
        let outcome = try parallax(["verify", "--script", bad, "--goldens", goldens])
        #expect(outcome.status == 2)
        #expect(outcome.errorLines.first?.hasPrefix("parallax: \(bad): events[0].type: unknown event type 'nope'") == true)
        let noFolder = try parallax(["verify", "--script", scripts + "/feed.json", "--goldens", "/nonexistent/goldens", "--record", "never"])
        #expect(noFolder.status == 2)
        #expect(noFolder.errorLines == ["parallax: /nonexistent/goldens: no such goldens folder"])
    }
}
