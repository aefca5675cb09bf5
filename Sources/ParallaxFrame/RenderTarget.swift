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

