import Logging
import ParallaxEngine
import ParallaxScenes
import ParallaxSDL

/// Builds the canvas and the first scene. With `completeFrames` (the default headless), each photo
/// decodes when first drawn, at the size drawn, before that frame renders (`decodesSynchronously`), as
/// captures need; otherwise the window starts decoding every photo at the window's width at once,
/// shows placeholders meanwhile, and decodes each again at its drawn size.
func openScene(_ name: String, viewport: Size, options: SceneRegistry.Options, mode: SDLVideo.Mode, completeFrames: Bool? = nil,
               vsync: Bool = false, logger: Logger, script: InputScript?) throws -> (Canvas, SceneDriver) {
    let resources = try ResourceLocator.locate()
    let canvas = try Canvas(title: AppIdentity.name, size: viewport, resourcesFolder: resources, mode: mode, vsync: vsync, logger: logger)
    attachPhotos(to: canvas, options: options, logger: logger)
    if completeFrames ?? (mode == .headless) {
        canvas.photos.decodesSynchronously = true
    } else {
        canvas.photos.decodesSynchronously = false
        // A folder's photos are decoded as the feed shows them, not all at start.
        let bundled = options.settings.photos == nil ? SceneRegistry.standard.images
            : SceneRegistry.standard.entries.filter { $0.name != "feed" }.flatMap(\.images)
        canvas.textures.request(bundled, fittingWidth: canvas.logicalSize.width * canvas.pixelScale)
    }
    guard let scene = SceneRegistry.standard.make(name, viewport: viewport, options: options, environment: canvas.environment) else {
        throw CommandFailure(message: "unknown scene '\(name)' (scenes: \(SceneRegistry.standard.names.joined(separator: ", ")))", code: 2)
    }
    let driver = SceneDriver(scene: scene, script: script?.events ?? [])
    driver.onDroppedInput = { event, time in logger.debug("dropped non-finite input at \(time) s: \(event)") }
    return (canvas, driver)
}
