import Foundation
import ParallaxEngine
import ParallaxFrame
import ParallaxVisualRegression
import ParallaxSDL
// Re-exported, so a test imports this module alone for `assertSnapshot`, and its package needs no
// dependency of its own on swift-snapshot-testing.
@_exported import SnapshotTesting
@_spi(Internals) import SnapshotTesting

/// A scene to snapshot: how to build it for a viewport, with the canvas's text and image metrics.
/// Each snapshot builds a fresh one and replays the script from time 0, so captures never depend on
/// one another.
public struct SnapshotScene {
    public var make: (_ viewport: Size, _ environment: SceneEnvironment) -> Scene
    /// The folder with `Images/` and `Fonts/`; nil finds it as `parallax` does (`ResourceLocator`).
    public var resourcesFolder: String?

    public init(resourcesFolder: String? = nil, _ make: @escaping (_ viewport: Size, _ environment: SceneEnvironment) -> Scene) {
        self.make = make
        self.resourcesFolder = resourcesFolder
    }
}

extension Snapshotting where Value == SnapshotScene, Format == PixelImage {
    /// The frame that shows time `time` of `script` (the first at or after it, on the virtual
    /// 60 Hz clock of `parallax capture`), rendered headless by SDL's software renderer, stored as
    /// PNG. `size` overrides the script's (else 1280x800). `precision` and `perceptualPrecision` as
    /// in `Diffing.frame`.
    public static func frame(script: InputScript = InputScript(events: []), at time: Double = 0, size: Size? = nil,
                             precision: Float = 1, perceptualPrecision: Float = 1) -> Snapshotting {
        Snapshotting(pathExtension: "png", diffing: .frame(precision: precision, perceptualPrecision: perceptualPrecision)) { scene in
            capture(scene, script: script, time: time, size: size)
        }
    }

    /// Replays the script headless up to `time`; a failure to render is a test issue and an empty
    /// image, which the diff then reports as not captured.
    private static func capture(_ scene: SnapshotScene, script: InputScript, time: Double, size: Size?) -> PixelImage {
        do {
            let viewport = size ?? script.size ?? InputScript.defaultSize
            let resources = try scene.resourcesFolder ?? ResourceLocator.locate()
            let canvas = try Canvas(title: "snapshot", size: viewport, resourcesFolder: resources, mode: .headless,
                                    logger: .init(label: "parallax.snapshot"))
            let driver = SceneDriver(scene: scene.make(viewport, canvas.environment), script: script.events)
            var frame = PixelImage(width: 0, height: 0)
            try Capture.frames(canvas: canvas, driver: driver, captures: [time]) { _, pixels in frame = pixels }
            return frame
        } catch {
            recordIssue("the scene could not be captured at \(time) s: \(error)", fileID: #fileID, filePath: #filePath, line: #line, column: #column)
            return PixelImage(width: 0, height: 0)
        }
    }
}

extension Dictionary where Key == String, Value == Snapshotting<SnapshotScene, PixelImage> {
    /// One `frame` strategy a capture time (default: the script's), named after it as
    /// `parallax capture` names its files (`0001.500`), for `assertSnapshots(of:as:)`.
    public static func frames(script: InputScript, at times: [Double]? = nil, size: Size? = nil,
                              precision: Float = 1, perceptualPrecision: Float = 1) -> Self {
        let chosen = times ?? (script.captures.isEmpty ? [0] : script.captures)
        return Dictionary(chosen.map { time in
            (String(Capture.fileName(base: "", time: time).dropFirst().dropLast(4)),
             .frame(script: script, at: time, size: size, precision: precision, perceptualPrecision: perceptualPrecision))
        }, uniquingKeysWith: { first, _ in first })
    }
}

extension Diffing where Value == PixelImage {
    /// Frames compared by their decoded pixels, stored as PNG written and read by SDL2_image.
    /// `precision`: the fraction of pixels that must match (1: all). `perceptualPrecision`: 1 compares
    /// channels exactly; below 1 a pixel matches while its YIQ colour distance is at most
    /// `1 - perceptualPrecision` of the largest, and anti-aliased edges are let pass
    /// (`PixelComparison.Tolerance.perceptualThreshold`, pixelmatch's test). On failure it attaches
    /// reference.png, failure.png and difference.png (changed pixels red, anti-aliased yellow, over
    /// the dimmed frame), as the library's image strategies do.
    public static func frame(precision: Float = 1, perceptualPrecision: Float = 1) -> Diffing {
        let tolerance = PixelComparison.Tolerance(maxDifferingFraction: Double(1 - precision),
                                                  perceptualThreshold: perceptualPrecision < 1 ? Double(1 - perceptualPrecision) : nil)
        // An empty image (a frame that could not be captured) has no PNG form.
        let toData: (PixelImage) -> Data = { image in image.width > 0 && image.height > 0 ? (try? image.pngData()) ?? Data() : Data() }
        return .diff(toData: toData, fromData: { (try? PixelImage(pngData: $0)) ?? PixelImage(width: 0, height: 0) }) { reference, frame in
            guard let message = failure(reference: reference, frame: frame, tolerance: tolerance, precision: precision,
                                        perceptualPrecision: perceptualPrecision)
            else { return nil }
            let difference = PixelComparison.diffImage(expected: reference, actual: frame, tolerance: tolerance)
            // An image that could not be read or captured has nothing to show.
            let attachments = [(reference, "reference.png"), (frame, "failure.png"), (difference, "difference.png")]
                .filter { $0.0.width > 0 && $0.0.height > 0 }
                .map { DiffAttachment.data(toData($0.0), name: $0.1) }
            recordAttachmentsWhereTheLibraryDoesNot(attachments)
            return (message, attachments)
        }
    }

    /// Why `frame` does not match `reference`, in the words of the library's image strategies; nil
    /// when it matches.
    static func failure(reference: PixelImage, frame: PixelImage, tolerance: PixelComparison.Tolerance,
                        precision: Float, perceptualPrecision: Float) -> String? {
        guard reference.width > 0, reference.height > 0 else { return "Reference image could not be loaded." }
        guard frame.width > 0, frame.height > 0 else { return "Newly-taken snapshot is empty." }
        guard reference.width == frame.width, reference.height == frame.height else {
            return "Newly-taken snapshot@\(frame.width)x\(frame.height) does not match reference@\(reference.width)x\(reference.height)."
        }
        let comparison = PixelComparison(expected: reference, actual: frame, tolerance: tolerance)
        // Decided in Float, as the library does: 98 of 100 pixels meet a precision of 0.98, which
        // the Double nearest to Float(0.98) would refuse.
        let matching = Float(1 - comparison.differingFraction)
        guard matching < precision else { return nil }
        let figures = "\(comparison.differingPixels) of \(comparison.totalPixels) pixels differ (largest channel delta "
            + "\(comparison.largestChannelDelta); \(comparison.antialiasedPixels) anti-aliased pixels let pass)."
        if precision >= 1, perceptualPrecision >= 1 {
            return "Newly-taken snapshot does not match reference. " + figures
        }
        if perceptualPrecision >= 1 {
            return "Actual image precision \(matching) is less than required \(precision). " + figures
        }
        return """
            The percentage of pixels that match \(matching) is less than required \(precision)
            The lowest perceptual color precision \(Float(1 - comparison.largestPerceptualDistance)) is less than required \(perceptualPrecision)
            \(figures)
            """
    }
}
