import ArgumentParser
import Foundation
import Logging
import ParallaxEngine
import ParallaxScenes
import ParallaxSDL

/// A scene name, checked against the registry; a wrong one is an argument error listing the scenes.
struct SceneName: ExpressibleByArgument {
    let entry: SceneEntry
    var name: String { entry.name }
    init?(argument: String) {
        guard let entry = SceneRegistry.standard.entry(named: argument) else { return nil }
        self.entry = entry
    }
    static var allValueStrings: [String] { SceneRegistry.standard.names }
}

/// `WxH`, e.g. `1280x800`.
struct WindowSize: ExpressibleByArgument {
    let size: Size
    init?(argument: String) {
        let parts = argument.lowercased().split(separator: "x")
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]),
              (1...Int(InputScript.maxSide)).contains(w), (1...Int(InputScript.maxSide)).contains(h) else { return nil }
        size = Size(width: Double(w), height: Double(h))
    }
    static var defaultValueDescription: String { "1280x800" }
}

/// Options shared by the commands that show a scene.
struct SceneOptions: ParsableArguments {
    @Option(help: "The scene to show first (default: the script's, else feed).")
    var scene: SceneName?

    @Option(help: "An input script (JSON, see README.md); its scene, size and capture times apply unless flags say otherwise.")
    var script: String?

    @Option(help: "Window size as WxH, in logical pixels (default: the script's, else 1280x800).")
    var size: WindowSize?

    @Option(help: "How many photos the feed has (1 to 1000000).")
    var items: Int = FeedSettings().itemCount

    @Option(help: "Settings (JSON, see README.md): loaded at start; in the tuning panel S saves them here and L reloads them.")
    var config: String?

    @Option(help: "Write one JSON object per frame and line to this file (see README.md, \"Trace\").")
    var trace: String?

    @OptionGroup var photoOptions: PhotoOptions

    @Flag(help: "Log debug lines (dropped input and the like).")
    var verbose = false

    func validate() throws {
        guard (1...FeedSettings.maxItemCount).contains(items) else {
            throw ValidationError("--items must be from 1 to \(FeedSettings.maxItemCount)")
        }
    }

    /// Scene settings from the flags, the config file and the environment (`PARALLAX_REDUCED_MOTION=1`);
    /// a bad config file ends the process with its one-line error and exit code 2.
    func sceneOptions() throws -> SceneRegistry.Options {
        var options = SceneRegistry.Options()
        options.feed.itemCount = items
        if let config {
            do throws(InputFileError) {
                options.settings = try PlaygroundSettings.load(path: config)
            } catch {
                throw CommandFailure(message: error.description, code: 2)
            }
        }
        if ProcessInfo.processInfo.environment["PARALLAX_REDUCED_MOTION"] == "1" { options.settings.reducedMotion = true }
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

    /// Warnings only: bench output is the report.
    static func quietLogger() -> Logger {
        var logger = Logger(label: "parallax")
        logger.logLevel = .warning
        return logger
    }

    func makeLogger() -> Logger {
        var logger = Logger(label: "parallax")
        logger.logLevel = verbose ? .debug : .info
        return logger
    }

    /// The per-frame observer writing the trace, if one was asked for.
    func traceWriter() throws -> TraceWriter? {
        guard let trace else { return nil }
        guard let writer = TraceWriter(path: trace) else {
            throw CommandFailure(message: "\(trace): cannot create the trace file", code: 2)
        }
        return writer
    }
}

/// Writes trace lines to a file, buffered.
final class TraceWriter {
    private let handle: FileHandle
    private var buffer = Data()

    init?(path: String) {
        guard FileManager.default.createFile(atPath: path, contents: nil), let handle = FileHandle(forWritingAtPath: path) else { return nil }
        self.handle = handle
    }

    deinit {
        flush()
        try? handle.close()
    }

    func write(frame: Int, time: Double, presentTime: Double?, cursor: CursorKind?, scene: Scene) {
        guard let scene = scene as? Traceable else { return }
        buffer.append(Data((traceLine(frame: frame, time: time, presentTime: presentTime, cursor: cursor, scene: scene) + "\n").utf8))
        if buffer.count > 1 << 16 { flush() }
    }

    func flush() {
        handle.write(buffer)
        buffer.removeAll(keepingCapacity: true)
    }
}

extension TimeOfDay {
    /// The local wall clock now: what the window's scenes count from (their time 0 is about now).
    static func localNow() -> TimeOfDay {
        let now = Calendar.current.dateComponents([.hour, .minute, .second, .nanosecond], from: Date())
        return TimeOfDay(hour: now.hour ?? 0, minute: now.minute ?? 0, second: Double(now.second ?? 0) + Double(now.nanosecond ?? 0) / 1e9)
    }
}

/// Ends the command with one line on standard error and an exit code.
struct CommandFailure: Error {
    let message: String
    let code: Int32
}

extension ParsableCommand {
    /// Runs `body`, turning known failures into their one line and exit code.
    func reportingFailures(_ body: () throws -> Void) throws {
        do {
            try body()
        } catch let failure as CommandFailure {
            FileHandle.standardError.write(Data("parallax: \(failure.message)\n".utf8))
            throw ExitCode(failure.code)
        } catch let error as EnvironmentError {
            FileHandle.standardError.write(Data("parallax: \(error)\n".utf8))
            throw ExitCode(1)
        }
    }
}

/// What the machine lacks (a display, the resources, a font) or SDL refused: said in one line, exit 1.
protocol EnvironmentError: Error, CustomStringConvertible {}
extension SDLVideo.NoDisplay: EnvironmentError {}
extension ResourceLocator.NotFound: EnvironmentError {}
extension TextCache.MissingFont: EnvironmentError {}
extension SDLError: EnvironmentError {}

/// `--photos` and `--cache-mb`, shared by run, capture, verify and bench (docs/photo-folders.md).
struct PhotoOptions: ParsableArguments {
    @Option(help: "Show this folder's JPEG and PNG photos (at any depth, by date taken) in the feed.")
    var photos: String?

    @Option(name: .customLong("cache-mb"), help: "Megabytes of decoded photos to keep as textures (default \(TextureCache.defaultBudget >> 20)).")
    var cacheMB: Double?

    func validate() throws {
        if let cacheMB, !PlaygroundSettings.PhotoLimits.cacheMB.contains(cacheMB) {
            throw ValidationError("--cache-mb must be from \(Int(PlaygroundSettings.PhotoLimits.cacheMB.lowerBound)) to \(Int(PlaygroundSettings.PhotoLimits.cacheMB.upperBound))")
        }
    }

    /// Puts the folder's photos (the flag's, else the config's) in the feed; a missing folder, or
    /// one without images, ends the process with its one-line error and exit code 2.
    func apply(to options: inout SceneRegistry.Options) throws {
        if let photos { options.settings.photos = photos }
        if let cacheMB { options.settings.photoCacheMB = cacheMB }
        guard let folder = options.settings.photos else { return }
        let items: [PhotoFolder.Item]
        do throws(PhotoFolder.Failure) {
            items = try PhotoFolder.scan(folder)
        } catch {
            throw CommandFailure(message: error.description, code: 2)
        }
        options.feed.photos = items.map { Photo(image: ImageID($0.path), title: $0.name, credit: $0.dateText, dayTaken: String($0.dateText.prefix(10))) }
        options.feed.itemCount = items.count
    }
}

/// Gives the canvas the options' photo cache budget and, for a folder of photos, its colour index.
func attachPhotos(to canvas: Canvas, options: SceneRegistry.Options, logger: Logger) {
    if let mb = options.settings.photoCacheMB { canvas.textures.budget = Int(mb * 1_048_576) }
    guard let folder = options.settings.photos else { return }
    canvas.textures.indexPhotos(folder: folder, paths: options.feed.photos.map(\.image.name))
}

/// Builds the canvas and the first scene. With `completeFrames` (the default headless), each photo
/// decodes when first drawn, at the size drawn, before that frame renders (`decodesSynchronously`), as
/// captures need; otherwise the window starts decoding every photo at the window's width at once,
/// shows placeholders meanwhile, and decodes each again at its drawn size.
func openScene(_ name: String, viewport: Size, options: SceneRegistry.Options, mode: SDLVideo.Mode, completeFrames: Bool? = nil,
               vsync: Bool = false, logger: Logger, script: InputScript?) throws -> (Canvas, SceneDriver) {
    let resources = try ResourceLocator.locate()
    let canvas = try Canvas(title: "Parallax Playground", size: viewport, resourcesFolder: resources, mode: mode, vsync: vsync, logger: logger)
    attachPhotos(to: canvas, options: options, logger: logger)
    if completeFrames ?? (mode == .headless) {
        canvas.textures.decodesSynchronously = true
    } else {
        canvas.textures.decodesSynchronously = false
        // A folder's photos are decoded as the feed shows them, not all at start.
        let bundled = options.settings.photos == nil ? SceneRegistry.standard.images
            : SceneRegistry.standard.entries.filter { $0.name != "feed" }.flatMap(\.images)
        canvas.textures.request(bundled, fittingWidth: canvas.logicalSize.width * canvas.text.pixelScale)
    }
    guard let scene = SceneRegistry.standard.make(name, viewport: viewport, options: options, environment: canvas.environment) else {
        throw CommandFailure(message: "unknown scene '\(name)' (scenes: \(SceneRegistry.standard.names.joined(separator: ", ")))", code: 2)
    }
    let driver = SceneDriver(scene: scene, script: script?.events ?? [])
    driver.onDroppedInput = { event, time in logger.debug("dropped non-finite input at \(time) s: \(event)") }
    return (canvas, driver)
}
