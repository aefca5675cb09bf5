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

    /// An image's RGB bytes as the loops over its pixels read them: through a pointer, not the
    /// array (a debug build runs the tests' comparisons, where each array access is a call).
    struct Pixels {
        let bytes: UnsafePointer<UInt8>
        let width: Int
        let height: Int

        func rgb(_ pixel: Int) -> (Double, Double, Double) {
            let k = pixel * 3
            // Through Int: Double(UInt8) is the generic initializer, a call through witness tables
            // in a debug build; Double(Int) is built in.
            return (Double(Int(bytes[k])), Double(Int(bytes[k + 1])), Double(Int(bytes[k + 2])))
        }
    }

    /// Runs `body` with `image`'s pixels.
    static func withPixels<R>(_ image: PixelImage, _ body: (Pixels) -> R) -> R {
        image.bytes.withUnsafeBufferPointer { buffer in
            guard let bytes = buffer.baseAddress else { preconditionFailure("an image of no pixels has no pixel to compare") }
            return body(Pixels(bytes: bytes, width: image.width, height: image.height))
        }
    }

    /// The squared YIQ distance between pixel `i` of `a` and pixel `j` of `b` (indices of pixels, not
    /// bytes), negative when `b`'s is the darker.
    public static func squaredDistance(_ a: PixelImage, _ i: Int, _ b: PixelImage, _ j: Int) -> Double {
        withPixels(a) { a in withPixels(b) { b in squaredDistance(a, i, b, j) } }
    }

    static func squaredDistance(_ a: Pixels, _ i: Int, _ b: Pixels, _ j: Int) -> Double {
        let (r1, g1, b1) = a.rgb(i), (r2, g2, b2) = b.rgb(j)
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
    public static func isAntialiased(_ image: PixelImage, x: Int, y: Int, other: PixelImage) -> Bool {
        withPixels(image) { image in withPixels(other) { other in isAntialiased(image, x: x, y: y, other: other) } }
    }

    // The loops below compare bytes through the pointer and step with `while`, clamp with `?:`
    // rather than the generic `min` and `max`, and use no `defer`: each of those is a call per
    // neighbour in a debug build, and a changed frame runs them for each of its pixels.
    static func isAntialiased(_ image: Pixels, x x1: Int, y y1: Int, other: Pixels) -> Bool {
        let x0 = x1 > 0 ? x1 - 1 : 0, y0 = y1 > 0 ? y1 - 1 : 0
        let x2 = x1 < image.width - 1 ? x1 + 1 : image.width - 1, y2 = y1 < image.height - 1 ? y1 + 1 : image.height - 1
        let center = y1 * image.width + x1
        // A pixel on the border has fewer neighbours: pixelmatch counts the missing ones as one equal.
        var equal = x1 == x0 || x1 == x2 || y1 == y0 || y1 == y2 ? 1 : 0
        // The centre's luma less a neighbour's: the most negative is the brightest neighbour.
        var brightest = 0.0, darkest = 0.0
        var brightestX = 0, brightestY = 0, darkestX = 0, darkestY = 0
        var x = x0
        while x <= x2 {
            var y = y0
            while y <= y2 {
                if x != x1 || y != y1 {
                    let delta = brightnessDifference(image, center, y * image.width + x)
                    if delta == 0 {
                        equal += 1
                        if equal > 2 { return false }
                    } else if delta < brightest {
                        brightest = delta
                        brightestX = x
                        brightestY = y
                    } else if delta > darkest {
                        darkest = delta
                        darkestX = x
                        darkestY = y
                    }
                }
                y += 1
            }
            x += 1
        }
        if brightest == 0 || darkest == 0 { return false }
        return (hasManySiblings(image, darkestX, darkestY) && hasManySiblings(other, darkestX, darkestY))
            || (hasManySiblings(image, brightestX, brightestY) && hasManySiblings(other, brightestX, brightestY))
    }

    /// Luma of pixel `i` less luma of pixel `j`, both of `image`.
    static func brightnessDifference(_ image: Pixels, _ i: Int, _ j: Int) -> Double {
        let a = i * 3, b = j * 3, bytes = image.bytes
        if bytes[a] == bytes[b] && bytes[a + 1] == bytes[b + 1] && bytes[a + 2] == bytes[b + 2] { return 0 }
        let (r1, g1, b1) = image.rgb(i), (r2, g2, b2) = image.rgb(j)
        return luma(r1, g1, b1) - luma(r2, g2, b2)
    }

    /// Three or more of the pixel's neighbours (a missing one on the border counting as one) have
    /// exactly its colour.
    static func hasManySiblings(_ image: Pixels, _ x1: Int, _ y1: Int) -> Bool {
        let x0 = x1 > 0 ? x1 - 1 : 0, y0 = y1 > 0 ? y1 - 1 : 0
        let x2 = x1 < image.width - 1 ? x1 + 1 : image.width - 1, y2 = y1 < image.height - 1 ? y1 + 1 : image.height - 1
        let bytes = image.bytes, center = (y1 * image.width + x1) * 3
        let red = bytes[center], green = bytes[center + 1], blue = bytes[center + 2]
        var equal = x1 == x0 || x1 == x2 || y1 == y0 || y1 == y2 ? 1 : 0
        var x = x0
        while x <= x2 {
            var y = y0
            while y <= y2 {
                let other = (y * image.width + x) * 3
                if (x != x1 || y != y1) && bytes[other] == red && bytes[other + 1] == green && bytes[other + 2] == blue {
                    equal += 1
                    if equal > 2 { return true }
                }
                y += 1
            }
            x += 1
        }
        return false
    }
}
