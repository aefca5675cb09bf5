import ParallaxEngine

/// Decoded pixels compared with a golden: how many differ beyond a per-channel tolerance, by how
/// much at most, and pictures of where.
public struct PixelComparison: Sendable, Equatable {
    public struct Tolerance: Sendable, Equatable {
        /// A pixel differs when any channel differs by more than this (0...255).
        public var maxChannelDelta: Int
        /// The comparison passes while at most this fraction of pixels differ (0...1).
        public var maxDifferingFraction: Double
        public init(maxChannelDelta: Int = 0, maxDifferingFraction: Double = 0) {
            self.maxChannelDelta = maxChannelDelta
            self.maxDifferingFraction = maxDifferingFraction
        }
    }

    public let expectedSize: (width: Int, height: Int)
    public let actualSize: (width: Int, height: Int)
    public let differingPixels: Int
    public let largestChannelDelta: Int
    public let tolerance: Tolerance

    public var sizesMatch: Bool { expectedSize == actualSize }
    public var totalPixels: Int { actualSize.width * actualSize.height }
    public var differingFraction: Double { totalPixels > 0 ? Double(differingPixels) / Double(totalPixels) : 0 }
    public var passed: Bool { sizesMatch && differingFraction <= tolerance.maxDifferingFraction }

    public static func == (a: PixelComparison, b: PixelComparison) -> Bool {
        a.expectedSize == b.expectedSize && a.actualSize == b.actualSize && a.differingPixels == b.differingPixels
            && a.largestChannelDelta == b.largestChannelDelta && a.tolerance == b.tolerance
    }

    public init(expected: PixelImage, actual: PixelImage, tolerance: Tolerance = Tolerance()) {
        expectedSize = (expected.width, expected.height)
        actualSize = (actual.width, actual.height)
        self.tolerance = tolerance
        guard expected.width == actual.width, expected.height == actual.height else {
            differingPixels = actual.width * actual.height
            largestChannelDelta = 255
            return
        }
        var differing = 0, largest = 0
        expected.bytes.withUnsafeBufferPointer { e in
            actual.bytes.withUnsafeBufferPointer { a in
                var i = 0
                while i < e.count {
                    let d = max(abs(Int(e[i]) - Int(a[i])), abs(Int(e[i + 1]) - Int(a[i + 1])), abs(Int(e[i + 2]) - Int(a[i + 2])))
                    if d > tolerance.maxChannelDelta { differing += 1 }
                    largest = max(largest, d)
                    i += 3
                }
            }
        }
        differingPixels = differing
        largestChannelDelta = largest
    }

    /// The actual frame dimmed to a third, with every differing pixel in pure red.
    public static func diffImage(expected: PixelImage, actual: PixelImage, tolerance: Tolerance) -> PixelImage {
        var diff = PixelImage(width: actual.width, height: actual.height)
        let comparable = expected.width == actual.width && expected.height == actual.height
        for i in stride(from: 0, to: actual.bytes.count, by: 3) {
            let d = comparable
                ? max(abs(Int(expected.bytes[i]) - Int(actual.bytes[i])), abs(Int(expected.bytes[i + 1]) - Int(actual.bytes[i + 1])),
                      abs(Int(expected.bytes[i + 2]) - Int(actual.bytes[i + 2])))
                : 255
            if d > tolerance.maxChannelDelta {
                diff.bytes[i] = 255; diff.bytes[i + 1] = 0; diff.bytes[i + 2] = 0
            } else {
                for c in 0..<3 { diff.bytes[i + c] = actual.bytes[i + c] / 3 }
            }
        }
        return diff
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
