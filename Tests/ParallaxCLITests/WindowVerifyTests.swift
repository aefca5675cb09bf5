import Foundation
import ParallaxTestSupport
import ParallaxVisualRegression
import ParallaxSDL
import Testing
import ParallaxFrame

/// `parallax verify --window`: captures through a real window's renderer (OpenGL, Mesa's llvmpipe
/// under Xvfb) checked against the goldens SDL's software renderer recorded.
@Suite(.childProcesses) struct WindowVerifyTests {
    let goldens = packageRoot.path + "/Tests/VisualRegression/Goldens"
    func script(_ name: String) -> String { packageRoot.path + "/Tests/VisualRegression/Scripts/\(name).json" }
    /// docs/visual-regression.md, "Perceptual comparison, and the window's OpenGL frames": both renderers put photos and their edges on the same whole
    /// pixels, so past pixelmatch's 0.1 only a row or two of a fractional fill edge differs (up to
    /// 221 pixels, 0.05 %); the feed's margin 1 px wider moves 3,167 or more.
    let tolerance = ["--perceptual-threshold", "0.1", "--max-differing-fraction", "0.001"]

    /// Verdict column by capture time, for one script's rows.
    func verdicts(_ outcome: Outcome, script: String) -> [String: String] {
        var rows: [String: String] = [:]
        for line in outcome.stdout.split(separator: "\n") where line.hasPrefix(script + " ") {
            let columns = line.split(separator: " ", omittingEmptySubsequences: true)
            rows[String(columns[1])] = String(columns[4])
        }
        return rows
    }

    @Test func openGLCapturesMatchTheSoftwareGoldensPerceptuallyAndAOnePixelWiderMarginStillFails() throws {
        let server = try XServer.start()
        defer { server.stop() }
        let environment = server.environment
        let diffs = scratchURL("window-diffs").path

        // Pixel for pixel the window's frames are not the goldens: another rasteriser drew them.
        let exact = try parallax(["verify", "--window", "--script", script("feed"), "--goldens", goldens, "--diffs", diffs,
                                  "--record", "never"], environment: environment)
        #expect(exact.status == 1, "\(exact.stdout)\(exact.stderr)")
        #expect(verdicts(exact, script: "feed.json")["0.000"] == "MISMATCH,")

        let names = ["feed", "header", "header-refresh", "pager", "reduced-motion"]
        let perceptual = try parallax(["verify", "--window"] + tolerance + ["--script"] + names.map(script)
                                      + ["--goldens", goldens, "--diffs", diffs, "--record", "never"], environment: environment)
        #expect(perceptual.status == 0, "\(perceptual.stdout)\(perceptual.stderr)")
        let captures = names.map { verdicts(perceptual, script: $0 + ".json").keys.filter { $0 != "motion" }.count }
        #expect(captures == [4, 4, 4, 5, 2])
        // Motion is the virtual clock's in a window too: every script's matches its motion golden.
        #expect(names.allSatisfy { verdicts(perceptual, script: $0 + ".json")["motion"] == "match" }, "\(perceptual.stdout)")
        for name in names {
            #expect(verdicts(perceptual, script: name + ".json").values.allSatisfy { $0 == "match" }, "\(name)")
        }

        // `capture --window` writes what `verify --window` compares: at rest the feed's frame is
        // within 0.1 of the golden everywhere.
        let out = scratchURL("window-capture").path
        let capture = try parallax(["capture", "--window", "--script", script("feed"), "--at", "0", "--out", out], environment: environment)
        #expect(capture.status == 0, "\(capture.stderr)")
        let frame = try PixelImage.load(path: out + "/feed-0000.000.png")
        let golden = try PixelImage.load(path: goldens + "/feed-0000.000.png")
        let atRest = PixelComparison(expected: golden, actual: frame, tolerance: .init(perceptualThreshold: 0.1))
        #expect(atRest.differingPixels == 0 && atRest.largestChannelDelta > 0)

        // Goldens of the feed with its margin M one pixel wider (31 px), from the software renderer:
        // the window's frames at 30 px must fail them mid-fling and mid-drag.
        let wider = writeTemporary("{\"version\": 1, \"feed\": {\"maxShift\": 31}}", name: "margin31.json")
        let widerGoldens = wider.replacingOccurrences(of: "margin31.json", with: "goldens")
        let captured = try parallax(["capture", "--config", wider, "--script", script("feed"), "--out", widerGoldens])
        #expect(captured.status == 0, "\(captured.stderr)")
        let moved = try parallax(["verify", "--window"] + tolerance + ["--script", script("feed"), "--goldens", widerGoldens,
                                  "--diffs", diffs, "--record", "never"], environment: environment)
        #expect(moved.status == 1, "\(moved.stdout)\(moved.stderr)")
        let rows = verdicts(moved, script: "feed.json")
        #expect(rows["0.500"] == "MISMATCH," && rows["3.400"] == "MISMATCH,", "\(moved.stdout)")
    }
}

extension ArgumentAndFileErrorTests {
    @Test func aPerceptualThresholdOutsideZeroToOneIsAUsageError() throws {
        for value in ["1.5", "-0.1", "nan"] {
            let outcome = try parallax(["verify", "--perceptual-threshold=\(value)", "--script", "x.json", "--goldens", "/tmp"])
            #expect(outcome.status == 64, "\(value)")
            #expect(outcome.errorLines.first == "Error: --perceptual-threshold must be from 0 to 1", "\(value)")
        }
    }

    @Test func aWindowVerifyWithoutADisplaySaysSoInOneLine() throws {
        let scripts = packageRoot.path + "/Tests/VisualRegression/Scripts"
        let outcome = try parallax(["verify", "--window", "--script", scripts + "/feed.json", "--goldens", packageRoot.path + "/Tests/VisualRegression/Goldens",
                                    "--record", "never"], environment: environmentWithoutDisplay)
        #expect(outcome.status == 1)
        #expect(outcome.errorLines.count == 1 && outcome.errorLines.first?.hasPrefix("parallax: no display available") == true, "\(outcome.stderr)")
    }
}
