import Foundation
import Testing
import ParallaxTestSupport
@testable import ParallaxEngine
import ParallaxFrame
@testable import ParallaxScenes
@testable import ParallaxVisualRegression
@testable import ParallaxSDL

/// A timeline of one scene, "offset.y" following `offsets` (and the phase idle where it stops moving).
func offsetTimeline(_ offsets: [Double], extra: [String: [Double]] = [:]) -> MotionTimeline {
    let samples = offsets.indices.map { f in
        MotionSample(scene: "feed", physics: "uikit", phase: f > 0 && offsets[f] == offsets[f - 1] ? .idle : .decelerating,
                     values: [.init("offset.y", offsets[f])] + extra.keys.sorted().map { .init($0, extra[$0]![f]) })
    }
    return MotionTimeline(script: "synthetic", samples: samples)
}

extension SDLTests {
    @Suite struct MotionGoldenTests {
        let feedGolden = regressionFolder + "/Goldens/feed.motion.jsonl"

        @Test func aGoldenReadsBackAsItWasWritten() throws {
            let data = try #require(FileManager.default.contents(atPath: feedGolden))
            let timeline = try MotionTimeline.parse(data, file: feedGolden)
            #expect(timeline.text == String(decoding: data, as: UTF8.self))
            let script = try regressionScript("feed")
            // Every frame of the timeline: to the last capture at 5 s, 60 a second.
            #expect(timeline.frameCount == Capture.frameIndex(for: script.captures.max()!) + 1)
            #expect(timeline.quantities["feed"] == ["offset.y", "velocity.y", "phase", "items[index].y", "items[index].shift"])
        }

        @Test func aRunsMotionIsTheSameTwice() throws {
            let script = try regressionScript("pager")
            let goldens = temporaryFolder()
            for _ in 0..<2 {
                let verdicts = try checker(goldens: goldens, recording: .missing).0.verify(name: "pager", script: script, makeScene: playground(script))
                #expect(verdicts.motion.map(\.passed) == true)
            }
            // The frames of the package's golden (which `parallax verify` recorded, its header with the settings).
            let recorded = try MotionTimeline.load(path: goldens + "/pager.motion.jsonl")
            #expect(recorded.frames == (try MotionTimeline.load(path: regressionFolder + "/Goldens/pager.motion.jsonl")).frames)
            #expect(recorded.settings == nil)
        }

        /// Each kind of damage is one error naming the file and the line, never a crash.
        @Test(arguments: [
            ("truncated", "line 302: not valid JSON"),
            ("reordered", "line 12: frame 11 where frame 10 belongs"),
            ("garbage", "line 41: not valid JSON"),
            ("wrong type", "line 31: offset.y: must be a number, found a string"),
            ("lost lines", "line 253: the header says 301 frames, the file has 252"),
            ("empty", "line 1: empty"),
            ("unknown phase", "line 3: phase: 'spinning' is not a phase"),
        ])
        func aDamagedGoldenIsOneErrorNamingTheLine(damage: String, problem: String) throws {
            var lines = try String(contentsOfFile: feedGolden, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            switch damage {
            case "truncated": lines = Array(lines[..<301]) + [String(lines[301].prefix(20))]
            case "reordered": lines.swapAt(11, 12)
            case "garbage": lines[40] = "<<<<<<< HEAD"
            case "wrong type": lines[30] = lines[30].replacingOccurrences(of: "\"offset.y\":", with: "\"offset.y\":\"x\",\"was\":")
            case "lost lines": lines.removeLast(50)
            case "empty": lines = []
            default: lines[2] = lines[2].replacingOccurrences(of: "\"idle\"", with: "\"spinning\"")
            }
            let path = temporaryFolder() + "/feed.motion.jsonl"
            try lines.joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8)
            #expect(throws: InputFileError.self) { try MotionTimeline.load(path: path) }
            do {
                _ = try MotionTimeline.load(path: path)
            } catch {
                #expect(error.description.hasPrefix("\(path): \(problem)"), "\(error.description)")
            }
        }

        @Test func aGoldenWithFewerFramesThanTheTimelineFailsNamingBoth() throws {
            var script = try regressionScript("feed")
            script.captures = [5]
            let goldens = temporaryFolder()
            try PixelImage.load(path: regressionFolder + "/Goldens/feed-0005.000.png").savePNG(path: goldens + "/feed-0005.000.png")
            // A well-formed golden of the timeline's first 200 frames, as a shorter script recorded it.
            var short = try MotionTimeline.load(path: feedGolden)
            short.frames.removeLast(short.frameCount - 200)
            try short.text.write(toFile: goldens + "/feed.motion.jsonl", atomically: true, encoding: .utf8)
            let verdicts = try checker(goldens: goldens).0.verify(name: "feed", script: script, makeScene: playground(script))
            #expect(verdicts.captures.allSatisfy { $0.passed })
            let motion = try #require(verdicts.motion)
            #expect(motion.outcome == .mismatched && !verdicts.passed)
            // The frames they share agree.
            #expect(motion.comparison?.differences == [])
            let frames = Capture.frameIndex(for: 5) + 1
            #expect(motion.lines.contains("  frames: the golden has 200, the script's timeline \(frames) (re-record it: the script runs longer now)"),
                    "\(motion.lines)")
        }

        @Test func aCurveLateByWholeFramesIsCalledShiftedNotDifferent() {
            // offset.y eases out to 100 from frame 10; "shift.y" follows it, 2 frames late in the actual.
            let curve = (0..<60).map { (f: Int) -> Double in f < 10 ? 0 : 100 * (1 - exp(-Double(f - 10) / 8)) }
            let late = (0..<60).map { f in curve[max(0, f - 2)] }
            let early = (0..<60).map { f in curve[min(59, f + 1)] }
            let expected = offsetTimeline(curve, extra: ["shift.y": curve])
            let tolerance = MotionTolerance.standard
            let lateRun = MotionComparison(expected: expected, actual: offsetTimeline(curve, extra: ["shift.y": late]), tolerance: tolerance, events: [])
            #expect(lateRun.differences.map(\.quantity) == ["shift.y"])
            #expect(lateRun.differences.first?.shift == 2)
            #expect(lateRun.differences.first?.firstFrame == 11)
            #expect(lateRun.verdict(golden: "g").contains { $0.hasPrefix("  shift.y: shifted by 2 frames (late); first at frame 11") })
            let earlyRun = MotionComparison(expected: expected, actual: offsetTimeline(curve, extra: ["shift.y": early]), tolerance: tolerance, events: [])
            #expect(earlyRun.differences.first?.shift == -1)
            #expect(earlyRun.verdict(golden: "g").contains { $0.contains("shifted by 1 frame (early)") })
            // Scaled, not shifted: no shift fits.
            let scaled = MotionComparison(expected: expected, actual: offsetTimeline(curve, extra: ["shift.y": curve.map { $0 * 0.9 }]),
                                          tolerance: tolerance, events: [])
            #expect(scaled.differences.first?.shift == nil)
            #expect(scaled.differences.first?.differingFrames == 49)
        }

        @Test func theSummaryGivesLandingOvershootAndSettleAgainstTheirFormulas() {
            // From the input at 0.5 s (frame 30): expected eases to 300; actual overshoots to 330 and
            // settles at 320 from frame 90.
            let expected: [Double] = (0..<150).map { (f: Int) -> Double in
                let eased: Double = f < 30 ? 0 : 300 * (1 - exp(-Double(f - 30) / 5))
                return (eased * 100).rounded() / 100
            }
            let actual: [Double] = (0..<150).map { (f: Int) -> Double in
                if f < 30 { return 0 }
                if f < 60 { return Double(f - 30) * 11 }
                return f < 90 ? 330 - Double(f - 60) / 3 : 320
            }
            let events = [TimedInput(time: 0.5, event: .mouseUp(Point(x: 0, y: 0)))]
            let comparison = MotionComparison(expected: offsetTimeline(expected), actual: offsetTimeline(actual), tolerance: .standard, events: events)
            #expect(comparison.differences.first?.firstFrame == 31)
            #expect(comparison.inputBefore?.index == 0)
            let summary = comparison.summary
            #expect(summary?.start == 0.5 && summary?.end == 149.0 / 60)
            #expect(summary?.actual.landing == 320 && summary?.expected.landing == expected.last!)
            // 330 at frame 60 is 10 past the landing.
            #expect(summary?.actual.overshoot == 10 && summary?.expected.overshoot == 0)
            #expect(abs((summary?.actual.settle ?? 0) - (90.0 / 60 - 0.5)) < 1e-9)
            let lastMoving = expected.lastIndex { abs($0 - expected.last!) > MotionTolerance.standard[.offset] }!
            #expect(abs((summary?.expected.settle ?? 0) - (Double(lastMoving + 1) / 60 - 0.5)) < 1e-9)
            #expect(comparison.verdict(golden: "g").last?.contains("landing 320 px, expected \(expected.last!.formatted) px; peak overshoot 10 px, expected 0 px") == true,
                    "\(comparison.verdict(golden: "g"))")
        }

        @Test func velocitiesCompareRelativeToTheirSizeAndPositionsInPixels() {
            let t = MotionTolerance.standard
            #expect(t.accepts(2000, 2009, kind: .velocity) && !t.accepts(2000, 2011, kind: .velocity))
            // Near rest the floor applies.
            #expect(t.accepts(0.2, 1.1, kind: .velocity) && !t.accepts(0, 1.2, kind: .velocity))
            #expect(t.accepts(100, 100.05, kind: .offset) && !t.accepts(100, 100.06, kind: .offset))
            #expect(MotionTolerance.parseOverrides("offset=0.5, velocity=0.01") == .success([.offset: 0.5, .velocity: 0.01]))
            #expect(MotionTolerance.parseOverrides("speed=1") == .failure(.init(problem: "unknown kind 'speed' (kinds: offset, velocity, position, opacity, fraction)")))
            #expect(MotionTolerance.parseOverrides("offset=-1") == .failure(.init(problem: "'-1' is not a limit of at least 0 for offset")))
            #expect(MotionKind(quantity: "items[3].shift") == .position && MotionKind(quantity: "titleOpacity") == .opacity)
        }

        @Test func aScriptsOwnToleranceIsReadStrictly() throws {
            let good = try InputScript.parse(Data(#"{"version": 1, "events": [], "motionTolerance": {"offset": 0.5, "velocity": 0.02}}"#.utf8),
                                             file: "s.json", knownScenes: [])
            #expect(good.motionTolerance == [.offset: 0.5, .velocity: 0.02])
            #expect(try InputScript.parse(Data(good.jsonText.utf8), file: "s.json", knownScenes: []) == good)
            #expect(throws: InputFileError(file: "s.json", path: "motionTolerance.speed",
                                           problem: "unknown field (expected one of: fraction, offset, opacity, position, velocity)")) {
                try InputScript.parse(Data(#"{"version": 1, "events": [], "motionTolerance": {"speed": 1}}"#.utf8), file: "s.json", knownScenes: [])
            }
        }

        @Test func aScriptsToleranceLetsItsMotionPass() throws {
            var script = try regressionScript("feed")
            script.captures = [5]
            var options = SceneRegistry.Options()
            options.settings.oneFrameLate = true
            let goldens = temporaryFolder()
            try FileManager.default.copyItem(atPath: feedGolden, toPath: goldens + "/feed.motion.jsonl")
            try PixelImage.load(path: regressionFolder + "/Goldens/feed-0005.000.png").savePNG(path: goldens + "/feed-0005.000.png")
            let strict = try checker(goldens: goldens).0.verify(name: "feed", script: script, makeScene: playground(script, options: options))
            #expect(strict.motion?.outcome == .mismatched)
            // Only the cells' shifts, a frame late; a position tolerance as large as their largest difference lets them pass.
            let differences = try #require(strict.motion?.comparison?.differences)
            #expect(!differences.isEmpty && differences.allSatisfy { $0.quantity.hasSuffix(".shift") && $0.shift == 1 })
            let largest = try #require(differences.compactMap(\.largest).max())
            script.motionTolerance = [.position: largest]
            let loose = try checker(goldens: goldens).0.verify(name: "feed", script: script, makeScene: playground(script, options: options))
            #expect(loose.motion?.outcome == .matched, "\(loose.motion?.lines ?? [])")
            // And the command line's over the script's.
            var (check, _) = checker(goldens: goldens)
            check.motionTolerance = [.position: 0.05]
            #expect(try check.verify(name: "feed", script: script, makeScene: playground(script, options: options)).motion?.outcome == .mismatched)
        }
    }
}
