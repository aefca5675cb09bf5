import ParallaxFrame

/// pixelmatch's perceptual comparison of two pixels: the YIQ colour distance of Kotsarenko and Ramos
/// ("Measuring perceived color difference using YIQ NTSC transmission color space in mobile
/// applications"), and the anti-aliased-pixel test of Vysniauskas ("Anti-aliased Pixel and Intensity
/// Slope Detector", 2009), with pixelmatch's constants, so a threshold means what it means there.
/// Images are opaque RGB, so pixelmatch's blending of translucent pixels over white never applies.
public enum PerceptualDifference {
    /// The largest squared YIQ distance two colours can have: a threshold `t` (0...1) lets a pixel
    /// pass while its distance is at most `t² * largestSquaredDistance`.
    public static let largestSquaredDistance = 35215.0

    static func luma(_ r: Double, _ g: Double, _ b: Double) -> Double { r * 0.29889531 + g * 0.58662247 + b * 0.11448223 }
    static func inPhase(_ r: Double, _ g: Double, _ b: Double) -> Double { r * 0.59597799 - g * 0.27417610 - b * 0.32180189 }
    static func quadrature(_ r: Double, _ g: Double, _ b: Double) -> Double { r * 0.21147017 - g * 0.52261711 + b * 0.31114694 }

    /// The squared YIQ distance between pixel `i` of `a` and pixel `j` of `b` (indices of pixels, not
    /// bytes), negative when `b`'s is the darker.
    public static func squaredDistance(_ a: PixelImage, _ i: Int, _ b: PixelImage, _ j: Int) -> Double {
        let (r1, g1, b1) = rgb(a, i), (r2, g2, b2) = rgb(b, j)
        if r1 == r2 && g1 == g2 && b1 == b2 { return 0 }
        let y1 = luma(r1, g1, b1), y2 = luma(r2, g2, b2)
        let y = y1 - y2
        let iDelta = inPhase(r1, g1, b1) - inPhase(r2, g2, b2)
        let q = quadrature(r1, g1, b1) - quadrature(r2, g2, b2)
        let delta = 0.5053 * y * y + 0.299 * iDelta * iDelta + 0.1957 * q * q
        return y1 > y2 ? -delta : delta
    }

    /// The distance as a threshold: the smallest `t` under which the two pixels still pass.
    public static func normalized(_ squaredDistance: Double) -> Double {
        (abs(squaredDistance) / largestSquaredDistance).squareRoot()
    }

    /// Whether pixel (x, y) of `image` looks like an anti-aliased edge: among its eight neighbours at
    /// most two have its colour, some are brighter and some darker, and the darkest or the brightest
    /// of them sits in a flat area (three or more neighbours of its own colour) in both `image` and
    /// `other`. Such a pixel changes when a renderer blends edges differently, not when the picture
    /// changes.
    public static func isAntialiased(_ image: PixelImage, x x1: Int, y y1: Int, other: PixelImage) -> Bool {
        let x0 = max(x1 - 1, 0), y0 = max(y1 - 1, 0)
        let x2 = min(x1 + 1, image.width - 1), y2 = min(y1 + 1, image.height - 1)
        let center = y1 * image.width + x1
        // A pixel on the border has fewer neighbours: pixelmatch counts the missing ones as one equal.
        var equal = x1 == x0 || x1 == x2 || y1 == y0 || y1 == y2 ? 1 : 0
        // The centre's luma less a neighbour's: the most negative is the brightest neighbour.
        var brightest = 0.0, darkest = 0.0
        var brightestAt = (x: 0, y: 0), darkestAt = (x: 0, y: 0)
        for x in x0...x2 {
            for y in y0...y2 where x != x1 || y != y1 {
                let delta = brightnessDifference(image, center, y * image.width + x)
                if delta == 0 {
                    equal += 1
                    if equal > 2 { return false }
                } else if delta < brightest {
                    brightest = delta
                    brightestAt = (x, y)
                } else if delta > darkest {
                    darkest = delta
                    darkestAt = (x, y)
                }
            }
        }
        if brightest == 0 || darkest == 0 { return false }
        return (hasManySiblings(image, darkestAt.x, darkestAt.y) && hasManySiblings(other, darkestAt.x, darkestAt.y))
            || (hasManySiblings(image, brightestAt.x, brightestAt.y) && hasManySiblings(other, brightestAt.x, brightestAt.y))
    }

    /// Luma of pixel `i` less luma of pixel `j`, both of `image`.
    static func brightnessDifference(_ image: PixelImage, _ i: Int, _ j: Int) -> Double {
        let (r1, g1, b1) = rgb(image, i), (r2, g2, b2) = rgb(image, j)
        if r1 == r2 && g1 == g2 && b1 == b2 { return 0 }
        return luma(r1, g1, b1) - luma(r2, g2, b2)
    }

    /// Three or more of the pixel's neighbours (a missing one on the border counting as one) have
    /// exactly its colour.
    static func hasManySiblings(_ image: PixelImage, _ x1: Int, _ y1: Int) -> Bool {
        let x0 = max(x1 - 1, 0), y0 = max(y1 - 1, 0)
        let x2 = min(x1 + 1, image.width - 1), y2 = min(y1 + 1, image.height - 1)
        let center = (y1 * image.width + x1) * 3
        var equal = x1 == x0 || x1 == x2 || y1 == y0 || y1 == y2 ? 1 : 0
        for x in x0...x2 {
            for y in y0...y2 where x != x1 || y != y1 {
                let other = (y * image.width + x) * 3
                if image.bytes[center] == image.bytes[other] && image.bytes[center + 1] == image.bytes[other + 1]
                    && image.bytes[center + 2] == image.bytes[other + 2] {
                    equal += 1
                }
                if equal > 2 { return true }
            }
        }
        return false
    }

    private static func rgb(_ image: PixelImage, _ pixel: Int) -> (Double, Double, Double) {
        let k = pixel * 3
        return (Double(image.bytes[k]), Double(image.bytes[k + 1]), Double(image.bytes[k + 2]))
    }
}
