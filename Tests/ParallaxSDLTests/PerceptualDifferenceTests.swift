import Testing
import ParallaxFrame
@testable import ParallaxVisualRegression
@testable import ParallaxSDL

/// A `width`x`height` image of one colour, then `paint` sets chosen pixels.
func solid(_ width: Int, _ height: Int, _ colour: (UInt8, UInt8, UInt8),
           paint: (_ x: Int, _ y: Int) -> (UInt8, UInt8, UInt8)? = { _, _ in nil }) -> PixelImage {
    var image = PixelImage(width: width, height: height)
    for y in 0..<height {
        for x in 0..<width {
            let c = paint(x, y) ?? colour
            let i = (y * width + x) * 3
            image.bytes[i] = c.0; image.bytes[i + 1] = c.1; image.bytes[i + 2] = c.2
        }
    }
    return image
}

@Suite struct PerceptualDifferenceTests {
    func distance(_ a: (UInt8, UInt8, UInt8), _ b: (UInt8, UInt8, UInt8)) -> Double {
        PerceptualDifference.squaredDistance(solid(1, 1, a), 0, solid(1, 1, b), 0)
    }

    // Literals worked by hand from Kotsarenko and Ramos's weights (0.5053 Y² + 0.299 I² + 0.1957 Q²)
    // and the NTSC rows pixelmatch uses.
    @Test func theYIQDistanceIsPixelmatchs() {
        // Black against white: I and Q rows sum to 0, the Y row to 1.00000001: 0.5053 * 255².
        #expect(abs(distance((0, 0, 0), (255, 255, 255)) - 32857.1332) < 1e-3)
        // Darker second pixel: negative.
        #expect(abs(distance((255, 255, 255), (0, 0, 0)) + 32857.1332) < 1e-3)
        // Red against black: Y 76.2183, I 151.9744, Q 53.9249.
        #expect(abs(distance((0, 0, 0), (255, 0, 0)) - 10410.2469) < 1e-3)
        // Red against cyan is pixelmatch's largest distance, 35215.
        #expect(abs(distance((255, 0, 0), (0, 255, 255)).magnitude - 35214.749) < 1e-2)
        #expect(abs(PerceptualDifference.normalized(distance((255, 0, 0), (0, 255, 255))) - 0.999996) < 1e-5)
        #expect(distance((7, 8, 9), (7, 8, 9)) == 0)
        // 4 levels of red on grey: Y 1.19558, I 2.38391, Q 0.84588 -> 2.56154, as a threshold 0.0085288.
        #expect(abs(distance((100, 100, 100), (104, 100, 100)) - 2.56154) < 1e-4)
        #expect(abs(PerceptualDifference.normalized(2.56154) - 0.0085288) < 1e-6)
    }

    @Test func aPixelPassesWhileItsDistanceIsWithinTheThreshold() {
        let grey = solid(4, 4, (100, 100, 100))
        let tinted = solid(4, 4, (100, 100, 100)) { x, y in x == 2 && y == 1 ? (104, 100, 100) : nil }
        let exact = PixelComparison(expected: grey, actual: tinted)
        #expect(exact.differingPixels == 1 && exact.largestChannelDelta == 4)
        #expect(abs(exact.largestPerceptualDistance - 0.0085288) < 1e-6)
        let loose = PixelComparison(expected: grey, actual: tinted, tolerance: .init(perceptualThreshold: 0.0086))
        #expect(loose.differingPixels == 0 && loose.antialiasedPixels == 0 && loose.passed)
        let tight = PixelComparison(expected: grey, actual: tinted, tolerance: .init(perceptualThreshold: 0.0085))
        // A lone pixel has eight equal neighbours in the expected image and no darker one in the
        // actual: no edge, so it differs.
        #expect(tight.differingPixels == 1 && tight.antialiasedPixels == 0 && !tight.passed)
        // The per-channel delta no longer decides under a perceptual threshold.
        let ignored = PixelComparison(expected: grey, actual: tinted, tolerance: .init(maxChannelDelta: 10, perceptualThreshold: 0.0085))
        #expect(ignored.differingPixels == 1)
    }

    /// Black left of x = 5, white from it; `edge` paints column 5 grey, as a renderer that blends
    /// the edge does.
    func edgeImage(greyEdge: Bool) -> PixelImage {
        solid(10, 10, (255, 255, 255)) { x, _ in x < 5 ? (0, 0, 0) : (greyEdge && x == 5 ? (128, 128, 128) : nil) }
    }

    @Test func anAntiAliasedEdgeIsToldApartFromARealChange() {
        let hard = edgeImage(greyEdge: false), soft = edgeImage(greyEdge: true)
        // Grey against white is far beyond 0.1: sqrt(0.5053 * 127² / 35215) = 0.4811.
        let exact = PixelComparison(expected: hard, actual: soft)
        #expect(exact.differingPixels == 10)
        #expect(abs(exact.largestPerceptualDistance - 0.4811) < 1e-4)
        // Each grey pixel has a darker and a brighter neighbour, each in a flat run of its colour in
        // both images: an edge, every one of the ten, in every row including the first and last.
        #expect(PerceptualDifference.isAntialiased(soft, x: 5, y: 0, other: hard))
        #expect(PerceptualDifference.isAntialiased(soft, x: 5, y: 4, other: hard))
        // In the hard image column 5 is white among three white neighbours: no edge there.
        #expect(!PerceptualDifference.isAntialiased(hard, x: 5, y: 4, other: soft))
        let perceptual = PixelComparison(expected: hard, actual: soft, tolerance: .init(perceptualThreshold: 0.1))
        #expect(perceptual.differingPixels == 0 && perceptual.antialiasedPixels == 10 && perceptual.passed)
        let counted = PixelComparison(expected: hard, actual: soft, tolerance: .init(perceptualThreshold: 0.1, countsAntialiased: true))
        #expect(counted.differingPixels == 10 && counted.antialiasedPixels == 0)

        // A grey block in the white half, and a one-pixel grey line across it: real changes. The
        // block's pixels have three or more equal neighbours; the line's are darker than all their
        // other neighbours, never between a darker and a brighter one.
        let changed = solid(10, 10, (255, 255, 255)) { x, y in
            if x < 5 { return (0, 0, 0) }
            if (6...8).contains(x) && (1...3).contains(y) { return (128, 128, 128) }
            if y == 7 && x >= 6 { return (128, 128, 128) }
            return nil
        }
        let real = PixelComparison(expected: hard, actual: changed, tolerance: .init(perceptualThreshold: 0.1))
        #expect(real.differingPixels == 9 + 4 && real.antialiasedPixels == 0 && !real.passed)
    }

    @Test func theDiffPaintsRealChangesRedAndLetPassEdgesYellow() {
        let hard = edgeImage(greyEdge: false)
        let soft = solid(10, 10, (255, 255, 255)) { x, y in
            if x < 5 { return (0, 0, 0) }
            if x == 5 { return (128, 128, 128) }
            return x == 8 && y == 8 ? (0, 0, 255) : nil
        }
        let diff = PixelComparison.diffImage(expected: hard, actual: soft, tolerance: .init(perceptualThreshold: 0.1))
        for y in 0..<10 {
            #expect(diff[5, y] == (255, 255, 0))
            #expect(diff[2, y] == (0, 0, 0))
        }
        #expect(diff[8, 8] == (255, 0, 0))
        // Unchanged pixels: the actual frame at a third.
        #expect(diff[7, 7] == (85, 85, 85))
        let exact = PixelComparison.diffImage(expected: hard, actual: soft, tolerance: .init())
        #expect(exact[5, 3] == (255, 0, 0) && exact[8, 8] == (255, 0, 0))
    }
}
