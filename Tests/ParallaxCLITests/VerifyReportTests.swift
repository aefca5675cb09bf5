import Foundation
import ParallaxFrame
#if canImport(FoundationXML)
import FoundationXML
#endif
import ParallaxTestSupport
import ParallaxVisualRegression
import ParallaxSDL
import Testing

/// `verify --jobs`, `--shard`, `--junit` and `--report` (docs/visual-regression.md, "Reports, JUnit, jobs and shards").
@Suite(.childProcesses) struct VerifyReportTests {
    let scripts = packageRoot.appendingPathComponent("Tests/VisualRegression/Scripts").path
    let goldens = packageRoot.appendingPathComponent("Tests/VisualRegression/Goldens").path

    /// Goldens for reduced-motion.json and header.json with two failures: reduced-motion's at 0.9 s is
    /// the pager's first frame (same size, other pixels) and header's at 2.3 s is missing.
    func goldensWithTwoFailures() throws -> String {
        let folder = try VerifyCommandTests().temporaryGoldens(copying: [
            "reduced-motion-0000.500.png", "header-0000.000.png", "header-0000.600.png", "header-0004.500.png",
        ])
        try FileManager.default.copyItem(atPath: goldens + "/pager-0000.000.png", toPath: folder + "/reduced-motion-0000.900.png")
        return folder
    }

    func tableRows(_ outcome: Outcome) -> [String] {
        Array(outcome.stdout.split(separator: "\n").map(String.init).dropFirst())
    }

    @Test func jobsAndShardsGiveThePlainRunsVerdicts() throws {
        let folder = try goldensWithTwoFailures()
        for time in ["0000.000", "0000.450", "0000.650", "0002.200", "0003.000"] {
            try FileManager.default.copyItem(atPath: goldens + "/pager-\(time).png", toPath: folder + "/pager-\(time).png")
        }
        // Not in file-name order: a shard must not depend on the order scripts are given in.
        let given = ["pager.json", "reduced-motion.json", "header.json"].map { scripts + "/" + $0 }
        let common = ["verify", "--script"] + given + ["--goldens", folder, "--diffs", folder + "/diffs", "--record", "never"]
        let plain = try parallax(common)
        let jobs = try parallax(common + ["--jobs", "2"])
        let first = try parallax(common + ["--shard", "1/2"])
        let second = try parallax(common + ["--shard", "2/2"])

        #expect(plain.status == 1, "\(plain.stderr)")
        #expect(tableRows(plain).count == 2 + 5 + 4)
        let failingRows: [String] = tableRows(plain).filter { !$0.hasSuffix(" match") }
        #expect(failingRows.count == 2, "\(plain.stdout)")
        #expect(jobs.status == 1, "\(jobs.stderr)")
        #expect(jobs.stdout == plain.stdout)
        // Sorted by file name: header, pager, reduced-motion; shard 1/2 takes the first and third.
        let firstScripts: Set<Substring> = Set(tableRows(first).map { $0.split(separator: " ")[0] })
        let secondScripts: Set<Substring> = Set(tableRows(second).map { $0.split(separator: " ")[0] })
        let firstExpected: Set<Substring> = ["header.json", "reduced-motion.json"], secondExpected: Set<Substring> = ["pager.json"]
        #expect(firstScripts == firstExpected)
        #expect(secondScripts == secondExpected)
        #expect(first.status == 1 && second.status == 0, "\(first.stderr) \(second.stderr)")
        #expect((tableRows(first) + tableRows(second)).sorted() == tableRows(plain).sorted())
    }

    @Test func aGoldenThatCannotBeReadGivesTheSameLineWithJobs() throws {
        let folder = try goldensWithTwoFailures()
        try Data("not a PNG".utf8).write(to: URL(fileURLWithPath: folder + "/header-0000.600.png"))
        let common = ["verify", "--script", scripts + "/reduced-motion.json", scripts + "/header.json", "--goldens", folder,
                      "--diffs", folder + "/diffs", "--record", "never"]
        let plain = try parallax(common)
        let jobs = try parallax(common + ["--jobs", "2"])
        #expect(plain.status == 1)
        #expect(plain.errorLines.count == 1)
        #expect(plain.errorLines.first?.hasPrefix("parallax: \(folder)/header-0000.600.png cannot be decoded") == true, "\(plain.stderr)")
        #expect(jobs.status == plain.status)
        #expect(jobs.errorLines == plain.errorLines)
    }

    @Test(arguments: [
        (["--shard", "3/2"], "parallax: --shard 3/2: must be i/n with n at least 1 and i from 1 to n"),
        (["--shard", "0/2"], "parallax: --shard 0/2: must be i/n with n at least 1 and i from 1 to n"),
        (["--shard", "1/0"], "parallax: --shard 1/0: must be i/n with n at least 1 and i from 1 to n"),
        (["--shard", "half"], "parallax: --shard half: must be i/n with n at least 1 and i from 1 to n"),
        (["--jobs", "0"], "parallax: --jobs 0: must be at least 1"),
    ])
    func badShardsAndJobsGiveOneLine(arguments: [String], line: String) throws {
        let outcome = try parallax(["verify", "--script", scripts + "/reduced-motion.json", "--goldens", goldens] + arguments)
        #expect(outcome.status == 64)
        #expect(outcome.errorLines == [line])
        #expect(outcome.stdout.isEmpty)
    }

    @Test func junitHasOneTestCasePerCaptureAndTheFailuresFigures() throws {
        let folder = try goldensWithTwoFailures()
        let junit = folder + "/junit.xml"
        let outcome = try parallax(["verify", "--script", scripts + "/reduced-motion.json", scripts + "/header.json", "--goldens", folder,
                                    "--diffs", folder + "/diffs", "--record", "never", "--junit", junit, "--jobs", "2"])
        #expect(outcome.status == 1, "\(outcome.stderr)")

        let document = try XMLDocument(contentsOf: URL(fileURLWithPath: junit))
        let root = try #require(document.rootElement())
        #expect(root.name == "testsuites")
        #expect(root.attribute(forName: "tests")?.stringValue == "6")
        #expect(root.attribute(forName: "failures")?.stringValue == "2")
        let suites = root.elements(forName: "testsuite")
        let suiteNames: [String?] = suites.map { $0.attribute(forName: "name")?.stringValue }
        let expectedSuiteNames: [String?] = ["reduced-motion.json", "header.json"]
        #expect(suiteNames == expectedSuiteNames)
        #expect(suites.map { $0.elements(forName: "testcase").count } == [2, 4])
        let cases = suites.flatMap { $0.elements(forName: "testcase") }
        #expect(cases.map { $0.attribute(forName: "name")?.stringValue ?? "" } == [
            "reduced-motion-0000.500", "reduced-motion-0000.900", "header-0000.000", "header-0000.600", "header-0002.300", "header-0004.500",
        ])
        let failures = cases.map { $0.elements(forName: "failure").first }
        #expect(failures.map { $0 != nil } == [false, true, false, false, true, false])

        // The mismatch's figures, against a comparison of the golden with the frame verify kept.
        let mismatch = try #require(failures[1])
        let actualPath = folder + "/diffs/reduced-motion-0000.900.actual.png"
        let comparison = PixelComparison(expected: try PixelImage.load(path: goldens + "/pager-0000.000.png"),
                                         actual: try PixelImage.load(path: actualPath))
        #expect(comparison.differingPixels > 0)
        #expect(mismatch.attribute(forName: "type")?.stringValue == "mismatch")
        let message = mismatch.attribute(forName: "message")?.stringValue ?? ""
        #expect(message.hasPrefix("\(comparison.differingPixels) of 400000 pixels differ"), "\(message)")
        #expect(message.contains("largest channel delta \(comparison.largestChannelDelta);"), "\(message)")
        let diffPath = folder + "/diffs/reduced-motion-0000.900.diff.png"
        #expect(mismatch.stringValue?.contains("diff: \(diffPath)") == true, "\(mismatch.stringValue ?? "")")
        #expect(FileManager.default.fileExists(atPath: diffPath))

        let missing = try #require(failures[4])
        #expect(missing.attribute(forName: "type")?.stringValue == "missing")
        #expect(missing.attribute(forName: "message")?.stringValue == "no golden at \(folder)/header-0002.300.png")
    }

    @Test func theReportListsTheFailuresFirstInChromium() throws {
        guard let chromium = which("chromium") ?? which("chromium-browser") else {
            try Test.cancel("chromium is not installed (scripts/install-deps --tests installs it): the report cannot be opened in a browser")
        }
        let folder = try goldensWithTwoFailures()
        let report = folder + "/report"
        let outcome = try parallax(["verify", "--script", scripts + "/header.json", scripts + "/reduced-motion.json", "--goldens", folder,
                                    "--diffs", folder + "/diffs", "--record", "never", "--report", report])
        #expect(outcome.status == 1, "\(outcome.stderr)")
        for picture in ["reduced-motion-0000.900.expected.png", "reduced-motion-0000.900.actual.png", "reduced-motion-0000.900.diff.png",
                        "header-0000.000.expected.png"] {
            #expect(FileManager.default.fileExists(atPath: report + "/images/" + picture), "\(picture)")
        }

        let page = "file://" + report + "/index.html"
        let browser = [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                       "--user-data-dir=" + folder + "/chromium-profile"]
        let dom = try run(browser[0], Array(browser.dropFirst()) + ["--dump-dom", page])
        #expect(dom.status == 0, "\(dom.stderr)")
        // Set by the page's script, counting the failed sections it finds: the script ran.
        #expect(dom.stdout.contains("<body data-failures=\"2\" data-motion-failures=\"0\">"), "\(dom.stdout.prefix(400))")
        let sections = dom.stdout.components(separatedBy: "<section class=\"capture ").dropFirst().map { String($0.prefix(60)) }
        #expect(sections.count == 6)
        // Failures first, in the order given: header's missing golden, then reduced-motion's mismatch.
        #expect(sections.first?.hasPrefix("failed\" id=\"capture-header-0002.300\"") == true, "\(sections)")
        #expect(sections.dropFirst().first?.hasPrefix("failed\" id=\"capture-reduced-motion-0000.900\"") == true, "\(sections)")
        #expect(sections.dropFirst(2).allSatisfy { $0.hasPrefix("passed") }, "\(sections)")

        // The screenshot shows the diff: a large area of the pure red that marks differing pixels.
        let screenshot = folder + "/report.png"
        let shot = try run(browser[0], Array(browser.dropFirst()) + ["--window-size=1280,1600", "--screenshot=" + screenshot, page])
        #expect(shot.status == 0, "\(shot.stderr)")
        let image = try PixelImage.load(path: screenshot)
        #expect(image.width == 1280 && image.height == 1600, "\(image.width)x\(image.height)")
        var red = 0
        for i in stride(from: 0, to: image.bytes.count, by: 3) where image.bytes[i] > 240 && image.bytes[i + 1] < 16 && image.bytes[i + 2] < 16 {
            red += 1
        }
        // The diff is shown about 400 px wide (a third of the page), so about 400x250 red pixels.
        #expect(red > 50_000, "\(red) red pixels")
    }
}
