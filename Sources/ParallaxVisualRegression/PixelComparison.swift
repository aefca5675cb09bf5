import Glibc
import ParallaxEngine
import ParallaxFrame

/// Decoded pixels compared with a golden: how many differ beyond a per-channel tolerance or a
/// perceptual threshold (`PerceptualDifference`), by how much at most, and pictures of where.
public struct PixelComparison: Sendable, Equatable {
    public struct Tolerance: Sendable, Equatable {
        /// A pixel differs when any channel differs by more than this (0...255). Not used when
        /// `perceptualThreshold` is set.
        public var maxChannelDelta: Int
        /// The comparison passes while at most this fraction of pixels differ (0...1).
        public var maxDifferingFraction: Double
        /// When set (0...1, pixelmatch's `threshold`), a pixel differs when its YIQ colour distance is
        /// more than this fraction of the largest possible and it is no anti-aliased edge
        /// (`PerceptualDifference`); nil compares channels exactly against `maxChannelDelta`.
        public var perceptualThreshold: Double?
        /// With a perceptual threshold, count anti-aliased pixels as differing too (pixelmatch's `includeAA`).
        public var countsAntialiased: Bool
        public init(maxChannelDelta: Int = 0, maxDifferingFraction: Double = 0, perceptualThreshold: Double? = nil,
                    countsAntialiased: Bool = false) {
            self.maxChannelDelta = maxChannelDelta
            self.maxDifferingFraction = maxDifferingFraction
            self.perceptualThreshold = perceptualThreshold
            self.countsAntialiased = countsAntialiased
        }
    }

    /// How a pixel that is not identical compared.
    enum PixelVerdict {
        case withinTolerance
        /// Beyond the perceptual threshold, but an anti-aliased edge in one of the images.
        case antialiased
        case differing
    }

    public let expectedSize: (width: Int, height: Int)
    public let actualSize: (width: Int, height: Int)
    public let differingPixels: Int
    public let largestChannelDelta: Int
    public let tolerance: Tolerance
    /// Pixels beyond the perceptual threshold that were let pass as anti-aliased edges (0 without one).
    public let antialiasedPixels: Int
    /// The largest YIQ distance of any pixel as a threshold (`PerceptualDifference.normalized`): 0 for
    /// equal images, 0.966 for black against white, 1 for red against cyan (the most distant pair).
    public let largestPerceptualDistance: Double

    public var sizesMatch: Bool { expectedSize == actualSize }
    public var totalPixels: Int { actualSize.width * actualSize.height }
    public var differingFraction: Double { totalPixels > 0 ? Double(differingPixels) / Double(totalPixels) : 0 }
    public var passed: Bool { sizesMatch && differingFraction <= tolerance.maxDifferingFraction }

    public static func == (a: PixelComparison, b: PixelComparison) -> Bool {
        a.expectedSize == b.expectedSize && a.actualSize == b.actualSize && a.differingPixels == b.differingPixels
            && a.largestChannelDelta == b.largestChannelDelta && a.tolerance == b.tolerance
            && a.antialiasedPixels == b.antialiasedPixels && a.largestPerceptualDistance == b.largestPerceptualDistance
    }

    public init(expected: PixelImage, actual: PixelImage, tolerance: Tolerance = Tolerance()) {
        expectedSize = (expected.width, expected.height)
        actualSize = (actual.width, actual.height)
        self.tolerance = tolerance
        guard expected.width == actual.width, expected.height == actual.height else {
            differingPixels = actual.width * actual.height
            largestChannelDelta = 255
            antialiasedPixels = 0
            largestPerceptualDistance = 1
            return
        }
        var differing = 0, antialiased = 0
        (largestChannelDelta, largestPerceptualDistance) = Self.scan(expected, actual, tolerance) { _, verdict in
            switch verdict {
            case .differing: differing += 1
            case .antialiased: antialiased += 1
            case .withinTolerance: break
            }
        }
        differingPixels = differing
        antialiasedPixels = antialiased
    }

    /// Calls `visit` with the index and verdict of every pixel that is not identical (images of one
    /// size); returns the largest channel delta and the largest perceptual distance.
    static func scan(_ expected: PixelImage, _ actual: PixelImage, _ tolerance: Tolerance,
                     visit: (_ pixel: Int, _ verdict: PixelVerdict) -> Void) -> (channel: Int, perceptual: Double) {
        let limit = tolerance.perceptualThreshold.map { $0 * $0 * PerceptualDifference.largestSquaredDistance }
        let rowBytes = expected.width * 3
        // The largest squared distance, made a threshold once at the end (the square root keeps the order).
        var largest = 0, largestSquared = 0.0
        expected.bytes.withUnsafeBufferPointer { expectedBytes in
            actual.bytes.withUnsafeBufferPointer { actualBytes in
                guard let e = expectedBytes.baseAddress, let a = actualBytes.baseAddress else { return }
                let expectedPixels = PerceptualDifference.Pixels(bytes: e, width: expected.width, height: expected.height)
                let actualPixels = PerceptualDifference.Pixels(bytes: a, width: actual.width, height: actual.height)
                for y in 0..<expected.height {
                    // Most rows are identical: told apart by one comparison of their bytes. Within a
                    // row, pointers, a `while` loop and no generic `abs` or `max`, no range loop, no
                    // `defer` (a debug build runs the tests' comparisons, and calls each of those).
                    let rowStart = y * rowBytes
                    guard memcmp(e + rowStart, a + rowStart, rowBytes) != 0 else { continue }
                    var i = rowStart - 3
                    while i + 3 < rowStart + rowBytes {
                        i += 3
                        guard e[i] != a[i] || e[i + 1] != a[i + 1] || e[i + 2] != a[i + 2] else { continue }
                        let pixel = i / 3
                        let red = e[i] > a[i] ? Int(e[i] - a[i]) : Int(a[i] - e[i])
                        let green = e[i + 1] > a[i + 1] ? Int(e[i + 1] - a[i + 1]) : Int(a[i + 1] - e[i + 1])
                        let blue = e[i + 2] > a[i + 2] ? Int(e[i + 2] - a[i + 2]) : Int(a[i + 2] - e[i + 2])
                        let d = red > green ? (red > blue ? red : blue) : (green > blue ? green : blue)
                        if d > largest { largest = d }
                        let distance = PerceptualDifference.squaredDistance(expectedPixels, pixel, actualPixels, pixel)
                        let squared = distance < 0 ? -distance : distance
                        if squared > largestSquared { largestSquared = squared }
                        guard let limit else {
                            visit(pixel, d > tolerance.maxChannelDelta ? .differing : .withinTolerance)
                            continue
                        }
                        if squared <= limit {
                            visit(pixel, .withinTolerance)
                            continue
                        }
                        let x = pixel % expected.width
                        let edge = !tolerance.countsAntialiased
                            && (PerceptualDifference.isAntialiased(expectedPixels, x: x, y: y, other: actualPixels)
                                || PerceptualDifference.isAntialiased(actualPixels, x: x, y: y, other: expectedPixels))
                        visit(pixel, edge ? .antialiased : .differing)
                    }
                }
            }
        }
        return (largest, PerceptualDifference.normalized(largestSquared))
    }

    /// The actual frame dimmed to a third, with every differing pixel in pure red and, under a
    /// perceptual threshold, every anti-aliased one let pass in yellow (pixelmatch's colours).
    public static func diffImage(expected: PixelImage, actual: PixelImage, tolerance: Tolerance) -> PixelImage {
        var diff = PixelImage(width: actual.width, height: actual.height)
        actual.bytes.withUnsafeBufferPointer { source in
            diff.bytes.withUnsafeMutableBufferPointer { target in
                guard let from = source.baseAddress, let to = target.baseAddress else { return }
                var i = 0
                let count = target.count
                while i < count {
                    to[i] = from[i] / 3
                    i += 1
                }
            }
        }
        guard expected.width == actual.width, expected.height == actual.height else {
            for i in stride(from: 0, to: diff.bytes.count, by: 3) { paint(&diff, i, (255, 0, 0)) }
            return diff
        }
        _ = scan(expected, actual, tolerance) { pixel, verdict in
            switch verdict {
            case .differing: paint(&diff, pixel * 3, (255, 0, 0))
            case .antialiased: paint(&diff, pixel * 3, (255, 255, 0))
            case .withinTolerance: break
            }
        }
        return diff
    }

    private static func paint(_ image: inout PixelImage, _ i: Int, _ colour: (UInt8, UInt8, UInt8)) {
        image.bytes[i] = colour.0; image.bytes[i + 1] = colour.1; image.bytes[i + 2] = colour.2
    }

    /// Expected, actual and diff side by side (top-aligned, on black, 8 px apart).
    public static func sideBySide(_ images: [PixelImage]) -> PixelImage {
        let gap = 8
        let width = images.reduce(0) { $0 + $1.width } + gap * max(0, images.count - 1)
        let height = images.map(\.height).max() ?? 0
        var out = PixelImage(width: width, height: height)
        var x0 = 0
        for image in images {
            for y in 0..<image.height {
                let source = y * image.width * 3, target = (y * width + x0) * 3
                out.bytes.replaceSubrange(target..<(target + image.width * 3), with: image.bytes[source..<(source + image.width * 3)])
            }
            x0 += image.width + gap
        }
        return out
    }
}
