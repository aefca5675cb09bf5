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

    @Option(help: "Settings (JSON, docs/file-formats.md, \"Config file\"): loaded at start; in the tuning panel S saves them here and L reloads them (run without it: the user's ~/.config/parallax/config.json).")
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

    /// The settings file: `--config`, else, where `readsUserConfig` (only `run`: what `capture`,
    /// `verify`, `bench` and `soak` draw must not depend on the user's home), the user's.
    func configFile(readsUserConfig: Bool) -> ConfigFile? {
        if let config { return .given(config) }
        guard readsUserConfig, let path = PlaygroundSettings.userConfigPath(environment: ProcessInfo.processInfo.environment) else { return nil }
        return .user(path)
    }

    /// Scene settings from the flags, the script, the config file and the environment
    /// (`PARALLAX_REDUCED_MOTION`: 1 on, 0 off, below the config file's `reducedMotion`). A bad `--config` file ends the process with its one-line error
    /// and exit code 2; the user's file, which nobody named, is only skipped when missing or bad (the
    /// defaults apply), and a bad one is returned as `userConfigProblem` to be said.
    func sceneOptions(script: InputScript?, config: ConfigFile?) throws -> (options: SceneRegistry.Options, userConfigProblem: InputFileError?) {
        var options = SceneRegistry.Options()
        var problem: InputFileError?
        options.feed.itemCount = itemCount.items
        switch config {
        case let .given(path)?:
            do throws(InputFileError) {
                options.settings = try PlaygroundSettings.load(path: path)
            } catch {
                throw CommandFailure(message: error.description, code: 2)
            }
        case let .user(path)? where FileManager.default.fileExists(atPath: path):
            do throws(InputFileError) {
                options.settings = try PlaygroundSettings.load(path: path)
            } catch {
                problem = error
            }
        case .user?, nil: break
        }
        // The desktop's answer comes later, where nothing here said (`run` only: RunCommand.swift).
        options.settings.reducedMotionFallback = ReducedMotion.resolve(configFile: nil, environment: ProcessInfo.processInfo.environment["PARALLAX_REDUCED_MOTION"],
                                                                       desktop: { nil })
        if let physics = physics?.name ?? script?.physics { options.settings.physics = physics }
        if let timeScale { options.timeScale = timeScale.scale }
        if let compare {
            options.settings.physics = compare.left
            options.compare = compare.right
        }
        try photoOptions.apply(to: &options)
        return (options, problem)
    }

    /// Lets the tuning panel save to and reload from the config file; says in the panel's footer why
    /// the user's file was not used, if it was bad.
    func connectConfig(_ scene: Scene, config: ConfigFile?, userConfigProblem: InputFileError?, logger: Logger) {
        guard let playground = scene as? Playground, let config else { return }
        let path = config.path, shown = config.shownPath
        if let userConfigProblem {
            logger.warning("\(userConfigProblem.description) (starting with the default settings)")
            var problem = userConfigProblem
            problem.file = shown
            playground.showTuningStatus("Started with the defaults: \(problem.description)")
        }
        playground.onSave = { settings in
            do {
                // The user's folder may not exist yet; the file is replaced whole, never left half written.
                try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                try Data(settings.jsonText.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
            } catch {
                logger.warning("could not write \(path)")
                return "Could not write \(shown)"
            }
            return "Saved to \(shown)"
        }
        playground.onReload = {
            do throws(InputFileError) {
                guard FileManager.default.fileExists(atPath: path) else {
                    throw InputFileError(file: path, problem: "no settings saved there yet (S saves them)")
                }
                return .success(try PlaygroundSettings.load(path: path))
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

    /// The per-frame observer writing the trace, if one was asked for; `live` for a window's.
    func traceWriter(live: Bool) throws -> TraceWriter? {
        guard let trace else { return nil }
        guard let writer = TraceWriter(path: trace, writesEachFrame: live) else {
            throw CommandFailure(message: "\(trace): cannot create the trace file", code: 2)
        }
        return writer
    }
}

/// Where the settings come from and the tuning panel's S saves them (docs/file-formats.md, "Config file").
enum ConfigFile: Equatable {
    /// `--config FILE`: it must be good.
    case given(String)
    /// The user's file (`PlaygroundSettings.userConfigPath`), read by `run` when no `--config` is given.
    case user(String)

    var path: String {
        switch self {
        case let .given(path), let .user(path): path
        }
    }

    /// As the panel shows it: the user's file with `~` for the home folder.
    var shownPath: String {
        switch self {
        case let .given(path): path
        case let .user(path): PlaygroundSettings.displayPath(path, home: ProcessInfo.processInfo.environment["HOME"])
        }
    }
}
