import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import ParallaxEngine
import ParallaxFrame
import ParallaxSDL
import ParallaxTestSupport
import Testing

/// `verify`'s motion goldens from the command line (docs/visual-regression.md, "Motion goldens" and "Verdicts").
@Suite(.childProcesses) struct VerifyMotionTests {
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
                      "--diffs", scratchURL("motion").path] + extra)
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

    @Test func jobsAndShardsGiveThePlainRunsMotionVerdicts() throws {
        let late = writeTemporary(#"{"version": 1, "rendering": {"oneFrameLate": true}}"#, name: "late.json")
        let common = ["verify", "--script", scripts + "/pager.json", scripts + "/feed.json", scripts + "/header.json", "--goldens", goldens,
                      "--record", "never", "--config", late, "--diffs",
                      scratchURL("motion").path]
        let plain = try parallax(common), jobs = try parallax(common + ["--jobs", "2"])
        let shards = try ["1/2", "2/2"].map { try parallax(common + ["--shard", $0]) }
        #expect(plain.status == 1 && jobs.status == 1)
        #expect(jobs.stdout == plain.stdout)
        // Each script's rows and verdict lines, whichever shard verified it.
        func blocks(_ outcome: Outcome) -> [String: String] {
            var out: [String: String] = [:], current = ""
            for line in outcome.stdout.split(separator: "\n").dropFirst().map(String.init) {
                if !line.hasPrefix(" ") { current = String(line.prefix { $0 != " " }) }
                out[current, default: ""] += line + "\n"
            }
            return out
        }
        let sharded = blocks(shards[0]).merging(blocks(shards[1])) { first, _ in first }
        #expect(sharded == blocks(plain))
        for name in ["pager.json", "feed.json", "header.json"] {
            #expect(blocks(plain)[name]?.contains("shifted by 1 frame (late)") == true, "\(name): \(plain.stdout)")
        }
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
        let junit = scratchURL("motion", suffix: ".xml").path
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

/// The report of a motion change in headless Chromium, and accepting what a reviewer ticked there.
@Suite(.childProcesses) struct MotionReportTests {
    let scripts = packageRoot.appendingPathComponent("Tests/VisualRegression/Scripts").path
    let goldens = packageRoot.appendingPathComponent("Tests/VisualRegression/Goldens").path
    let slowerFling = writeTemporary(#"{"version": 1, "scrolling": {"decelerationRate": 0.997}}"#, name: "decelerate.json")

    /// feed's and header's goldens, which a deceleration rate of 0.997 fails.
    func goldensOfTwoScripts() throws -> String {
        try VerifyCommandTests().temporaryGoldens(copying: [
            "feed-0000.000.png", "feed-0000.500.png", "feed-0003.400.png", "feed-0005.000.png", "feed.motion.jsonl",
            "header-0000.000.png", "header-0000.600.png", "header-0002.300.png", "header-0004.500.png", "header.motion.jsonl",
        ])
    }

    func verify(_ folder: String, _ extra: [String]) throws -> Outcome {
        try parallax(["verify", "--script", scripts + "/feed.json", scripts + "/header.json", "--goldens", folder, "--diffs", folder + "/diffs",
                      "--config", slowerFling] + extra)
    }

    @Test func theReportDrawsTheCurvesAndExportsWhatIsTickedWhichVerifyAcceptsAlone() throws {
        guard let chromium = which("chromium") ?? which("chromium-browser") else {
            try Test.cancel("chromium is not installed (scripts/install-deps --tests installs it): the report cannot be opened in a browser")
        }
        let folder = try goldensOfTwoScripts()
        let report = folder + "/report"
        let failing = try verify(folder, ["--record", "never", "--report", report])
        #expect(failing.status == 1, "\(failing.stderr)")

        // The page as Chromium builds it, with two changes ticked by the link.
        let ticked = ["feed.motion.jsonl", "feed-0000.500.png"]
        let browser = [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--user-data-dir=" + folder + "/chromium-profile", "--dump-dom",
                       "file://" + report + "/index.html#accept=" + ticked.joined(separator: ",")]
        let dom = try run(browser[0], Array(browser.dropFirst()))
        #expect(dom.status == 0, "\(dom.stderr)")
        #expect(dom.stdout.contains("data-motion-failures=\"2\""), "\(dom.stdout.prefix(300))")
        #expect(dom.stdout.contains("<button type=\"button\" id=\"export-approvals\">Download approvals.json</button>"))

        // The feed's offset.y curve: the golden's and the run's values, a point a frame, and the
        // divergence at the first frame after the release.
        let golden = try String(contentsOfFile: folder + "/feed.motion.jsonl", encoding: .utf8)
        let frames = golden.split(separator: "\n").count - 1
        let figure = try #require(dom.stdout.components(separatedBy: "<figure class=\"curve\" data-quantity=\"offset.y\">").dropFirst().first?
            .components(separatedBy: "</figure>").first)
        let paths = figure.components(separatedBy: " d=\"").dropFirst().map { $0.prefix { $0 != "\"" } }
        #expect(paths.count == 2)
        for d in paths {
            let points: Int = d.filter { (c: Character) -> Bool in c == "M" || c == "L" }.count
            #expect(points == frames, "\(d.prefix(80))")
        }
        #expect(paths[0] != paths[1])
        #expect(figure.contains("first differs at frame 19 (0.317 s)"))
        // The filmstrip around it: frames 17 to 22 drawn under the golden's settings and this run's,
        // which differ from frame 19 on and not before.
        #expect(dom.stdout.contains("<table class=\"filmstrip\">") && dom.stdout.contains("<div class=\"blink\">"))
        for frame in 17...22 {
            let stem = report + "/images/feed.motion." + String(format: "%04d", frame)
            let expected = try PixelImage.load(path: stem + ".expected.png"), actual = try PixelImage.load(path: stem + ".actual.png")
            #expect((expected == actual) == (frame < 19), "frame \(frame)")
            #expect(FileManager.default.fileExists(atPath: stem + ".diff.png"))
        }

        // What the export button downloads, as the page's script built it.
        let approvalsText = try #require(dom.stdout.components(separatedBy: "<pre id=\"approvals-json\">").dropFirst().first?.components(separatedBy: "</pre>").first)
        #expect(approvalsText == #"{"version":1,"accept":["feed.motion.jsonl","feed-0000.500.png"]}"#)
        let approvals = folder + "/approvals.json"
        try approvalsText.write(toFile: approvals, atomically: true, encoding: .utf8)

        // Accepting re-records those two and nothing else: header's still fail, and stay as they were.
        let before = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".png") || $0.hasSuffix(".jsonl") }
            .reduce(into: [String: Data]()) { $0[$1] = FileManager.default.contents(atPath: folder + "/" + $1) }
        let accepting = try verify(folder, ["--accept", approvals])
        #expect(accepting.status == 1, "\(accepting.stdout)")
        for (name, data) in before {
            let now = FileManager.default.contents(atPath: folder + "/" + name)
            #expect((now != data) == ticked.contains(name), "\(name)")
        }
        #expect(accepting.stdout.contains("recorded \(folder)/feed.motion.jsonl"))
        let again = try verify(folder, ["--record", "never"])
        let rows = again.stdout.split(separator: "\n").map(String.init)
        #expect(rows.filter { $0.hasPrefix("feed.json") }.allSatisfy { $0.hasSuffix(" match") }, "\(again.stdout)")
        #expect(rows.contains { $0.hasPrefix("header.json") && $0.contains("MOTION DIFFERS") })
    }

    @Test func anApprovalOfNoGoldenOfTheseScriptsWritesNothing() throws {
        let folder = try goldensOfTwoScripts()
        let approvals = writeTemporary(#"{"version": 1, "accept": ["feed.motion.jsonl", "pager-0000.450.png"]}"#, name: "approvals.json")
        let outcome = try verify(folder, ["--accept", approvals])
        #expect(outcome.status == 2)
        #expect(outcome.errorLines == ["parallax: \(approvals): 'pager-0000.450.png' is no golden of these scripts"])
        #expect(FileManager.default.contents(atPath: folder + "/feed.motion.jsonl") == FileManager.default.contents(atPath: goldens + "/feed.motion.jsonl"))
    }
}
