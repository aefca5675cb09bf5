import ArgumentParser
import ParallaxSDL

struct Run: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Open the playground window (Esc quits).")

    @OptionGroup var options: SceneOptions

    @Option(help: "Quit by itself after this many frames (for smoke tests).")
    var frames: Int?

    func validate() throws {
        if let frames, frames < 1 { throw ValidationError("--frames must be at least 1") }
    }

    func run() throws {
        try reportingFailures {
            let script = try options.loadScript()
            let (canvas, driver) = try openScene(options.sceneName(script: script), viewport: options.viewport(script: script),
                                                 options: options.sceneOptions, mode: .window, logger: options.makeLogger(), script: script)
            let trace = try options.traceWriter()
            LiveRunner.run(canvas: canvas, driver: driver, options: LiveRunner.Options(frames: frames), onFrame: trace?.write)
        }
    }
}
