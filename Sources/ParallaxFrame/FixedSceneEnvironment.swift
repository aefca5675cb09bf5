import ParallaxEngine

/// Text measured as if every character were half an em wide and lines 1.25 em tall: widths follow
/// from a string's length and the font's size, with no font file.
public final class HalfEmTextMeasurer: TextMeasuring {
    public init() {}
    public func size(of text: String, font: Font) -> Size {
        Size(width: Double(text.count) * font.size * 0.5, height: font.size * 1.25)
    }
}

/// Image sizes given up front: `sizes` by name, else `otherwise` (nil: not loaded, a placeholder);
/// and the thumbnails given, by name (none known for the others).
public final class FixedImageMetrics: ImageMetrics {
    public let sizes: [PhotoID: Size]
    public let otherwise: Size?
    public let thumbnails: [PhotoID: ImageThumbnail]
    public init(_ sizes: [PhotoID: Size] = [:], otherwise: Size? = nil, thumbnails: [PhotoID: ImageThumbnail] = [:]) {
        self.sizes = sizes
        self.otherwise = otherwise
        self.thumbnails = thumbnails
    }
    public func pixelSize(of image: PhotoID) -> Size? { sizes[image] ?? otherwise }
    public func thumbnail(of image: PhotoID) -> ImageThumbnail? { thumbnails[image] }
}

extension SceneEnvironment {
    /// Measurements without a renderer: half-em text (`HalfEmTextMeasurer`), the given image sizes
    /// and thumbnails. For tests and benchmarks that run scenes without SDL.
    public static func fixed(images: [PhotoID: Size] = [:], otherwise: Size? = nil,
                             thumbnails: [PhotoID: ImageThumbnail] = [:]) -> SceneEnvironment {
        SceneEnvironment(text: HalfEmTextMeasurer(), images: FixedImageMetrics(images, otherwise: otherwise, thumbnails: thumbnails))
    }
}
