import ArgumentParser
import Foundation
import Logging
import ParallaxEngine
import ParallaxScenes
import ParallaxSDL

struct RecordCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "record",
        abstract: "Open the window and record every input into a script (F12 adds a capture point; Esc ends).")

    @Option(help: "The script file to write at exit.")
    var out: String

    @Option(help: "The scene to start in.")
    var scene: SceneName?

    @Option(help: "Window size as WxH, in logical pixels.")
    var size = WindowSize(argument: "1280x800")!

    @OptionGroup var display: VideoDriverOption

    func run() throws {
        try reportingFailures {
            display.apply()
            // Fail now, not after a whole session, if the script cannot be written.
            guard FileManager.default.createFile(atPath: out, contents: nil) else {
                throw CommandFailure(message: "\(out): cannot create the script file", code: 2)
            }
            let name = scene?.name ?? SceneRegistry.standard.names[0]
            // The script keeps the clock to the minute, as its format does, so a replay shows the same time.
            var sceneOptions = SceneRegistry.Options()
            sceneOptions.clockAtStart = TimeOfDay(parsing: TimeOfDay.localNow().text(after: 0)) ?? .scriptDefault
            let (canvas, driver) = try openScene(name, viewport: size.size, options: sceneOptions, mode: .window,
                                                 logger: Logger.quiet(), script: nil)
            var script = InputScript(scene: name, size: size.size, clock: sceneOptions.clockAtStart)
            var options = Run.Options()
            options.overlay = FrameTimeOverlay(text: canvas.environment.text)
            options.showsOverlay = false
            // SDL stamps events in milliseconds: write them so, without float noise.
            let millisecond = { (t: Double) in (t * 1000).rounded() / 1000 }
            options.onInput = { script.events.append(TimedInput(time: millisecond($0.time), event: $0.event)) }
            options.onCapturePoint = { time in
                script.captures.append(millisecond(time))
                FileHandle.standardError.write(Data("parallax: capture point at \(String(format: "%.3f", time)) s\n".utf8))
                return "Capture point at \(String(format: "%.3f", time)) s"
            }
            Run.run(target: canvas, driver: driver, options: options)
            guard FileManager.default.createFile(atPath: out, contents: Data(script.jsonText.utf8)) else {
                throw CommandFailure(message: "\(out): cannot write the script file", code: 2)
            }
            print("recorded \(script.events.count) events and \(script.captures.count) capture points to \(out)")
        }
    }
}
