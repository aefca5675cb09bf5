import ArgumentParser
import Foundation
import ParallaxEngine
import ParallaxScenes
import ParallaxSDL

struct Run: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Open the playground window (Esc quits).")

    @OptionGroup var options: SceneOptions

    @Option(help: "Quit by itself after this many frames (for smoke tests).")
    var frames: Int?

    @Option(help: "Frames per second to pace at.")
    var fps: Double = 60

    @Flag(help: "Also wait for vertical sync, where the driver honours it.")
    var vsync = false

    @Flag(inversion: .prefixedNo, help: "Show the frame-time panel at start (F1 toggles it).")
    var overlay = true

    @Option(help: "At exit, write a JSON summary of frame timings to this file (see README.md).")
    var stats: String?

    /// `parallax-2026-11-22-163005.png`, in the local time, a second apart at most.
    static func screenshotName() -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd-HHmmss"
        return "parallax-\(formatter.string(from: Date())).png"
    }

    func validate() throws {
        if let frames, frames < 1 { throw ValidationError("--frames must be at least 1") }
        guard fps.isFinite, (1...1000).contains(fps) else { throw ValidationError("--fps must be from 1 to 1000") }
    }

    func run() throws {
        try reportingFailures {
            let script = try options.loadScript()
            let (canvas, driver) = try openScene(options.sceneName(script: script), viewport: options.viewport(script: script),
                                                 options: try options.sceneOptions(), mode: .window, vsync: vsync,
                                                 logger: options.makeLogger(), script: script)
            let trace = try options.traceWriter()
            let logger = options.makeLogger()
            options.connectConfig(driver.scene, logger: logger)
            var runOptions = LiveRunner.Options()
            runOptions.frames = frames
            runOptions.fps = fps
            runOptions.overlay = FrameTimeOverlay(text: canvas.text)
            runOptions.showsOverlay = overlay
            runOptions.keepsHistory = stats != nil
            runOptions.onScreenshot = { pixels in
                let path = FileManager.default.currentDirectoryPath + "/" + Self.screenshotName()
                do {
                    try pixels.savePNG(path: path)
                    logger.info("saved a screenshot to \(path)")
                } catch {
                    logger.warning("could not save a screenshot: \(error)")
                }
            }
            let timings = LiveRunner.run(canvas: canvas, driver: driver, options: runOptions, onFrame: trace?.write)
            if let stats {
                guard FileManager.default.createFile(atPath: stats, contents: Data((timings.summary.jsonText + "\n").utf8)) else {
                    throw CommandFailure(message: "\(stats): cannot write the stats file", code: 2)
                }
            }
        }
    }
}
