import Foundation
import Logging
import ParallaxEngine
import ParallaxFrame
import ParallaxSDL

/// Replays scripts headless and compares each capture's decoded pixels with a golden PNG, writing a
/// diff (changed pixels red over the dimmed frame) and expected | actual | diff side by side for
/// every mismatch. The driver `parallax verify` runs, and what a Swift test can call with its own scene.
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
    /// capture time against `<goldens>/<name>-<time>.png`, drawn by a `Canvas` in `mode`.
    public func verify(name: String, script: InputScript,
                       makeScene: (_ viewport: Size, _ environment: SceneEnvironment) -> Scene) throws -> [Verdict] {
        let canvas = try Canvas(title: name, size: script.size ?? InputScript.defaultSize, resourcesFolder: resourcesFolder, mode: mode,
                                logger: logger)
        // Every capture complete, in a window too: no placeholder while a photo decodes.
        canvas.textures.decodesSynchronously = true
        return try verify(name: name, script: script, target: canvas, makeScene: makeScene)
    }

    /// The same, drawn by `target` (of the script's size; goldens recorded by `Canvas` match only a
    /// target that draws the same pixels).
    public func verify(name: String, script: InputScript, target: any RenderTarget,
                       makeScene: (_ viewport: Size, _ environment: SceneEnvironment) -> Scene) throws -> [Verdict] {
        let driver = SceneDriver(scene: makeScene(target.logicalSize, target.environment), script: script.events)
        var verdicts: [Verdict] = []
        let overlay = script.overlay ? makeOverlay?(target.environment.text) : nil
        try Capture.frames(target: target, driver: driver, captures: script.captures.isEmpty ? [0] : script.captures, overlay: overlay) { time, actual in
            verdicts.append(try check(name: name, time: time, actual: actual))
        }
        return verdicts
    }

    func check(name: String, time: Double, actual: PixelImage) throws -> Verdict {
        let file = Capture.fileName(base: name, time: time)
        let golden = goldensFolder + "/" + file
        var verdict = Verdict(name: name, time: time, golden: golden, outcome: .matched)
        let exists = FileManager.default.fileExists(atPath: golden)
        if recording == .all || (recording == .missing && !exists) {
            try actual.savePNG(path: golden)
            verdict.outcome = .recorded
            return verdict
        }
        guard exists else {
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
