import Foundation
import Testing
@testable import ParallaxEngine
@testable import ParallaxScenes

/// The order photos are decoded ahead in at a fling's release (docs/photo-folders.md, "Prefetch").
@Suite struct FeedPrefetchTests {
    /// No section headers, no bars: cell i's container spans 12 + 489 i ..< 12 + 489 i + 405 in content
    /// (photo 405, caption 64, gap 20, padding 12), at 1280x800.
    func layout() -> FeedLayout {
        var settings = FeedSettings()
        settings.itemCount = 1000
        settings.sectionHeaderHeight = 0
        settings.itemsPerSection = 1000
        settings.topInset = 0
        return FeedLayout(settings: settings, viewport: Size(width: 1280, height: 800))
    }

    /// Items whose card (photo and caption, 469 px) meets the viewport at `offset`, by the formula above.
    func visible(at offset: Double) -> [Int] {
        (0..<1000).filter { (i: Int) -> Bool in
            let top: Double = 12 + 489 * Double(i)
            return top < offset + 800 && top + 469 > offset
        }
    }

    @Test func aFlingDownListsTheLandingFirstThenTheWayInTheOrderItComesIntoView() {
        let plan = FeedPrefetch.plan(layout(), from: 0, to: 5000)
        let landing = visible(at: 5000)
        #expect(landing == [10, 11])  // 4902 + 469 > 5000; 12 + 489 * 12 = 5880 is below the viewport
        #expect(Array(plan.prefix(landing.count)) == landing)
        let now = Set(visible(at: 0))
        let way = (0..<1000).filter { i in !now.contains(i) && !landing.contains(i) && 12 + 489 * Double(i) < 5800 }
        #expect(Array(plan.dropFirst(landing.count)) == way, "then 2...9, nearest first")
        #expect(plan.allSatisfy { !now.contains($0) }, "what is on screen is drawn, so asked for anyway")
    }

    @Test func aFlingUpListsItsWayFromTheBottomUp() {
        let plan = FeedPrefetch.plan(layout(), from: 9000, to: 4000)
        let landing = visible(at: 4000)
        let now = Set(visible(at: 9000))
        #expect(Array(plan.prefix(landing.count)) == landing)
        let way = (0..<1000).filter { (i: Int) -> Bool in
            let top: Double = 12 + 489 * Double(i)
            return !now.contains(i) && !landing.contains(i) && top + 469 > 4000 && top < 9800
        }
        let wayUp: [Int] = way.reversed()
        #expect(Array(plan.dropFirst(landing.count)) == wayUp)
    }

    @Test func nothingIsListedAtRestAndALongFlingIsCapped() {
        #expect(FeedPrefetch.plan(layout(), from: 3000, to: 3000).isEmpty)
        let long = FeedPrefetch.plan(layout(), from: 0, to: 400_000)
        #expect(long.count == FeedPrefetch.maxCells)
        let landing = visible(at: 400_000)
        #expect(Array(long.prefix(landing.count)) == landing)
        #expect(long[landing.count] == 2, "then the way, from the first cell below the viewport")
    }

    /// At rest the cells within a viewport below and above the view are listed, none on screen,
    /// each due when a fling at `reachSpeed` would bring it into view: by the formula above.
    @Test func atRestTheCellsBesideTheViewAreListedByWhenAFastFlingBringsThemIn() {
        let offset = 5000.0
        let listed = FeedPrefetch.neighbours(layout(), at: offset)
        let now = Set(visible(at: offset))
        let below = (0..<1000).filter { (i: Int) -> Bool in
            let top: Double = 12 + 489 * Double(i)
            return !now.contains(i) && top < offset + 1600 && top >= offset + 800
        }
        let above = (0..<1000).filter { (i: Int) -> Bool in
            let bottom: Double = 12 + 489 * Double(i) + 469
            return !now.contains(i) && bottom > offset - 800 && bottom <= offset
        }
        #expect(below == [12, 13] && above == [8, 9], "5880 and 6369 start below 5800; 4414 and 4903 end above 5000")
        var expected = below.map { ($0, (12 + 489 * Double($0) - (offset + 800)) / 8000) }
            + above.map { ($0, (offset - (12 + 489 * Double($0) + 469)) / 8000) }
        expected.sort { ($0.1, $0.0) < ($1.1, $1.0) }
        #expect(listed.map(\.index) == expected.map(\.0))
        #expect(zip(listed, expected).allSatisfy { abs($0.due - $1.1) < 1e-12 }, "\(listed)")
        #expect(FeedPrefetch.neighbours(layout(), at: 0).map(\.index) == [2, 3], "at the top, only the cells below")
    }

    @Test func theAxisKnowsAFlingsLandingAtItsRelease() throws {
        // A drag released at 2000 px/s: the landing is x0 - v0 / (1000 ln d), d = 0.998 per ms.
        var axis = ScrollAxis()
        axis.setExtent(viewport: 800, content: 1_000_000, at: 0)
        axis.pointerDown(700, at: 0)
        for k in 1...6 { axis.pointerMoved(700 - Double(k) * 2000 / 60, at: Double(k) / 60) }
        axis.pointerUp(700 - 6 * 2000 / 60, at: 0.1)
        let release = axis.offset(at: 0.1), v = axis.velocity(at: 0.1)
        #expect(abs(v - 2000) < 100)
        let landing = try #require(axis.restingOffset)
        #expect(abs(landing - (release - v / (1000 * log(0.998)))) < 0.01)
        #expect(abs(axis.offset(at: 30) - landing) < 1e-6)
        axis.pointerDown(300, at: 0.2)
        #expect(axis.restingOffset == nil, "held: no landing")
    }

    @Test func eachListedCellIsDueWhenTheFlingBringsItIntoView() {
        var axis = ScrollAxis()
        let layout = layout()
        axis.setExtent(viewport: 800, content: layout.contentLength, at: 0)
        axis.pointerDown(700, at: 0)
        for k in 1...4 { axis.pointerMoved(700 - Double(k) * 8000 / 60, at: Double(k) / 60) }
        axis.pointerUp(700 - 4 * 8000 / 60, at: 4 / 60)
        let t0 = 4.0 / 60
        let plan = FeedPrefetch.plan(layout, from: axis.offset(at: t0), to: axis.restingOffset!)
        let due = FeedPrefetch.due(plan, layout, axis: axis, at: t0)
        #expect(plan.count > 5)
        for (index, d) in zip(plan, due) {
            // The card's top (12 + 489 i) crosses the viewport's bottom edge (offset + 800) at t0 + d.
            let top = 12 + 489 * Double(index)
            #expect(axis.offset(at: t0 + d) + 800 > top && axis.offset(at: t0 + d - 0.002) + 800 <= top, "item \(index) due at \(d)")
        }
        let landing = visible(at: axis.restingOffset!).count
        let dueOnTheWay: [Double] = Array(due.dropFirst(landing))
        #expect(dueOnTheWay == dueOnTheWay.sorted(), "the way there, in the order it comes into view")
    }

    @Test func theFeedListsThePlanAsPrefetchQuadsWhileItMovesAndTheCellsBesideTheViewAtRest() {
        let scene = FeedScene(viewport: Size(width: 1280, height: 800), settings: FeedSettings(), environment: testEnvironment())
        scene.handle(.mouseDown(Point(x: 640, y: 700)), at: 0)
        for k in 1...6 { scene.handle(.mouseMove(Point(x: 640, y: 700 - Double(k) * 50)), at: Double(k) / 60) }
        scene.handle(.mouseUp(Point(x: 640, y: 400)), at: 0.1)
        scene.update(to: 0.1)
        var list = DisplayList()
        scene.draw(into: &list)
        let expected = FeedPrefetch.plan(scene.layout, from: scene.offset, to: scene.scroller.restingOffset!)
        #expect(!expected.isEmpty)
        let plannedImages: [PhotoID] = expected.map { PhotoLibrary.photos[$0 % PhotoLibrary.photos.count].image }
        #expect(list.prefetch.map(\.quad.image) == plannedImages)
        scene.update(to: 60)
        list.removeAll()
        scene.draw(into: &list)
        let beside = FeedPrefetch.neighbours(scene.layout, at: scene.offset)
        #expect(!beside.isEmpty)
        let besideImages: [PhotoID] = beside.map { PhotoLibrary.photos[$0.index % PhotoLibrary.photos.count].image }
        #expect(list.prefetch.map(\.quad.image) == besideImages, "at rest")
        #expect(list.prefetch.map(\.due) == beside.map(\.due))
        // Held by the pointer: no fling to plan, so the same.
        scene.handle(.mouseDown(Point(x: 640, y: 400)), at: 61)
        scene.update(to: 61)
        list.removeAll()
        scene.draw(into: &list)
        #expect(!list.prefetch.isEmpty && list.prefetch.map(\.due) == FeedPrefetch.neighbours(scene.layout, at: scene.offset).map(\.due))
    }
}
