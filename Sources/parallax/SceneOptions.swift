import ArgumentParser
import Foundation
import Logging
import ParallaxEngine
import ParallaxScenes

/// Options shared by the commands that show a scene.
struct SceneOptions: ParsableArguments {
    @Option(help: "The scene to show first (default: the script's, else feed).")
    var scene: SceneName?

    @Option(help: "An input script (JSON, docs/file-formats.md, \"Script format\"); its scene, size and capture times apply unless flags say otherwise.")
    var script: String?

    @Option(help: "Window size as WxH, in logical pixels (default: the script's, else 1280x800).")
    var size: WindowSize?

    @OptionGroup var itemCount: ItemCount

    @Option(help: "Settings (JSON, docs/file-formats.md, \"Config file\"): loaded at start; in the tuning panel S saves them here and L reloads them.")
    var config: String?

    @Option(help: "The scroll physics (docs/physics-models.md); default: the script's, else the config's, else uikit.")
    var physics: PhysicsName?

    @Option(help: ArgumentHelp("Compare two physics models side by side from the start, e.g. uikit,android (C toggles compare mode).",
                               valueName: "a,b"))
    var compare: ModelPair?

    @Option(help: "Slow motion from the start: the scenes' time runs at this fraction of the frames' (T cycles it).")
    var timeScale: TimeScale?

    @Option(help: "Write one JSON object per frame and line to this file (docs/file-formats.md, \"Trace\").")
    var trace: String?

    @OptionGroup var photoOptions: PhotoOptions

    @Flag(help: "Log debug lines (dropped input and the like).")
    var verbose = false

    /// Scene settings from the flags, the script, the config file and the environment
    /// (`PARALLAX_REDUCED_MOTION=1`); a bad config file ends the process with its one-line error and exit code 2.
    func sceneOptions(script: InputScript?) throws -> SceneRegistry.Options {
        var options = SceneRegistry.Options()
        options.feed.itemCount = itemCount.items
        if let config {
            do throws(InputFileError) {
                options.settings = try PlaygroundSettings.load(path: config)
            } catch {
                throw CommandFailure(message: error.description, code: 2)
            }
        }
        if ProcessInfo.processInfo.environment["PARALLAX_REDUCED_MOTION"] == "1" { options.settings.reducedMotion = true }
        if let physics = physics?.name ?? script?.physics { options.settings.physics = physics }
        if let timeScale { options.timeScale = timeScale.scale }
        if let compare {
            options.settings.physics = compare.left
            options.compare = compare.right
        }
        try photoOptions.apply(to: &options)
        return options
    }

    /// Lets the tuning panel save to and reload from the config file.
    func connectConfig(_ scene: Scene, logger: Logger) {
        guard let playground = scene as? Playground else { return }
        guard let config else { return }
        playground.onSave = { settings in
            guard FileManager.default.createFile(atPath: config, contents: Data(settings.jsonText.utf8)) else {
                logger.warning("could not write \(config)")
                return "could not write \(config)"
            }
            return "saved to \(config)"
        }
        playground.onReload = {
            do throws(InputFileError) {
                return .success(try PlaygroundSettings.load(path: config))
            } catch {
                logger.warning("\(error.description) (the settings in use stay)")
                return .failure(error)
            }
        }
    }

    /// The script, if any; a bad one ends the process with its one-line error and exit code 2.
    func loadScript() throws -> InputScript? {
        guard let script else { return nil }
        do {
            return try InputScript.load(path: script, knownScenes: SceneRegistry.standard.names)
        } catch {
            throw CommandFailure(message: error.description, code: 2)
        }
    }

    func sceneName(script: InputScript?) -> String { scene?.name ?? script?.scene ?? SceneRegistry.standard.names[0] }
    func viewport(script: InputScript?) -> Size { size?.size ?? script?.size ?? InputScript.defaultSize }

    func makeLogger() -> Logger { Logger.parallax(verbose: verbose) }

    /// The per-frame observer writing the trace, if one was asked for.
    func traceWriter() throws -> TraceWriter? {
        guard let trace else { return nil }
        guard let writer = TraceWriter(path: trace) else {
            throw CommandFailure(message: "\(trace): cannot create the trace file", code: 2)
        }
        return writer
    }
}
