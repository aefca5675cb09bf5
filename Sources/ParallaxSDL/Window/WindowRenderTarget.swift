import ParallaxFrame

/// What the window's loop (`Run`) needs of a render target besides drawing: the SDL window its
/// events, display and minimised state come from, and its presents' vsync, which the loop turns off
/// when it paces on a timer. `Canvas` is one; a renderer of another API drawing into an SDL window
/// would be another (docs/architecture.md, "Where to add").
public protocol WindowRenderTarget: RenderTarget {
    /// The SDL_Window.
    var window: OpaquePointer { get }
    /// Whether a present waits for the display's refresh.
    var presentsWithVSync: Bool { get }
    /// From now on a present returns without waiting for the refresh.
    func disableVSync()
    /// The window system's pixels per logical pixel, which its pointer positions and sizes come in
    /// (2 on X11 at a desktop scale of 2, `DesktopScale`).
    var windowScale: Double { get }
}

extension WindowRenderTarget {
    public var windowScale: Double { 1 }
}
