import Foundation
import Logging
import Testing
import ParallaxTestSupport
@testable import ParallaxEngine
import ParallaxFrame
@testable import ParallaxScenes
@testable import ParallaxVisualRegression
@testable import ParallaxSDL

let regressionFolder = packageRoot.appendingPathComponent("Tests/VisualRegression").path

func regressionScript(_ name: String) throws -> InputScript {
    try InputScript.load(path: "\(regressionFolder)/Scripts/\(name).json", knownScenes: SceneRegistry.standard.names)
}

func checker(goldens: String = regressionFolder + "/Goldens", recording: Verify.Recording = .never,
             tolerance: PixelComparison.Tolerance = .init()) -> (Verify, diffs: String) {
    let diffs = temporaryFolder()
    var verify = Verify(goldensFolder: goldens, resourcesFolder: resourcesFolder, tolerance: tolerance, recording: recording,
                        diffsFolder: diffs, logger: Logger(label: "test"))
    verify.makeOverlay = { FrameTimeOverlay(text: $0) }
    return (verify, diffs)
}

func playground(_ script: InputScript, options: SceneRegistry.Options = .init()) -> (Size, SceneEnvironment) -> Scene {
    var options = options
    options.clockAtStart = script.clock ?? .scriptDefault
    options.settings.physics = script.physics ?? options.settings.physics
    return { viewport, environment in SceneRegistry.standard.make(script.scene ?? "feed", viewport: viewport, options: options, environment: environment)! }
}

/// Where a change of the feed's photos alone may show: inside the photo columns, or under the 56 px bar
/// within its material's reach of it (a 12 px cell averages what is under it and, scaled back up
/// linearly, spreads over 24 px: Theme.barBlur).
func showsAPhotoChange(x: Int, y: Int, layout: FeedLayout) -> Bool {
    let reach = Double(y) < Playground.barHeight ? 24.0 : 0
    return Double(x) >= layout.columnX - reach && Double(x) < layout.columnX + layout.contentWidth + reach
}

extension SDLTests {
    @Suite struct VerifyTests {
        /// Every script under Tests/VisualRegression/Scripts: a new one is checked once it is there.
        static let scripts = ((try? FileManager.default.contentsOfDirectory(atPath: regressionFolder + "/Scripts")) ?? [])
            .filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()

        @Test func theScriptsAreFound() { #expect(Self.scripts.count >= 17, "\(Self.scripts)") }

        @Test(arguments: scripts)
        func everySceneMatchesItsGoldens(name: String) throws {
            let script = try regressionScript(name)
            let verdicts = try checker().0.verify(name: name, script: script, makeScene: playground(script))
            #expect(verdicts.captures.count == script.captures.count)
            for v in verdicts.captures {
                #expect(v.outcome == .matched, "\(name) at \(v.time): \(v.outcome), \(v.comparison?.differingPixels ?? -1) pixels differ")
            }
            // Every frame's motion too: each bundled script has its motion golden.
            let motion = try #require(verdicts.motion, "\(name) has no motion golden")
            #expect(motion.outcome == .matched, "\(motion.lines.joined(separator: "\n"))")
        }

        @Test func aOnePixelChangeOfTheFeedsMarginFailsWithADiffThatShowsWhere() throws {
            let script = try regressionScript("feed")
            var options = SceneRegistry.Options()
            options.settings[.feedMaxShift] = 31
            let (check, diffs) = checker()
            let verdicts = try check.verify(name: "feed", script: script, makeScene: playground(script, options: options)).captures
            let failed = verdicts.filter { $0.outcome == .mismatched }
            #expect(!failed.isEmpty)
            let layout = FeedLayout(settings: FeedSettings(), viewport: script.size!)
            for v in failed {
                #expect(v.comparison!.differingPixels > 0)
                let diff = try PixelImage.load(path: diffs + "/" + Capture.fileName(base: "feed", time: v.time).dropLast(4) + ".diff.png")
                var red = 0
                for y in 0..<diff.height {
                    for x in 0..<diff.width where diff[x, y] == (255, 0, 0) {
                        red += 1
                        #expect(showsAPhotoChange(x: x, y: y, layout: layout), "changed pixel at \(x),\(y)")
                    }
                }
                #expect(red == v.comparison!.differingPixels)
                let sideBySide = try PixelImage.load(path: v.sideBySide!)
                #expect(sideBySide.width == 3 * 800 + 16 && sideBySide.height == 500)
            }
        }

        @Test func aMissingGoldenFailsUnderNeverAndIsWrittenUnderMissing() throws {
            let script = try regressionScript("pager")
            // Tests/VisualRegression/Scripts/pager.json captures at these five times.
            let names = ["0000.000", "0000.450", "0000.650", "0002.200", "0003.000"].map { "pager-\($0).png" }
            #expect(script.captures == [0, 0.45, 0.65, 2.2, 3])
            let empty = temporaryFolder()
            let missing = try checker(goldens: empty, recording: .never).0.verify(name: "pager", script: script, makeScene: playground(script))
            #expect(missing.captures.count == 5 && missing.captures.allSatisfy { $0.outcome == .missing && !$0.passed })
            // Without a motion golden the motion is not checked, and nothing is written.
            #expect(missing.motion == nil && !missing.passed)
            #expect(try FileManager.default.contentsOfDirectory(atPath: empty).isEmpty)
            let recorded = try checker(goldens: empty, recording: .missing).0.verify(name: "pager", script: script, makeScene: playground(script))
            #expect(recorded.captures.count == 5 && recorded.captures.allSatisfy { $0.outcome == .recorded && $0.passed })
            #expect(recorded.motion?.outcome == .recorded)
            #expect(try FileManager.default.contentsOfDirectory(atPath: empty).sorted() == names + ["pager.motion.jsonl"])
            let again = try checker(goldens: empty, recording: .never).0.verify(name: "pager", script: script, makeScene: playground(script))
            #expect(again.captures.count == 5 && again.captures.allSatisfy { $0.outcome == .matched })
            #expect(again.motion?.outcome == .matched && again.passed)
        }

        @Test func aGoldenOfAnotherSizeIsReportedNotCrashedOn() throws {
            var script = try regressionScript("feed")
            script.captures = [0]
            let goldens = temporaryFolder()
            try PixelImage(width: 320, height: 200).savePNG(path: goldens + "/feed-0000.000.png")
            let verdicts = try checker(goldens: goldens).0.verify(name: "feed", script: script, makeScene: playground(script)).captures
            #expect(verdicts.count == 1)
            #expect(verdicts[0].outcome == .sizeMismatch)
            let comparison = try #require(verdicts[0].comparison)
            #expect(comparison.expectedSize == (320, 200))
            #expect(comparison.actualSize == (800, 500))
        }

        @Test func verifyDrawsWithTheRenderTargetItIsGiven() throws {
            var script = try regressionScript("feed")
            script.captures = [0, 0.5]
            let goldens = temporaryFolder()
            // The null target's frames are black at its own size; the feed drawn by a canvas is not.
            for name in ["feed-0000.000.png", "feed-0000.500.png"] {
                try PixelImage(width: 320, height: 200).savePNG(path: goldens + "/" + name)
            }
            let target = NullRenderTarget(size: Size(width: 320, height: 200))
            var viewports: [Size] = []
            let verdicts = try checker(goldens: goldens).0.verify(name: "feed", script: script, target: target) { viewport, environment in
                viewports.append(viewport)
                return playground(script)(viewport, environment)
            }.captures
            #expect(verdicts.map(\.outcome) == [.matched, .matched])
            #expect(viewports == [Size(width: 320, height: 200)])
            #expect(target.draws == 2)
            #expect(target.lastList.map { !$0.commands.isEmpty } == true)
        }

        @Test func toleranceLetsSmallDifferencesPass() {
            var a = PixelImage(width: 10, height: 10), b = PixelImage(width: 10, height: 10)
            for i in a.bytes.indices { a.bytes[i] = 100; b.bytes[i] = 100 }
            b.bytes[0] = 103          // one pixel off by 3
            b.bytes[30] = 200         // one pixel off by 100
            let strict = PixelComparison(expected: a, actual: b)
            #expect(strict.differingPixels == 2 && strict.largestChannelDelta == 100 && !strict.passed)
            let loose = PixelComparison(expected: a, actual: b, tolerance: .init(maxChannelDelta: 5, maxDifferingFraction: 0.01))
            #expect(loose.differingPixels == 1 && loose.passed)
        }
    }
}
