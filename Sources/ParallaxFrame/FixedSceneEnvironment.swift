import ParallaxEngine

/// Text measured as if every character were half an em wide and lines 1.25 em tall: widths follow
/// from a string's length and the font's size, with no font file.
public final class HalfEmTextMeasurer: TextMeasuring {
    public init() {}
    public func size(of text: String, font: Font) -> Size {
        Size(width: Double(text.count) * font.size * 0.5, height: font.size * 1.25)
    }
}

/// Image sizes given up front: `sizes` by name, else `otherwise` (nil: not loaded, a placeholder).
public final class FixedImageMetrics: ImageMetrics {
    public let sizes: [ImageID: Size]
    public let otherwise: Size?
    public init(_ sizes: [ImageID: Size] = [:], otherwise: Size? = nil) {
        self.sizes = sizes
        self.otherwise = otherwise
    }
    public func pixelSize(of image: ImageID) -> Size? { sizes[image] ?? otherwise }
}

extension SceneEnvironment {
    /// Measurements without a renderer: half-em text (`HalfEmTextMeasurer`) and the given image
    /// sizes. For tests and benchmarks that run scenes without SDL.
    public static func fixed(images: [ImageID: Size] = [:], otherwise: Size? = nil) -> SceneEnvironment {
        SceneEnvironment(text: HalfEmTextMeasurer(), images: FixedImageMetrics(images, otherwise: otherwise))
    }
}
