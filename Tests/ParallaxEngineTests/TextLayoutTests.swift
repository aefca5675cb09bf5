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
        for line in lines {
            let lineWidth: Double = Double(line.count) * 10
            #expect(lineWidth <= 100)
        }
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

@Suite struct BalancedLineBreakTests {
    let font = Font(size: 16)
    let measurer = TenPixelMeasurer()
    static let paragraphs = [
        "Swipe, drag or use the arrow keys. The photo behind moves slower than the page, the headline faster, and this paragraph faster still: three layers, three speeds.",
        "Let go mid-swipe and the pager settles on the nearest page, or the next one if you flicked it, starting at the speed your hand left it.",
        "Every frame",
        "a bb ccc dddd eeeee ffffff ggggggg hhhhhhhh",
    ]

    func width(_ line: String) -> Double { measurer.size(of: line, font: font).width }

    /// At every width from 40 to 900 px: as many lines as greedy wrapping, none wider than the box
    /// (but a single word wider than it), the same words in order, and no last line of one word
    /// wherever the last two words fit the box together.
    @Test(arguments: paragraphs)
    func balancedLinesKeepGreedysCountFitTheBoxAndLeaveNoOrphan(text: String) {
        let words = text.split(separator: " ").map(String.init)
        for box in stride(from: 40.0, through: 900, by: 10) {
            let greedy = TextLayout.wrap(text, font: font, width: box, measurer: measurer)
            let balanced = TextLayout.wrapBalanced(text, font: font, width: box, measurer: measurer)
            #expect(balanced.count == greedy.count, "at \(box)")
            #expect(balanced.flatMap { (line: String) -> [String] in line.split(separator: " ").map(String.init) } == words, "at \(box)")
            for line in balanced { #expect(width(line) <= box || !line.contains(" "), "\(line) at \(box)") }
            let lastTwo = words.suffix(2).joined(separator: " ")
            if balanced.count > 1, words.count > 1, width(lastTwo) <= box {
                #expect(balanced.last!.contains(" "), "an orphan at \(box): \(balanced)")
            }
        }
    }

    /// Balanced lines come out about even where greedy ones leave a word alone: the first paragraph
    /// in 800 px (80 characters) is 79, 73 and "speeds." greedily, 51, 52 and 56 characters balanced.
    @Test func balancedLinesAreEvenWhereGreedyLeavesAWordAlone() {
        let text = Self.paragraphs[0]
        let greedy = TextLayout.wrap(text, font: font, width: 800, measurer: measurer)
        let balanced = TextLayout.wrapBalanced(text, font: font, width: 800, measurer: measurer)
        #expect(greedy.map(\.count) == [79, 73, 7] && greedy.last == "speeds.")
        #expect(balanced.map(\.count) == [51, 52, 56])
        let spread = { (lines: [String]) in lines.map(width).max()! - lines.map(width).min()! }
        #expect(spread(balanced) < spread(greedy) / 2)
    }

    @Test func anOrphanTakesTheWordAboveIt() {
        // At 90 px greedy gives "aaaa bbbb" / "cccc"; narrower than 90 the count grows, so balancing
        // keeps it, and the last word alone takes "bbbb".
        #expect(TextLayout.wrap("aaaa bbbb cccc", font: font, width: 90, measurer: measurer) == ["aaaa bbbb", "cccc"])
        #expect(TextLayout.wrapBalanced("aaaa bbbb cccc", font: font, width: 90, measurer: measurer) == ["aaaa", "bbbb cccc"])
        // A two-word headline on two lines has nothing to pull.
        #expect(TextLayout.wrapBalanced("Every frame", font: font, width: 60, measurer: measurer) == ["Every", "frame"])
        #expect(TextLayout.wrapBalanced("one\n\ntwo three", font: font, width: 100, measurer: measurer) == ["one", "", "two three"])
    }

    @Test func fitBalancedShrinksAsFitDoes() {
        let text = Self.paragraphs[1]
        for box in [200.0, 320, 500] {
            let plain = TextLayout.fit(text, font: Font(size: 18), minSize: 13, width: box, maxLines: 6, measurer: HalfEmTextMeasurer())
            let balanced = TextLayout.fit(text, font: Font(size: 18), minSize: 13, width: box, maxLines: 6, balanced: true, measurer: HalfEmTextMeasurer())
            #expect(balanced.font == plain.font && balanced.lines.count == plain.lines.count, "at \(box)")
            #expect(balanced.lines == TextLayout.wrapBalanced(text, font: balanced.font, width: box, measurer: HalfEmTextMeasurer()))
        }
    }
}
