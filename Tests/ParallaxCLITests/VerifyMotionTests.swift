import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import ParallaxEngine
import ParallaxSDL
import Testing

/// `verify`'s motion goldens from the command line (docs/visual-regression.md, "Motion goldens" and "Verdicts").
@Suite struct VerifyMotionTests {
    let scripts = packageRoot.appendingPathComponent("Tests/VisualRegression/Scripts").path
    let goldens = packageRoot.appendingPathComponent("Tests/VisualRegression/Goldens").path

    /// The verdict column by capture time ("motion" for the motion's row), and the lines under the motion's row.
    func rows(_ outcome: Outcome, script: String) -> (verdicts: [String: String], lines: [String]) {
        var verdicts: [String: String] = [:], lines: [String] = []
        var inMotion = false
        for line in outcome.stdout.split(separator: "\n").map(String.init) {
            if line.hasPrefix("    ") {
                if inMotion { lines.append(String(line.dropFirst(4))) }
                continue
            }
            inMotion = false
            guard line.hasPrefix(script + " ") else { continue }
            let columns = line.split(separator: " ", maxSplits: 4, omittingEmptySubsequences: true).map(String.init)
            verdicts[columns[1]] = columns[4].trimmingCharacters(in: .whitespaces)
            inMotion = columns[1] == "motion"
        }
        return (verdicts, lines)
    }

    func feed(_ extra: [String]) throws -> Outcome {
        try parallax(["verify", "--script", scripts + "/feed.json", "--goldens", goldens, "--record", "never",
                      "--diffs", FileManager.default.temporaryDirectory.appendingPathComponent("parallax-motion-\(UUID().uuidString)").path] + extra)
    }

    /// The frame after the one at which the feed script's drag is released.
    func firstFrameAfterTheRelease() throws -> Int {
        let script = try InputScript.load(path: scripts + "/feed.json", knownScenes: ["feed", "header", "pager"])
        let release = try #require(script.events.first { if case .mouseUp = $0.event { true } else { false } })
        return Capture.frameIndex(for: release.time) + 1
    }

    @Test func theScriptsMotionPassesTwiceInARowAndWithJobs() throws {
        let names = ["feed", "header-refresh", "pager", "bar-material"]
        let common = ["verify", "--script"] + names.map { scripts + "/\($0).json" } + ["--goldens", goldens, "--record", "never"]
        let first = try parallax(common), second = try parallax(common), jobs = try parallax(common + ["--jobs", "2"])
        #expect(first.status == 0, "\(first.stdout)\(first.stderr)")
        for name in names { #expect(rows(first, script: name + ".json").verdicts["motion"] == "match", "\(name)") }
        #expect(second.stdout == first.stdout && jobs.stdout == first.stdout)
        #expect(second.status == 0 && jobs.status == 0)
    }

    @Test func aDecelerationRateOf0997FailsTheMotionAtTheFirstFrameAfterTheRelease() throws {
        let config = writeTemporary(#"{"version": 1, "scrolling": {"decelerationRate": 0.997}}"#, name: "decelerate.json")
        let outcome = try feed(["--config", config, "--perceptual-threshold", "0.1"])
        #expect(outcome.status == 1)
        let (verdicts, lines) = rows(outcome, script: "feed.json")
        // The pictures: the captures at rest, before the drag and after Home, pass at the perceptual
        // threshold; only the one mid-fling sees it, as pixels that do not say what moved.
        #expect(verdicts["0.000"] == "match" && verdicts["3.400"] == "match" && verdicts["5.000"] == "match", "\(outcome.stdout)")
        #expect(verdicts["0.500"]?.hasPrefix("MISMATCH") == true)
        // The motion: offset.y from the first frame after the release, and the release named.
        let frame = try firstFrameAfterTheRelease()
        #expect(verdicts["motion"]?.hasPrefix("MOTION DIFFERS: offset.y (frame \(frame))") == true, "\(outcome.stdout)")
        #expect(lines.contains { $0.hasPrefix("  offset.y: first at frame \(frame) (") && $0.contains("expected") }, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("  the earliest follows scripted event") && $0.contains(#""type":"mouseUp""#) }, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("  offset.y from 0.300 s") && $0.contains("landing") }, "\(lines)")
    }

    @Test func oneFrameLateIsTheCellsShiftsShiftedByOneFrame() throws {
        let config = writeTemporary(#"{"version": 1, "rendering": {"oneFrameLate": true}}"#, name: "late.json")
        let outcome = try feed(["--config", config])
        #expect(outcome.status == 1)
        let lines = rows(outcome, script: "feed.json").lines
        let differing = lines.filter { $0.hasPrefix("  ") && $0.contains(": first at") || $0.contains(": shifted by") }
        // Only the shifts, each a frame late: the scroll itself is the golden's.
        #expect(!differing.isEmpty && differing.allSatisfy { $0.hasPrefix("  items[") && $0.contains(".shift: shifted by 1 frame (late)") },
                "\(lines)")
        #expect(!lines.contains { $0.hasPrefix("  offset.y") })
    }

    @Test func anotherPhysicsModelIsNamedWithTheLanding() throws {
        let outcome = try feed(["--physics", "android"])
        #expect(outcome.status == 1)
        let lines = rows(outcome, script: "feed.json").lines
        #expect(lines.contains("  physics: the golden was recorded under uikit, this run is under android"), "\(lines)")
        let summary = try #require(lines.first { $0.hasPrefix("  offset.y from") })
        // Landings differ: android's fling is not UIKit's.
        let numbers = summary.components(separatedBy: "landing ")[1].components(separatedBy: " px")
        #expect(numbers.count > 2 && numbers[0] != numbers[1].replacingOccurrences(of: ", expected ", with: ""), "\(summary)")
    }

    @Test func anUnreadableMotionGoldenIsOneLineNamingFileAndLineWithOrWithoutJobs() throws {
        let folder = try VerifyCommandTests().temporaryGoldens(copying: ["reduced-motion-0000.500.png", "reduced-motion-0000.900.png",
                                                                         "header-0000.000.png", "header-0000.600.png", "header-0002.300.png",
                                                                         "header-0004.500.png", "header.motion.jsonl"])
        var lines = try String(contentsOfFile: goldens + "/reduced-motion.motion.jsonl", encoding: .utf8).split(separator: "\n").map(String.init)
        lines[7] = String(lines[7].prefix(25))
        try (lines.joined(separator: "\n") + "\n").write(toFile: folder + "/reduced-motion.motion.jsonl", atomically: true, encoding: .utf8)
        let common = ["verify", "--script", scripts + "/reduced-motion.json", scripts + "/header.json", "--goldens", folder,
                      "--diffs", folder + "/diffs", "--record", "never"]
        let plain = try parallax(common + ["--junit", folder + "/plain.xml"])
        let jobs = try parallax(common + ["--jobs", "2", "--junit", folder + "/jobs.xml"])
        #expect(plain.status == 1 && plain.errorLines.isEmpty, "\(plain.stderr)")
        let verdict = rows(plain, script: "reduced-motion.json").verdicts["motion"]
        #expect(verdict?.hasPrefix("UNREADABLE golden: \(folder)/reduced-motion.motion.jsonl: line 8: not valid JSON") == true, "\(plain.stdout)")
        #expect(rows(plain, script: "header.json").verdicts["motion"] == "match")
        #expect(jobs.stdout == plain.stdout && jobs.status == plain.status)
        #expect(try String(contentsOfFile: folder + "/jobs.xml", encoding: .utf8) == String(contentsOfFile: folder + "/plain.xml", encoding: .utf8))

        // JUnit: a test case per script's motion, the unreadable one failing with its line.
        let document = try XMLDocument(contentsOf: URL(fileURLWithPath: folder + "/plain.xml"))
        let cases = try #require(document.rootElement()).elements(forName: "testsuite").flatMap { $0.elements(forName: "testcase") }
        let motions = cases.filter { $0.attribute(forName: "name")?.stringValue?.hasSuffix(".motion") == true }
        #expect(motions.map { $0.attribute(forName: "name")?.stringValue } == ["reduced-motion.motion", "header.motion"])
        let failure = try #require(motions[0].elements(forName: "failure").first)
        #expect(failure.attribute(forName: "type")?.stringValue == "motion-unreadable")
        #expect(failure.attribute(forName: "message")?.stringValue?.hasPrefix("\(folder)/reduced-motion.motion.jsonl: line 8: ") == true)
        #expect(motions[1].elements(forName: "failure").isEmpty)
    }

    @Test func junitsMotionFailureMessageIsTheVerdict() throws {
        let config = writeTemporary(#"{"version": 1, "rendering": {"oneFrameLate": true}}"#, name: "late.json")
        let junit = FileManager.default.temporaryDirectory.appendingPathComponent("parallax-motion-\(UUID().uuidString).xml").path
        let outcome = try feed(["--config", config, "--junit", junit])
        let lines = rows(outcome, script: "feed.json").lines
        let document = try XMLDocument(contentsOf: URL(fileURLWithPath: junit))
        let motion = try #require(try document.nodes(forXPath: "//testcase[@name='feed.motion']").first as? XMLElement)
        #expect(motion.attribute(forName: "classname")?.stringValue == "feed.json")
        let failure = try #require(motion.elements(forName: "failure").first)
        #expect(failure.attribute(forName: "type")?.stringValue == "motion-mismatch")
        #expect(failure.attribute(forName: "message")?.stringValue == lines.joined(separator: "\n"))
        #expect(failure.stringValue?.contains("actual: ") == true)
    }

    @Test(arguments: [
        (["--motion-tolerance", "speed=1"], 64, "Error: --motion-tolerance speed=1: unknown kind 'speed' (kinds: offset, velocity, position, opacity, fraction)"),
        (["--motion-tolerance", "offset"], 64, "Error: --motion-tolerance offset: 'offset' is not kind=limit"),
        (["--config", "/nonexistent/config.json"], 2, "parallax: /nonexistent/config.json: cannot read the file"),
    ])
    func badMotionOptionsGiveOneLine(arguments: [String], status: Int32, line: String) throws {
        let outcome = try feed(arguments)
        #expect(outcome.status == status)
        #expect(outcome.errorLines.first == line, "\(outcome.stderr)")
    }

    @Test func theCommandLinesToleranceLetsALateFramePass() throws {
        let config = writeTemporary(#"{"version": 1, "rendering": {"oneFrameLate": true}}"#, name: "late.json")
        let outcome = try feed(["--config", config, "--motion-tolerance", "position=40"])
        #expect(rows(outcome, script: "feed.json").verdicts["motion"] == "match", "\(outcome.stdout)")
    }
}
