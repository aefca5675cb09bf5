import Foundation
import Logging
import ParallaxEngine
import ParallaxFrame
import ParallaxScenes
import ParallaxSDL
import ParallaxVisualRegression

/// The frames around a motion's first divergence for the report (`verify --report`): drawn again
/// under the settings the golden keeps (`MotionTimeline.settings`) and under this run's, with a diff
/// of each pair, so a person sees what moved differently where it began.
enum Filmstrip {
    /// Frames before and after the first differing one.
    static let before = 2, after = 3

    struct Frame: Codable, Equatable {
        var frame: Int
        var time: Double
        var expected: String
        var actual: String
        var diff: String
    }

    /// Writes the strip's pictures into `folder`; nil where the golden keeps no settings of the playground's.
    static func write(name: String, script: InputScript, golden: String, divergence: Int, frames: Int, actual options: SceneRegistry.Options,
                      folder: String, resources: String) throws -> [Frame]? {
        guard let kept = try? MotionTimeline.load(path: golden).settings,
              let settings = try? PlaygroundSettings.parse(Data(kept.jsonText.utf8), file: golden) else { return nil }
        var expectedOptions = options
        expectedOptions.settings = settings
        let chosen = Array(max(0, divergence - before)...min(frames - 1, divergence + after))
        let times = chosen.map { Double($0) / FrameClock.standardRate }
        let expected = try capture(script: script, options: expectedOptions, times: times, resources: resources)
        let actual = try capture(script: script, options: options, times: times, resources: resources)
        return try zip(chosen, zip(expected, actual)).map { frame, pair in
            let stem = folder + "/" + name + ".motion." + String(format: "%04d", frame)
            let diff = PixelComparison.diffImage(expected: pair.0, actual: pair.1, tolerance: .init())
            try pair.0.savePNG(path: stem + ".expected.png")
            try pair.1.savePNG(path: stem + ".actual.png")
            try diff.savePNG(path: stem + ".diff.png")
            return Frame(frame: frame, time: Double(frame) / FrameClock.standardRate, expected: stem + ".expected.png", actual: stem + ".actual.png",
                         diff: stem + ".diff.png")
        }
    }

    private static func capture(script: InputScript, options: SceneRegistry.Options, times: [Double], resources: String) throws -> [PixelImage] {
        let canvas = try Canvas(title: "filmstrip", size: script.size ?? InputScript.defaultSize, resourcesFolder: resources, mode: .headless,
                                logger: Logger.quiet())
        canvas.photos.decodesSynchronously = true
        let scene = SceneRegistry.standard.make(script.scene ?? SceneRegistry.standard.names[0], viewport: canvas.logicalSize, options: options,
                                                environment: canvas.environment)!
        var pictures: [PixelImage] = []
        try Capture.frames(target: canvas, driver: SceneDriver(scene: scene, script: script.events), captures: times) { _, pixels in
            pictures.append(pixels)
        }
        return pictures
    }
}
