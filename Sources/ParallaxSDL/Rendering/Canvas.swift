import CSDL2
import CSDL2Image
import Logging
import ParallaxEngine
import ParallaxFrame
import ParallaxPhotos

/// A window with its renderer and caches: where display lists become pixels. Under the dummy driver
/// (headless) the window is an in-memory surface drawn by SDL's software renderer, so capture and the
/// real window share this one path.
public final class Canvas: WindowRenderTarget, FrameKeepingTarget {
    public let window: OpaquePointer
    public let renderer: OpaquePointer
    /// The photos drawn: what scenes measure them by, their decodes (`PhotoSource`), and their textures.
    public let photos: PhotoSource
    public let textures: PhotoTextures
    public let text: TextCache
    public let displayListRenderer: DisplayListRenderer
    public private(set) var logicalSize: Size
    /// What the last `draw` did (`bench`).
    public private(set) var lastRender = RenderStatistics()
    /// The desktop's scale where the window system does not apply it itself (X11 at `Xft.dpi: 192`:
    /// 2), else 1: the window is this many of the window system's pixels per logical pixel, in
    /// its size and its pointer's positions (`WindowEvents`).
    public let windowScale: Double
    /// The desktop's scale as read at start on X11; on Wayland `desktopScale` measures it.
    private let x11Scale: DesktopScale
    /// glFinish, for renderers drawing through OpenGL: see `draw`.
    private let finishGL: (@convention(c) () -> Void)?

    public var environment: SceneEnvironment { SceneEnvironment(text: text, images: photos) }

    public static let minimumWindowSize = Size(width: 480, height: 360)

    public init(title: String, size: Size, resourcesFolder: String, mode: SDLVideo.Mode, vsync: Bool = false, logger: Logger) throws {
        try SDLVideo.start(mode)
        x11Scale = mode == .window && SDLVideo.currentDriver == "x11" ? DesktopScale.x11() : .none
        windowScale = x11Scale.factor
        var flags = SDL_WINDOW_RESIZABLE.rawValue | SDL_WINDOW_ALLOW_HIGHDPI.rawValue
        if mode == .headless { flags |= SDL_WINDOW_HIDDEN.rawValue }
        let centered = Int32(bitPattern: SDL_WINDOWPOS_CENTERED_MASK)
        guard let window = SDL_CreateWindow(title, centered, centered, Int32(size.width * windowScale), Int32(size.height * windowScale), flags) else {
            let error = SDLError("SDL_CreateWindow")
            if mode == .window { throw SDLVideo.NoDisplay(reason: error.description) }
            throw error
        }
        // Headless rendering is always software, so every machine gives the same pixels.
        var rendererFlags: UInt32 = mode == .headless ? SDL_RENDERER_SOFTWARE.rawValue : 0
        if vsync && mode == .window { rendererFlags |= SDL_RENDERER_PRESENTVSYNC.rawValue }
        guard let renderer = SDL_CreateRenderer(window, -1, rendererFlags) else {
            SDL_DestroyWindow(window)
            throw SDLError("SDL_CreateRenderer")
        }
        self.window = window
        self.renderer = renderer
        if mode == .window {
            // Below this the tabs and the panels no longer fit (docs/architecture.md, "Layers over a scene").
            // Set before the icon: the X server takes one client's requests in order, so a window
            // manager (or a test) that sees the icon sees the size hints and the size they gave.
            SDL_SetWindowMinimumSize(window, Int32(Self.minimumWindowSize.width * windowScale), Int32(Self.minimumWindowSize.height * windowScale))
            WindowIcon.set(on: window, resourcesFolder: resourcesFolder, logger: logger)
        }
        var info = SDL_RendererInfo()
        if SDL_GetRendererInfo(renderer, &info) == 0, String(cString: info.name).hasPrefix("opengl"),
           let finish = SDL_GL_GetProcAddress("glFinish") {
            finishGL = unsafeBitCast(finish, to: (@convention(c) () -> Void).self)
        } else {
            finishGL = nil
        }
        logicalSize = size
        // The font first: without it nothing starts, and its error is the one line said.
        do {
            text = try TextCache(renderer: renderer, fontsFolder: resourcesFolder + "/Fonts")
        } catch {
            SDL_DestroyRenderer(renderer)
            SDL_DestroyWindow(window)
            throw error
        }
        let (thumbnails, problems) = BundledPhotoIndex.load(resourcesFolder + "/Images/" + BundledPhotoIndex.fileName)
        for problem in problems { logger.warning("\(problem)") }
        photos = PhotoSource(imagesFolder: resourcesFolder + "/Images", logger: logger, bundled: thumbnails)
        photos.decodesSynchronously = mode == .headless
        textures = PhotoTextures(photos: photos, cache: TextureCache(renderer: renderer))
        displayListRenderer = DisplayListRenderer(renderer: renderer, textures: textures, text: text)
        updateScale()
    }

    deinit {
        // The caches may outlive the canvas (a scene holds them): their textures go first.
        textures.destroyTextures()
        photos.finishThumbnailWrites()
        text.clearLines()
        SDL_DestroyRenderer(renderer)
        SDL_DestroyWindow(window)
    }

    /// The renderer SDL chose ("software", "opengl", ...).
    public var rendererName: String {
        var info = SDL_RendererInfo()
        guard SDL_GetRendererInfo(renderer, &info) == 0, let name = info.name else { return "unknown" }
        return String(cString: name)
    }

    /// Device pixels per logical pixel (`DisplayListRenderer.pixelScale`).
    public var pixelScale: Double { displayListRenderer.pixelScale }

    /// The window's size in logical pixels, as SDL reports it now.
    public var windowSize: Size {
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetWindowSize(window, &w, &h)
        return Size(width: Double(w) / windowScale, height: Double(h) / windowScale)
    }

    /// Makes the window `size` (scripted resizes), and follows it for drawing.
    public func resize(to size: Size) {
        if windowSize != size {
            SDL_SetWindowSize(window, Int32(size.width * windowScale), Int32(size.height * windowScale))
        }
        logicalSize = size
        updateScale()
    }

    /// The window's size in logical pixels and its drawable's in device pixels (twice as many at an
    /// output scale of 2), for `--stats`.
    public var sizes: (window: Size, drawable: Size) {
        var ow: Int32 = 0, oh: Int32 = 0
        SDL_GetRendererOutputSize(renderer, &ow, &oh)
        return (windowSize, Size(width: Double(ow), height: Double(oh)))
    }

    /// The desktop's scale, for `--stats`: X11's `Xft.dpi` as read at start; on Wayland the output's,
    /// which SDL draws at (the drawable over the window).
    public var desktopScale: DesktopScale {
        guard SDLVideo.currentDriver == "wayland" else { return x11Scale }
        let (window, drawable) = sizes
        return DesktopScale(factor: window.width > 0 ? drawable.width / window.width : 1, source: .wayland)
    }

    /// Maps logical pixels to the renderer's output (HiDPI: 2 device pixels per logical one, say).
    private func updateScale() {
        let output = sizes.drawable
        let scale = logicalSize.width > 0 && output.width > 0 ? output.width / logicalSize.width : 1
        SDL_RenderSetScale(renderer, Float(scale), Float(scale))
        displayListRenderer.pixelScale = scale
    }

    /// Executes the list and waits for the driver to finish it, so the frame's work is measured
    /// whole (the window latches input that much before the present, docs/performance.md, "Frame pacing")
    /// and `present` only hands it over. Without the wait, OpenGL drivers (Mesa's llvmpipe under
    /// Xvfb) rasterise inside `present`, after the frame's deadline.
    public func draw(_ list: DisplayList) {
        lastRender = displayListRenderer.render(list)
        SDL_RenderFlush(renderer)
        finishGL?()
    }

    public func present() {
        SDL_RenderPresent(renderer)
    }

    public var lastDrawIsCurrent: Bool { displayListRenderer.lastDrawIsCurrent }

    public func keepFrame(_ list: DisplayList) {
        displayListRenderer.keep(list)
    }

    public var presentsWithVSync: Bool {
        var info = SDL_RendererInfo()
        return SDL_GetRendererInfo(renderer, &info) == 0 && info.flags & SDL_RENDERER_PRESENTVSYNC.rawValue != 0
    }

    public func disableVSync() {
        SDL_RenderSetVSync(renderer, 0)
    }

    /// Drops pending window events, as a loop that reads none must (the window system waits on them).
    public func discardEvents() {
        SDL_PumpEvents()
        SDL_FlushEvents(SDL_FIRSTEVENT.rawValue, SDL_LASTEVENT.rawValue)
    }

    /// What the renderer has drawn since the last present, as RGB pixels.
    public func readPixels() throws -> PixelImage {
        var ow: Int32 = 0, oh: Int32 = 0
        SDL_GetRendererOutputSize(renderer, &ow, &oh)
        var image = PixelImage(width: Int(ow), height: Int(oh))
        let status = image.bytes.withUnsafeMutableBytes { buffer in
            SDL_RenderReadPixels(renderer, nil, SDL_PIXELFORMAT_RGB24.rawValue, buffer.baseAddress, Int32(ow) * 3)
        }
        guard status == 0 else { throw SDLError("SDL_RenderReadPixels") }
        return image
    }
}
