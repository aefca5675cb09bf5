import Testing
@testable import ParallaxEngine
import ParallaxFrame

/// Every character 10 px wide: line widths are easy to reason about.
final class TenPixelMeasurer: TextMeasuring {
    func size(of text: String, font: Font) -> Size { Size(width: Double(text.count) * 10, height: 20) }
}

@Suite struct TextLayoutTests {
    let font = Font(size: 16)

    @Test func wrapsGreedilyAtTheWidth() {
        let lines = TextLayout.wrap("the quick brown fox jumps over", font: font, width: 100, measurer: TenPixelMeasurer())
        #expect(lines == ["the quick", "brown fox", "jumps over"])
        for line in lines { #expect(Double(line.count) * 10 <= 100) }
    }

    @Test func aWordWiderThanTheLineGetsItsOwnLine() {
        let lines = TextLayout.wrap("a supercalifragilistic b", font: font, width: 50, measurer: TenPixelMeasurer())
        #expect(lines == ["a", "supercalifragilistic", "b"])
    }

    @Test func newlinesStartParagraphs() {
        #expect(TextLayout.wrap("one\n\ntwo", font: font, width: 100, measurer: TenPixelMeasurer()) == ["one", "", "two"])
    }

    @Test func fitKeepsTheSizeWhenTheLinesFit() {
        // "Lift-off" at 44 px: 8 * 22 = 176 px.
        let fitted = TextLayout.fit("Lift-off", font: Font(size: 44, weight: .bold), minSize: 24, width: 200, measurer: HalfEmTextMeasurer())
        #expect(fitted.font == Font(size: 44, weight: .bold) && fitted.lines == ["Lift-off"])
    }

    @Test func fitShrinksAWordTooWideUntilItFits() {
        // "Curiosity" (9 characters) in 150 px: 9 * s / 2 <= 150 from s = 33 down.
        let fitted = TextLayout.fit("Curiosity", font: Font(size: 44), minSize: 24, width: 150, measurer: HalfEmTextMeasurer())
        #expect(fitted.font.size == 33 && fitted.lines == ["Curiosity"])
    }

    @Test func fitShrinksToTheLineLimitThenStopsAtTheMinimum() {
        // "Ten thousand galaxies" (21 characters) in 2 lines of 200 px: "Ten thousand" (12) fits at
        // 12 * s / 2 <= 200, s <= 33.3; at 34 the lines are "Ten", "thousand", "galaxies".
        let two = TextLayout.fit("Ten thousand galaxies", font: Font(size: 40), minSize: 20, width: 200, maxLines: 2, measurer: HalfEmTextMeasurer())
        #expect(two.font.size == 33 && two.lines == ["Ten thousand", "galaxies"])
        let tooNarrow = TextLayout.fit("Ten thousand galaxies", font: Font(size: 40), minSize: 20, width: 60, maxLines: 2, measurer: HalfEmTextMeasurer())
        #expect(tooNarrow.font.size == 20, "stops at the minimum, for the caller to clip")
    }

    @Test func fitLineShrinksOneLineByWholePixels() {
        // 40 characters in 300 px: 40 * s / 2 <= 300 from s = 15.
        let text = String(repeating: "x", count: 40)
        #expect(TextLayout.fitLine(text, font: Font(size: 17), minSize: 12, width: 300, measurer: HalfEmTextMeasurer()).size == 15)
        #expect(TextLayout.fitLine(text, font: Font(size: 17), minSize: 12, width: 100, measurer: HalfEmTextMeasurer()).size == 12)
        #expect(TextLayout.fitLine(text, font: Font(size: 17), minSize: 12, width: 400, measurer: HalfEmTextMeasurer()).size == 17)
    }
}
