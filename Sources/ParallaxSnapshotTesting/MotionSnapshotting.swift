import Foundation
import ParallaxEngine
import ParallaxFrame
import ParallaxSDL
import ParallaxVisualRegression
import SnapshotTesting
@_spi(Internals) import SnapshotTesting

extension Snapshotting where Value == SnapshotScene, Format == String {
    /// Every frame's motion of `script`'s timeline (to its last capture time or event, on the virtual
    /// 60 Hz clock), as a motion golden keeps it: text, one line a frame
    /// (docs/visual-regression.md, "Motion goldens"), in `__Snapshots__/.../name.motion.jsonl`.
    /// Compared within `tolerance` (over the defaults and the script's own); a failure's message is
    /// the verdict: each quantity that differs from which frame, a curve shifted by whole frames,
    /// the input before, landing, overshoot and settling.
    public static func motion(script: InputScript, size: Size? = nil, tolerance: [MotionKind: Double] = [:]) -> Snapshotting {
        let limits = MotionTolerance.standard.overriding(script.motionTolerance).overriding(tolerance)
        return Snapshotting(pathExtension: "motion.jsonl", diffing: .motion(tolerance: limits, events: script.events)) { scene in
            record(scene, script: script, size: size)
        }
    }

    /// Replays the script headless and returns its motion's text; a failure to render, or a scene
    /// that says no motion (`Traceable`), is a test issue and an empty text.
    private static func record(_ scene: SnapshotScene, script: InputScript, size: Size?) -> String {
        do {
            let viewport = size ?? script.size ?? InputScript.defaultSize
            let target = try scene.target(viewport)
            let driver = SceneDriver(scene: scene.make(viewport, target.environment), script: script.events)
            let recorder = MotionRecorder()
            try Capture.frames(target: target, driver: driver, captures: script.captures.isEmpty ? [0] : script.captures,
                               onFrame: { _, _, _, _, scene in recorder.observe(scene) }) { _, _ in }
            guard let timeline = recorder.timeline(script: "snapshot") else {
                recordIssue("the scene says no motion: it is not Traceable", fileID: #fileID, filePath: #filePath, line: #line, column: #column)
                return ""
            }
            return timeline.text
        } catch {
            recordIssue("the scene's motion could not be recorded: \(error)", fileID: #fileID, filePath: #filePath, line: #line, column: #column)
            return ""
        }
    }
}

extension Diffing where Value == String {
    /// Motion timelines compared as `verify` compares them (`MotionComparison`), not byte for byte:
    /// within `tolerance`, with the verdict as the failure's message, and the line diff of the two
    /// texts attached, as the library's text strategies attach theirs.
    public static func motion(tolerance: MotionTolerance = .standard, events: [TimedInput] = []) -> Diffing {
        .diff(toData: { Data($0.utf8) }, fromData: { String(decoding: $0, as: UTF8.self) }) { reference, actual in
            guard reference != actual else { return nil }
            let lines = Diffing<String>.lines.diffV2(reference, actual)
            let verdict: [String]
            do throws(InputFileError) {
                let expected = try MotionTimeline.parse(Data(reference.utf8), file: "reference")
                let run = try MotionTimeline.parse(Data(actual.utf8), file: "new motion")
                let comparison = MotionComparison(expected: expected, actual: run, tolerance: tolerance, events: events)
                guard !comparison.passed else { return nil }
                verdict = comparison.verdict(golden: "the reference")
            } catch {
                verdict = [error.description]
            }
            return (verdict.joined(separator: "\n"), lines?.1 ?? [])
        }
    }
}
