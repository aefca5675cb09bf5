import Testing
@testable import ParallaxEngine

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
}
