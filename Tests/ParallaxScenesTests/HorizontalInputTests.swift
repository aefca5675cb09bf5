import Foundation
import Testing
@testable import ParallaxEngine
@testable import ParallaxScenes

@Suite struct HorizontalInputTests {
    let viewport = Size(width: 1280, height: 800)

    func pager() -> PagerScene { PagerScene(viewport: viewport, environment: testEnvironment()) }

    @Test func horizontalWheelShiftWheelAndHorizontalDragsPageThePager() {
        let byDx = pager()
        byDx.handle(.wheel(dx: 1, dy: 0, shift: false), at: 0)
        byDx.update(to: 2)
        #expect(byDx.currentPage == 1)

        let byShift = pager()
        byShift.handle(.wheel(dx: 0, dy: 1, shift: true), at: 0)  // Shift+wheel down: forwards
        byShift.update(to: 2)
        #expect(byShift.currentPage == 1)

        let byDrag = pager()
        byDrag.handle(.mouseDown(Point(x: 900, y: 400)), at: 0)
        for i in 1...6 { byDrag.handle(.mouseMove(Point(x: 900 - Double(i) * 60, y: 400 + Double(i))), at: Double(i) * 0.016) }
        byDrag.handle(.mouseUp(Point(x: 540, y: 406)), at: 0.096)
        byDrag.update(to: 2)
        #expect(byDrag.currentPage == 1)

        let byTrackpad = pager()
        for i in 0..<10 { byTrackpad.handle(.scroll(dx: 35, dy: 0, liftFollows: true, shift: false), at: Double(i) * 0.016) }
        byTrackpad.update(to: 9 * 0.016)
        #expect(byTrackpad.offset == 350, "the fingers move it 1:1 and at once: \(byTrackpad.offset)")
        // 350 px in 144 ms is 2,430 px/s: lifted, the page settles on the next page.
        byTrackpad.handle(.fingersLifted, at: 9 * 0.016)
        byTrackpad.update(to: 2)
        #expect(byTrackpad.currentPage == 1)
    }

    @Test func verticalInputScrollsTheVerticalScenesOnly() {
        let feed = FeedScene(viewport: viewport, environment: testEnvironment())
        feed.handle(.wheel(dx: 3, dy: 0, shift: false), at: 0)
        feed.handle(.mouseDown(Point(x: 900, y: 400)), at: 0)
        feed.handle(.mouseUp(Point(x: 300, y: 400)), at: 0)
        feed.update(to: 2)
        #expect(feed.offset == 0, "horizontal wheel and drags do not scroll the feed")
    }

    @Test func clickingAPageDotGoesToThatPage() {
        let scene = pager()
        var list = DisplayList()
        scene.update(to: 0)
        scene.draw(into: &list)
        // The dots are the small discs at the bottom; the fourth is page 3.
        let total = 4 * PagerScene.dotSpacing
        let dot3 = Point(x: 640 - total / 2 + 3 * PagerScene.dotSpacing, y: 800 - 36)
        scene.handle(.mouseDown(dot3), at: 0)
        scene.handle(.mouseUp(dot3), at: 0.05)
        #expect(scene.scrollState.phase == .paging || scene.scroller.phase(at: 0.1) == .paging)
        scene.update(to: 2)
        #expect(scene.currentPage == 3)
    }
}
