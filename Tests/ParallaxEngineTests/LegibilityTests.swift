import Foundation
import Testing
@testable import ParallaxEngine

@Suite struct LegibilityTests {
    /// WCAG 2's relative luminance, written out here from its definition.
    func luminance(_ c: Color) -> Double {
        func linear(_ v: UInt8) -> Double {
            let s = Double(v) / 255
            return s <= 0.03928 ? s / 12.92 : pow((s + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(c.r) + 0.7152 * linear(c.g) + 0.0722 * linear(c.b)
    }

    @Test func contrastIsWCAGs() {
        #expect(abs(Legibility.contrastRatio(.white, Color(gray: 0)) - 21) < 1e-9)
        // #777 on white, WCAG's best-known near miss: 4.48.
        #expect(abs(Legibility.contrastRatio(Color(gray: 0x77), .white) - 4.48) < 0.005)
        let a = Color(r: 200, g: 120, b: 40), b = Color(r: 20, g: 40, b: 90)
        #expect(abs(Legibility.contrastRatio(a, b) - (luminance(a) + 0.05) / (luminance(b) + 0.05)) < 1e-12)
        #expect(Legibility.contrastRatio(a, b) == Legibility.contrastRatio(b, a))
    }

    /// The scrim alpha is the least that reaches the ratio: at it, the text (blended at its alpha
    /// over the scrimmed colour) has 4.5:1; a hundredth less, it has not.
    @Test(arguments: [Color(gray: 255), Color(r: 230, g: 200, b: 225), Color(r: 220, g: 150, b: 80), Color(gray: 128)])
    func theScrimIsTheLeastThatReachesTheRatio(under: Color) {
        let text = Color(r: 240, g: 242, b: 247, a: 225), scrim = Color(r: 8, g: 10, b: 16)
        func contrast(_ a: Double) -> Double {
            func mix(_ x: Double, _ y: Double, _ k: Double) -> UInt8 { UInt8((x + (y - x) * k).rounded()) }
            let behind = Color(r: mix(Double(under.r), Double(scrim.r), a), g: mix(Double(under.g), Double(scrim.g), a),
                               b: mix(Double(under.b), Double(scrim.b), a))
            return (luminance(text.composited(over: behind)) + 0.05) / (luminance(behind) + 0.05)
        }
        let a = Legibility.scrimAlpha(text: text, over: under, scrim: scrim)
        #expect(a > 0 && a < 1)
        // Rounded to levels here, so within a level of the ratio.
        #expect(contrast(a + 1.0 / 255) >= 4.5, "at \(a)")
        #expect(contrast(a - 0.01) < 4.5, "at \(a)")
    }

    @Test func aDarkPhotoNeedsNoScrimAndAScrimLikeTheTextCannotHelp() {
        let text = Color(r: 240, g: 242, b: 247)
        #expect(Legibility.scrimAlpha(text: text, over: Color(r: 10, g: 30, b: 60), scrim: Color(gray: 0)) == 0)
        // Grey text on white is 3.95:1, and a grey scrim only brings the two closer.
        #expect(Legibility.scrimAlpha(text: Color(gray: 128), over: .white, scrim: Color(gray: 128)) == 1)
    }
}

@Suite struct ImageToneTests {
    /// A 4x2 thumbnail: black, white, red, blue on top, all mid grey below.
    let thumbnail = ImageThumbnail(width: 4, height: 2, pixels: [0x000000, 0xFFFFFF, 0xFF0000, 0x0000FF, 0x808080, 0x808080, 0x808080, 0x808080])

    @Test func aRegionWeighsEachPixelByTheAreaItCovers() {
        // The top row's left half: black and white equally, luma 0 and 255.
        let half = thumbnail.tone(in: Rect(x: 0, y: 0, width: 0.5, height: 0.5))
        #expect(half.mean == Color(gray: 128) && abs(half.lumaDeviation - 127.5) < 1e-9)
        // Three quarters of black's column and a quarter of white's: a quarter of 255.
        let skewed = thumbnail.tone(in: Rect(x: 1.0 / 16, y: 0, width: 0.25, height: 0.5))
        #expect(skewed.mean == Color(gray: 64))
        #expect(abs(skewed.lumaDeviation - (0.25 * 0.75).squareRoot() * 255) < 1e-9)
        // The bottom row: flat.
        #expect(thumbnail.tone(in: Rect(x: 0, y: 0.5, width: 1, height: 0.5)) == ImageTone(mean: Color(gray: 128), lumaDeviation: 0))
        // Outside the image: ignored; nothing of it: the whole image.
        #expect(thumbnail.tone(in: Rect(x: -1, y: 0.5, width: 2, height: 2)) == ImageTone(mean: Color(gray: 128), lumaDeviation: 0))
        #expect(thumbnail.tone(in: Rect(x: 2, y: 2, width: 1, height: 1)) == thumbnail.tone(in: Rect(x: 0, y: 0, width: 1, height: 1)))
    }

    @Test func theMeanColourIsEveryPixelsMean() {
        // Red: (0 + 255 + 255 + 0 + 4 * 128) / 8 = 127.75; green (255 + 512) / 8 = 95.9; blue (255 + 255 + 512) / 8 = 127.75.
        #expect(thumbnail.meanColor == Color(r: 128, g: 96, b: 128))
    }

    @Test func theLightEndIsTheMeanLiftedByOneDeviation() {
        let tone = ImageTone(mean: Color(r: 100, g: 200, b: 250), lumaDeviation: 20.4)
        #expect(tone.lightEnd == Color(r: 120, g: 220, b: 255))
    }
}

@Suite struct PageIndicatorTests {
    /// Between pages p and p + 1 at f = p + u: from p + max(0, 2u - 1) to p + min(1, 2u).
    @Test func theIndicatorRunsAheadThenCatchesUp() {
        for f in stride(from: 0.0, through: 4.0, by: 0.05) {
            let p = min(3, f.rounded(.down)), u = f - p
            let span = PageIndicator.span(fraction: f, pageCount: 5)
            #expect(abs(span.start - (p + max(0, 2 * u - 1))) < 1e-12 && abs(span.end - (p + min(1, 2 * u))) < 1e-12, "at \(f)")
            #expect(abs((span.start + span.end) / 2 - f) < 1e-12, "its middle is the fraction")
        }
        #expect(PageIndicator.span(fraction: 2, pageCount: 5) == (2, 2))
        #expect(PageIndicator.span(fraction: 2.5, pageCount: 5) == (2, 3))
        #expect(PageIndicator.span(fraction: 2.25, pageCount: 5) == (2, 2.5))
    }

    @Test func overscrollHoldsItAtTheEnds() {
        #expect(PageIndicator.span(fraction: -0.3, pageCount: 5) == (0, 0))
        #expect(PageIndicator.span(fraction: 4.4, pageCount: 5) == (4, 4))
        #expect(PageIndicator.span(fraction: .nan, pageCount: 5) == (0, 0))
        #expect(PageIndicator.span(fraction: 0.7, pageCount: 1) == (0, 0))
    }
}
