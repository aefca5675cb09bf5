/// An image in small (at most a few dozen pixels a side), known before the image is decoded: a
/// photo index's entry (docs/photo-folders.md, "Colour placeholders"). What a placeholder shows, and
/// what a scene reads of a photo's tone under its text.
public struct ImageThumbnail: Sendable, Equatable {
    public let width: Int
    public let height: Int
    /// 0x00RRGGBB, row by row.
    public let pixels: [UInt32]

    public init(width: Int, height: Int, pixels: [UInt32]) {
        precondition(width > 0 && height > 0 && pixels.count == width * height, "a thumbnail of \(width)x\(height) with \(pixels.count) pixels")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// The mean of all its pixels.
    public var meanColor: Color { tone(in: Rect(x: 0, y: 0, width: 1, height: 1)).mean }

    /// The tone of `region`, in fractions of the image's width and height (0...1; what lies outside
    /// is ignored): each pixel weighted by the area of it the region covers. The whole image when
    /// the region covers none of it.
    public func tone(in region: Rect) -> ImageTone {
        let x0 = max(0, region.minX) * Double(width), x1 = min(1, region.maxX) * Double(width)
        let y0 = max(0, region.minY) * Double(height), y1 = min(1, region.maxY) * Double(height)
        guard x1 > x0, y1 > y0 else { return tone(in: Rect(x: 0, y: 0, width: 1, height: 1)) }
        var weight = 0.0, r = 0.0, g = 0.0, b = 0.0, luma = 0.0, lumaSquared = 0.0
        for row in Int(y0)..<min(height, Int(y1.rounded(.up))) {
            let dy = min(y1, Double(row + 1)) - max(y0, Double(row))
            for column in Int(x0)..<min(width, Int(x1.rounded(.up))) {
                let w = dy * (min(x1, Double(column + 1)) - max(x0, Double(column)))
                guard w > 0 else { continue }
                let p = pixels[row * width + column]
                let (pr, pg, pb) = (Double(p >> 16 & 0xFF), Double(p >> 8 & 0xFF), Double(p & 0xFF))
                let y = ImageTone.luma(pr, pg, pb)
                weight += w; r += w * pr; g += w * pg; b += w * pb; luma += w * y; lumaSquared += w * y * y
            }
        }
        let meanLuma = luma / weight
        func channel(_ sum: Double) -> UInt8 { UInt8(min(255, max(0, (sum / weight).rounded()))) }
        return ImageTone(mean: Color(r: channel(r), g: channel(g), b: channel(b)),
                         lumaDeviation: max(0, lumaSquared / weight - meanLuma * meanLuma).squareRoot())
    }
}

/// What part of an image looks like to text laid over it: its mean colour (light or dark) and how
/// much its brightness varies (busy or calm).
public struct ImageTone: Sendable, Equatable {
    /// The area-weighted mean of the pixels (sRGB-encoded, as drawn: a scrim composites over it
    /// as it does over each pixel).
    public var mean: Color
    /// The standard deviation of the pixels' luma (`luma`), in levels (0...255): 0 for a flat
    /// region, about 127 for one half black and half white.
    public var lumaDeviation: Double

    public init(mean: Color, lumaDeviation: Double) {
        self.mean = mean
        self.lumaDeviation = lumaDeviation
    }

    /// Rec. 709 luma of encoded channels: how bright a pixel looks, in levels.
    public static func luma(_ r: Double, _ g: Double, _ b: Double) -> Double { 0.2126 * r + 0.7152 * g + 0.0722 * b }

    /// The region's light end: its mean lifted by one deviation on every channel (about the 84th
    /// percentile of a normal spread). Text legible over this is legible over most of the region.
    public var lightEnd: Color {
        func up(_ c: UInt8) -> UInt8 { UInt8(min(255, (Double(c) + lumaDeviation).rounded())) }
        return Color(r: up(mean.r), g: up(mean.g), b: up(mean.b))
    }
}
