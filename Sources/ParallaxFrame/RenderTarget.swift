import ParallaxEngine

/// Where a frame's display list becomes pixels: what `FrameStep` needs of a renderer. ParallaxSDL's
/// `Canvas` (a window or headless) is one, `NullRenderTarget` draws nothing; another target (a GPU
/// API, a test's recorder) implements these and every command's frames can go to it (docs/architecture.md, "Where to add").
public protocol RenderTarget: AnyObject {
    /// The size drawn in, in logical pixels.
    var logicalSize: Size { get }
    /// Follows the scene's viewport; a window also takes that size.
    func resize(to size: Size)
    /// Executes the list, finished when it returns (so its time is the frame's render work).
    func draw(_ list: DisplayList)
    /// Shows what was drawn.
    func present()
    /// What has been drawn since the last present, as RGB pixels.
    func readPixels() throws -> PixelImage
    /// The text and image metrics scenes measure with, matching what `draw` will draw.
    var environment: SceneEnvironment { get }
}

/// A target whose last present stays on screen until the next (a window): a frame whose display list
/// is the one it drew last need not be drawn again, as long as drawing it again would give the
/// same pixels (`FrameStep.keepsUnchangedFrames`; docs/performance.md, "Frames kept at rest").
public protocol FrameKeepingTarget: RenderTarget {
    /// Drawn again now, the last `draw`'s list would give the pixels on screen (nothing in it fading
    /// in, no photo in it arrived or changed since).
    var lastDrawIsCurrent: Bool { get }
    /// A frame with the last drawn list, kept on screen instead of drawn: the target's work between
    /// draws goes on (the list's photos and those decoded ahead arrive and go up as textures) and
    /// nothing is drawn.
    func keepFrame(_ list: DisplayList)
}
