import Foundation
import Logging
import ParallaxEngine
import ParallaxFrame
import ParallaxSDL

/// Replays scripts headless and compares each capture's decoded pixels with a golden PNG, writing a
/// diff (changed pixels red over the dimmed frame) and expected | actual | diff side by side for
/// every mismatch; and every frame's motion with the script's motion golden, where there is one
/// (`MotionTimeline`, `MotionComparison`). The driver `parallax verify` runs, and what a Swift test
/// can call with its own scene.
public struct Verify {
    /// Which goldens to write instead of comparing.
    public enum Recording: String, Sendable, CaseIterable {
        /// Write goldens that do not exist yet; compare the others.
        case missing
        /// Rewrite every golden.
        case all
        /// Write nothing: a missing golden fails.
        case never
    }

    public struct Verdict: Sendable {
        public enum Outcome: Sendable, Equatable { case matched, mismatched, sizeMismatch, missing, recorded }
        public var name: String
        public var time: Double
        public var golden: String
        public var outcome: Outcome
        public var comparison: PixelComparison?
        /// The side-by-side picture written for a mismatch.
        public var sideBySide: String?
        /// The captured frame and the diff picture written for a mismatch (no diff when sizes differ).
        public var actual: String?
        public var diff: String?
        public var passed: Bool { outcome == .matched || outcome == .recorded }
    }

    /// A script's motion against `<goldens>/<name>.motion.jsonl`.
    public struct MotionVerdict: Sendable {
        public enum Outcome: Sendable, Equatable {
            case matched, mismatched, recorded
            /// The golden cannot be read: `problem` names the file and the line.
            case unreadable(problem: String)
        }
        public var name: String
        public var golden: String
        public var outcome: Outcome
        public var comparison: MotionComparison?
        /// What a person reads: the differences, the input before them and the summary; for a match,
        /// a note on another physics model, if any.
        public var lines: [String] = []
        /// The run's motion, written beside the diffs when it differs.
        public var actual: String?
        public var passed: Bool { outcome == .matched || outcome == .recorded }
    }

    /// A script's verdicts: one a capture time, and its motion's where it has (or now records) a motion golden.
    public struct ScriptVerdicts: Sendable {
        public var captures: [Verdict]
        public var motion: MotionVerdict?
        public var passed: Bool { captures.allSatisfy(\.passed) && motion?.passed != false }
    }

    public var goldensFolder: String
    public var tolerance: PixelComparison.Tolerance
    public var recording: Recording
    /// Where diff pictures go.
    public var diffsFolder: String
    public var resourcesFolder: String
    public var logger: Logger
    /// `.headless` (SDL's software renderer, as goldens are recorded) or `.window`: a real window and
    /// its renderer (OpenGL where there is one), read back; compare those with a perceptual threshold.
    public var mode: SDLVideo.Mode = .headless
    /// The frame-time panel a script with `"overlay": true` is captured with.
    public var makeOverlay: ((TextMeasuring) -> FrameOverlay)?
    /// Motion tolerances in place of a script's own and the defaults (`--motion-tolerance`).
    public var motionTolerance: [MotionKind: Double] = [:]
    /// What the scene is made with, kept in the motion golden (`MotionTimeline.settings`): for the
    /// playground its config file's fields.
    public var motionSettings: JSONValue?
    /// Goldens to write whatever `recording` says, by file name (`feed-0000.500.png`,
    /// `feed.motion.jsonl`): the changes a reviewer accepted (`verify --accept`).
    public var accepted: Set<String> = []

    /// Whether to write the golden `file` at `path` rather than compare with it.
    func records(_ file: String, at path: String) -> Bool {
        recording == .all || accepted.contains(file) || (recording == .missing && !FileManager.default.fileExists(atPath: path))
    }

    public init(goldensFolder: String, resourcesFolder: String, tolerance: PixelComparison.Tolerance = .init(),
                recording: Recording = .never, diffsFolder: String, logger: Logger = Logger(label: "parallax.verify")) {
        self.goldensFolder = goldensFolder
        self.resourcesFolder = resourcesFolder
        self.tolerance = tolerance
        self.recording = recording
        self.diffsFolder = diffsFolder
        self.logger = logger
    }

    /// Captures `script` (its size, else 1280x800) with the scene `makeScene` builds and checks every
    /// capture time against `<goldens>/<name>-<time>.png`, drawn by a `Canvas` in `mode`, and every
    /// frame's motion against `<goldens>/<name>.motion.jsonl`.
    public func verify(name: String, script: InputScript,
                       makeScene: (_ viewport: Size, _ environment: SceneEnvironment) -> Scene) throws -> ScriptVerdicts {
        let canvas = try Canvas(title: name, size: script.size ?? InputScript.defaultSize, resourcesFolder: resourcesFolder, mode: mode,
                                logger: logger)
        // Every capture complete, in a window too: no placeholder while a photo decodes.
        canvas.photos.decodesSynchronously = true
        return try verify(name: name, script: script, target: canvas, makeScene: makeScene)
    }

    /// The same, drawn by `target` (of the script's size; goldens recorded by `Canvas` match only a
    /// target that draws the same pixels).
    public func verify(name: String, script: InputScript, target: any RenderTarget,
                       makeScene: (_ viewport: Size, _ environment: SceneEnvironment) -> Scene) throws -> ScriptVerdicts {
        let driver = SceneDriver(scene: makeScene(target.logicalSize, target.environment), script: script.events)
        var verdicts: [Verdict] = []
        let motion = MotionRecorder()
        let overlay = script.overlay ? makeOverlay?(target.environment.text) : nil
        try Capture.frames(target: target, driver: driver, captures: script.captures.isEmpty ? [0] : script.captures, overlay: overlay,
                           onFrame: { _, _, _, _, scene in motion.observe(scene) }) { time, actual in
            verdicts.append(try check(name: name, time: time, actual: actual))
        }
        var timeline = motion.timeline(script: name)
        timeline?.settings = motionSettings
        return ScriptVerdicts(captures: verdicts, motion: try timeline.flatMap { try checkMotion(name: name, script: script, actual: $0) })
    }

    /// The motion golden's path for a script.
    public func motionGolden(name: String) -> String { goldensFolder + "/" + name + ".motion.jsonl" }

    func checkMotion(name: String, script: InputScript, actual: MotionTimeline) throws -> MotionVerdict? {
        let golden = motionGolden(name: name)
        var verdict = MotionVerdict(name: name, golden: golden, outcome: .matched)
        if records(name + ".motion.jsonl", at: golden) {
            try write(actual.text, to: golden)
            verdict.outcome = .recorded
            return verdict
        }
        // A script without a motion golden has its pictures checked alone.
        guard FileManager.default.fileExists(atPath: golden) else { return nil }
        let expected: MotionTimeline
        do throws(InputFileError) {
            expected = try MotionTimeline.load(path: golden)
        } catch {
            verdict.outcome = .unreadable(problem: error.description)
            verdict.lines = [error.description]
            return verdict
        }
        let tolerance = MotionTolerance.standard.overriding(script.motionTolerance).overriding(motionTolerance)
        let comparison = MotionComparison(expected: expected, actual: actual, tolerance: tolerance, events: script.events)
        verdict.comparison = comparison
        verdict.lines = comparison.verdict(golden: golden)
        guard !comparison.passed else { return verdict }
        verdict.outcome = .mismatched
        let path = diffsFolder + "/" + name + ".motion.actual.jsonl"
        try write(actual.text, to: path)
        verdict.actual = path
        return verdict
    }

    private func write(_ text: String, to path: String) throws {
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        } catch {
            throw MotionFileError(path: path)
        }
    }

    /// A motion file that cannot be written.
    public struct MotionFileError: Error, CustomStringConvertible {
        public var path: String
        public var description: String { "\(path): cannot write the file" }
    }

    func check(name: String, time: Double, actual: PixelImage) throws -> Verdict {
        let file = Capture.fileName(base: name, time: time)
        let golden = goldensFolder + "/" + file
        var verdict = Verdict(name: name, time: time, golden: golden, outcome: .matched)
        if records(file, at: golden) {
            try actual.savePNG(path: golden)
            verdict.outcome = .recorded
            return verdict
        }
        guard FileManager.default.fileExists(atPath: golden) else {
            verdict.outcome = .missing
            return verdict
        }
        let expected = try PixelImage.load(path: golden)
        let comparison = PixelComparison(expected: expected, actual: actual, tolerance: tolerance)
        verdict.comparison = comparison
        guard !comparison.passed else { return verdict }
        verdict.outcome = comparison.sizesMatch ? .mismatched : .sizeMismatch
        let stem = diffsFolder + "/" + String(file.dropLast(4))
        try actual.savePNG(path: stem + ".actual.png")
        verdict.actual = stem + ".actual.png"
        if comparison.sizesMatch {
            let diff = PixelComparison.diffImage(expected: expected, actual: actual, tolerance: tolerance)
            try diff.savePNG(path: stem + ".diff.png")
            verdict.diff = stem + ".diff.png"
            try PixelComparison.sideBySide([expected, actual, diff]).savePNG(path: stem + ".side-by-side.png")
            verdict.sideBySide = stem + ".side-by-side.png"
        } else {
            try PixelComparison.sideBySide([expected, actual]).savePNG(path: stem + ".side-by-side.png")
            verdict.sideBySide = stem + ".side-by-side.png"
        }
        return verdict
    }
}
