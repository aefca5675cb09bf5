import ParallaxEngine
import Testing
@testable import ParallaxSDL

/// `DisplayListRenderer.firstCoveringImage`: which leading commands (and the clear) the renderer may
/// skip because opaque images drawn later cover the whole output.
@Suite struct OcclusionTests {
    let output = Size(width: 1280, height: 800)
    let source = Rect(x: 0, y: 0, width: 2304, height: 800)

    /// The pager mid-swipe: a background, then two pages whose photos (wider than a page) are
    /// clipped to their page rects, which meet at a fractional x; then text over them.
    func pager(split: Double, opacity: Double = 1, pageHeight: Double = 800) -> DisplayList {
        var list = DisplayList()
        list.fill(Rect(x: 0, y: 0, width: 1280, height: 800), Color(r: 20, g: 20, b: 24))
        list.image("a.jpg", source: source, destination: Rect(x: split - 1280 - 300.4, y: 0, width: 2304, height: 800),
                   clip: Rect(x: split - 1280, y: 0, width: 1280, height: pageHeight), opacity: opacity)
        list.text("Headline", font: Font(size: 30), at: Point(x: 100, y: 300), color: Color(r: 255, g: 255, b: 255))
        list.image("b.jpg", source: source, destination: Rect(x: split - 300.4, y: 0, width: 2304, height: 800),
                   clip: Rect(x: split, y: 0, width: 1280, height: pageHeight))
        return list
    }

    @Test(arguments: [0.0, 0.5, 417.37, 1279.6])
    func pagesThatMeetCoverTheWindowFromTheFirstPhoto(split: Double) {
        #expect(DisplayListRenderer.firstCoveringImage(in: pager(split: split).commands, output: output) == 1)
    }

    @Test func aTranslucentPageCoversNothing() {
        #expect(DisplayListRenderer.firstCoveringImage(in: pager(split: 600, opacity: 0.99).commands, output: output) == nil)
    }

    @Test func pagesShorterThanTheWindowCoverNothing() {
        #expect(DisplayListRenderer.firstCoveringImage(in: pager(split: 600, pageHeight: 799).commands, output: output) == nil)
    }

    /// Rubber-banding past the first page: the background shows to the left of it.
    @Test func aGapLeavesTheClear() {
        var list = DisplayList()
        list.fill(Rect(x: 0, y: 0, width: 1280, height: 800), Color(r: 20, g: 20, b: 24))
        list.image("a.jpg", source: source, destination: Rect(x: 40.5, y: 0, width: 2304, height: 800),
                   clip: Rect(x: 40.5, y: 0, width: 1280, height: 800))
        #expect(DisplayListRenderer.firstCoveringImage(in: list.commands, output: output) == nil)
    }

    /// A feed card's photo is clipped to its card: not full height, so the feed is always cleared.
    @Test func cardsDoNotCover() {
        var list = DisplayList()
        list.image("a.jpg", source: source, destination: Rect(x: 0, y: -100, width: 1280, height: 1000),
                   clip: Rect(x: 16, y: 0, width: 1248, height: 800))
        #expect(DisplayListRenderer.firstCoveringImage(in: list.commands, output: output) == nil)
    }
}
