import ParallaxEngine

/// A render target that draws nothing: frames run into it without a window, a GPU or SDL. It keeps
/// the last list it was given and counts what it was asked to do, and measures with a fixed scene
/// environment (`SceneEnvironment.fixed`), so a scene lays out the same on every machine.
public final class NullRenderTarget: RenderTarget {
    public private(set) var logicalSize: Size
    public let environment: SceneEnvironment
    /// The last list drawn.
    public private(set) var lastList: DisplayList?
    public private(set) var draws = 0
    public private(set) var presents = 0
    public private(set) var resizes: [Size] = []

    public init(size: Size, environment: SceneEnvironment = .fixed()) {
        logicalSize = size
        self.environment = environment
    }

    public func resize(to size: Size) {
        logicalSize = size
        resizes.append(size)
    }

    public func draw(_ list: DisplayList) {
        lastList = list
        draws += 1
    }

    public func present() { presents += 1 }

    /// Black pixels of the logical size: nothing is drawn.
    public func readPixels() throws -> PixelImage {
        PixelImage(width: Int(logicalSize.width), height: Int(logicalSize.height))
    }
}
