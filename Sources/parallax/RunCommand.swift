import ArgumentParser
import Foundation
import ParallaxEngine
import ParallaxFrame
import ParallaxScenes
import ParallaxSDL
import ParallaxPhotos

struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run", abstract: "Open the playground window (Esc quits).")

    @OptionGroup var options: SceneOptions
    @OptionGroup var display: VideoDriverOption

    @Option(help: "Quit by itself after this many frames (for smoke tests).")
    var frames: Int?

    @Option(help: "Frames per second to pace at, on a timer (default: the display's refresh, else \(Int(FrameClock.standardRate))).")
    var fps: Double?

    @Flag(inversion: .prefixedNo, help: "Present with vertical sync and pace to the display's refresh where the driver holds presents to one (--no-vsync: a timer at the display's rate).")
    var vsync = true

    @Flag(inversion: .prefixedNo, help: "Show the frame-time panel at start (F1 toggles it).")
    var overlay = true

    @Option(help: "At exit, write a JSON summary of frame timings to this file (docs/performance.md, \"Frame statistics\").")
    var stats: String?

    func validate() throws {
        if let frames, frames < 1 { throw ValidationError("--frames must be at least 1") }
        if let fps, !(fps.isFinite && (1...1000).contains(fps)) { throw ValidationError("--fps must be from 1 to 1000") }
    }

    func run() throws {
        try reportingFailures {
            display.apply()
            let script = try options.loadScript()
            let config = options.configFile(readsUserConfig: true)
            var (sceneOptions, userConfigProblem) = try options.sceneOptions(script: script, config: config)
            sceneOptions.clockAtStart = .localNow()
            // Where nothing of the user's says, the desktop is asked while the window opens.
            let settings = sceneOptions.settings
            let desktopReducedMotion = settings.reducedMotionSet == nil && settings.reducedMotionFallback.source == .none
                ? DesktopSettings.askReducedMotion() : nil
            let (canvas, driver) = try openScene(options.sceneName(script: script), viewport: options.viewport(script: script),
                                                 options: sceneOptions, mode: .window, vsync: vsync && fps == nil,
                                                 logger: options.makeLogger(), script: script)
            let playground = driver.scene as? Playground
            if let desktopReducedMotion, let playground {
                playground.setReducedMotionFallback(ReducedMotion.resolve(configFile: nil, environment: nil, desktop: desktopReducedMotion.wait))
            }
            let trace = try options.traceWriter(live: true)
            let logger = options.makeLogger()
            options.connectConfig(driver.scene, config: config, userConfigProblem: userConfigProblem, logger: logger)
            var runOptions = Run.Options()
            runOptions.frames = frames
            runOptions.fps = fps
            runOptions.overlay = FrameTimeOverlay(text: canvas.environment.text)
            runOptions.showsOverlay = overlay
            runOptions.keepsHistory = stats != nil
            let screenshots = ScreenshotWriter(logger: logger)
            var names = ScreenshotNamer()
            let folder = FileManager.default.currentDirectoryPath
            runOptions.onScreenshot = { pixels in
                let name = names.name(for: Date())
                screenshots.save(pixels, path: folder + "/" + name)
                return "Saved \(name) in \(PlaygroundSettings.displayPath(folder, home: ProcessInfo.processInfo.environment["HOME"]))"
            }
            // A folder of photos is followed as it changes (docs/photo-folders.md, "A folder that changes").
            let follower = sceneOptions.settings.photos.map { PhotoFolderFollower(folder: $0, logger: logger) }
            // The trace says what each frame took (the real-input tests read the events' times there).
            var delivered: [TimedInput] = []
            if trace != nil { runOptions.onInput = { delivered.append($0) } }
            let timings = Run.run(target: canvas, driver: driver, options: runOptions) { frame, time, present, cursor, scene in
                follower?.apply(to: scene, textures: canvas.textures)
                trace?.write(frame: frame, time: time, present: present, cursor: cursor, input: delivered, scene: scene)
                delivered.removeAll(keepingCapacity: true)
            }
            follower?.stop()
            screenshots.finish()
            if let stats {
                var summary = timings.summary
                if case var .object(fields) = summary {
                    fields["firstFrameResolution"] = .string(ProcessStart.reading.resolution.rawValue)
                    fields["videoDriver"] = SDLVideo.currentDriver.map(JSONValue.string) ?? .null
                    let (window, drawable) = canvas.sizes
                    fields["windowSize"] = .object(["width": .number(window.width), "height": .number(window.height)])
                    fields["drawableSize"] = .object(["width": .number(drawable.width), "height": .number(drawable.height)])
                    if let state = playground?.reducedMotionState {
                        fields["reducedMotion"] = .bool(state.on)
                        fields["reducedMotionSource"] = .string(state.source.rawValue)
                    }
                    let scale = canvas.desktopScale
                    fields["desktopScale"] = .number(scale.factor)
                    fields["desktopScaleSource"] = .string(scale.source.rawValue)
                    summary = .object(fields)
                }
                guard FileManager.default.createFile(atPath: stats, contents: Data((summary.jsonText + "\n").utf8)) else {
                    throw CommandFailure(message: "\(stats): cannot write the stats file", code: 2)
                }
            }
        }
    }
}
