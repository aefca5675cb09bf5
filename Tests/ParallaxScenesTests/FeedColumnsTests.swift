import Foundation
import Testing
@testable import ParallaxEngine
@testable import ParallaxScenes

/// The feed in a wide window: two columns where one would be wider than 1,100 px, each section's
/// items in rows left to right (docs/layout.md, "Feed"), worked out here from the settings.
@Suite struct FeedColumnsTests {
    /// The layout as docs/layout.md states it, for `items` photos, `perSection` to a section.
    struct Expected {
        let w: Double, h: Double, items: Int, perSection: Int
        var s: Double { min(1.5, max(1, min(w / 1280, h / 800))) }
        var budget: Double { min((900 * min(2, max(1, w / 1280))).rounded(.down), w - 2 * (24 * s).rounded()) }
        var columns: Int { budget > 1100 ? 2 : 1 }
        var gap: Double { (20 * s).rounded() }
        var columnWidth: Double { columns == 1 ? budget : ((budget - gap) / 2).rounded(.down) }
        var contentWidth: Double { Double(columns) * columnWidth + Double(columns - 1) * gap }
        var x0: Double { ((w - contentWidth) / 2).rounded() }
        var photo: Double { (columnWidth * 0.45).rounded() }
        var caption: Double { (64 * s).rounded() }
        var header: Double { (48 * s).rounded() }
        var padding: Double { (12 * s).rounded() }
        var pitch: Double { photo + caption + gap }
        var rowsPerSection: Int { (perSection + columns - 1) / columns }
        func container(_ i: Int, offset: Double) -> Rect {
            let section = i / perSection, k = i % perSection
            let sectionTop = 56 + padding + Double(section) * (header + Double(rowsPerSection) * pitch)
            return Rect(x: x0 + Double(k % columns) * (columnWidth + gap), y: sectionTop + header + Double(k / columns) * pitch - offset,
                        width: columnWidth, height: photo)
        }
        /// Photo and caption.
        func card(_ i: Int, offset: Double) -> Rect {
            let c = container(i, offset: offset)
            return Rect(x: c.minX, y: c.minY, width: c.width, height: c.height + caption)
        }
        /// `FeedParallax.swift`'s formula on the container, over the band below the 56 px bar.
        func shift(_ i: Int, offset: Double) -> Double {
            let c = container(i, offset: offset), m = 30.0, band = h - 56
            return min(m, max(-m, (56 + band / 2 - c.midY) * m / (band / 2 + c.height / 2)))
        }
    }

    func layout(_ e: Expected) -> FeedLayout {
        var settings = FeedSettings()
        settings.itemCount = e.items
        settings.itemsPerSection = e.perSection
        return FeedLayout(settings: settings, viewport: Size(width: e.w, height: e.h))
    }

    static let wide = [(2560.0, 1600.0, 200, 10), (1920, 1080, 200, 10), (2560, 800, 37, 7), (1566, 1200, 9, 10)]

    @Test(arguments: wide)
    func cellsSitInTwoColumnsWithEvenMarginsAndNoOverlap(w: Double, h: Double, items: Int, perSection: Int) {
        let e = Expected(w: w, h: h, items: items, perSection: perSection)
        let layout = layout(e)
        #expect(e.columns == 2 && layout.columns == 2)
        #expect(layout.columnX == e.x0 && layout.columnWidth == e.columnWidth && layout.photoHeight == e.photo)
        let right = w - (e.x0 + e.contentWidth)
        #expect(abs(e.x0 - right) <= 1, "margins \(e.x0) and \(right)")
        #expect(e.columnWidth <= 1100 && e.columnWidth > 500)
        let cells = (0..<items).map { layout.cell($0, offset: 0) }
        for (i, cell) in cells.enumerated() {
            #expect(cell.container == e.container(i, offset: 0), "item \(i)")
            #expect(cell.caption == Rect(x: cell.container.minX, y: cell.container.maxY, width: e.columnWidth, height: e.caption))
            #expect(cell.container.minX >= e.x0 && cell.container.maxX <= w - right)
        }
        for a in 0..<items {
            for b in (a + 1)..<items {
                #expect(e.card(a, offset: 0).intersection(e.card(b, offset: 0)) == nil, "items \(a) and \(b) overlap")
            }
        }
        // The content ends one padding below the last card.
        #expect(layout.contentLength == e.card(items - 1, offset: 0).maxY + e.padding)
    }

    /// What `visible` lists is exactly the cards meeting the viewport, by brute force over every item,
    /// top to bottom and each row left to right; each with its own container's shift. `visibleItems`
    /// (the prefetch's) is the same items as a range.
    @Test(arguments: wide)
    func visibleCellsAreExactlyThoseMeetingTheViewport(w: Double, h: Double, items: Int, perSection: Int) {
        let e = Expected(w: w, h: h, items: items, perSection: perSection)
        let layout = layout(e)
        var offset = -123.25
        while offset < layout.contentLength {
            let visible = layout.visible(offset: offset)
            let expected = (0..<items).filter { i in
                let card = e.card(i, offset: offset)
                return card.maxY > 0 && card.minY < h
            }
            #expect(visible.cells.map(\.index) == expected, "offset \(offset)")
            #expect(Array(layout.visibleItems(offset: offset)) == expected, "offset \(offset)")
            for cell in visible.cells {
                #expect(cell.container == e.container(cell.index, offset: offset))
                #expect(abs(cell.shift - e.shift(cell.index, offset: offset)) < 1e-9, "item \(cell.index) at \(offset)")
            }
            let sections = (0..<((items + perSection - 1) / perSection)).filter { section in
                let top = e.container(section * perSection, offset: offset).minY - e.header
                return top + e.header > 0 && top < h
            }
            #expect(visible.headers.map(\.section) == sections, "offset \(offset)")
            for header in visible.headers { #expect(header.frame.minX == e.x0 && header.frame.width == e.contentWidth) }
            offset += 97.375
        }
    }

    /// Cells of one row share a top, so they shift alike; cells of two rows do not: the shift is
    /// each cell's own container's, as in one column.
    @Test func aRowsCellsShiftTogetherAndRowsApart() {
        let e = Expected(w: 2560, h: 1600, items: 200, perSection: 10)
        let cells = layout(e).visible(offset: 700).cells
        #expect(cells.count >= 6)
        for pair in stride(from: 0, to: cells.count - 1, by: 2) where cells[pair].container.minY == cells[pair + 1].container.minY {
            #expect(cells[pair].shift == cells[pair + 1].shift)
        }
        #expect(Set(cells.map(\.shift)).count > 1)
    }

    /// At 1280x800 and below one column, as before, whatever the content scale.
    @Test(arguments: [(1280.0, 800.0), (800, 500), (480, 360), (1280, 1600), (1564, 1600)])
    func oneColumnWhereAColumnIsNarrowEnough(w: Double, h: Double) {
        let e = Expected(w: w, h: h, items: 200, perSection: 10)
        let layout = layout(e)
        #expect(e.columns == 1 && layout.columns == 1)
        #expect(layout.columnWidth == e.budget && layout.columnX == ((w - e.budget) / 2).rounded())
        for i in [0, 9, 10, 199] { #expect(layout.cell(i, offset: 0).container == e.container(i, offset: 0)) }
        if w <= 1280 {
            #expect(layout.columnWidth == min(900, w - 48) && layout.captionHeight == 64 && layout.cellPitch == layout.photoHeight + 84)
        }
    }

    /// The scene draws what the layout lists: each photo clipped to its cell's container and moved by
    /// that cell's shift.
    @Test func theSceneDrawsBothColumnsWithEachCellsShift() throws {
        let e = Expected(w: 2560, h: 1600, items: 200, perSection: 10)
        let scene = FeedScene(viewport: Size(width: 2560, height: 1600), environment: testEnvironment())
        drag(scene, by: 900)
        var list = DisplayList()
        scene.draw(into: &list)
        let quads = list.imageQuads
        let expected = (0..<200).filter { e.card($0, offset: 900).maxY > 0 && e.card($0, offset: 900).minY < 1600 }
        #expect(quads.count == expected.count)
        #expect(Set(quads.compactMap { $0.clip?.minX }) == [e.x0, e.x0 + e.columnWidth + e.gap])
        for quad in quads {
            let clip = try #require(quad.clip)
            let i = try #require(expected.first { e.container($0, offset: 900) == clip })
            let shift = e.shift(i, offset: 900)
            #expect(quad.destination == Rect(x: clip.minX, y: clip.minY - 30 + shift, width: clip.width, height: clip.height + 60))
        }
    }

    /// End goes to the end of the two-column content, a page step is still 0.9 of the band, and the
    /// trace lists each visible cell.
    @Test func keysTheTraceAndTheScrollRangeFollowTheRows() {
        let e = Expected(w: 2560, h: 1600, items: 200, perSection: 10)
        let scene = FeedScene(viewport: Size(width: 2560, height: 1600), environment: testEnvironment())
        scene.handle(.key(.pageDown, shift: false), at: 0)
        scene.update(to: 1)
        let pageDown: Double = (1600 - 56) * 0.9
        #expect(scene.offset == pageDown)
        let items = scene.traceGeometry["items"]
        guard case let .array(traced)? = items else { Issue.record("no items"); return }
        let visible = (0..<200).filter { e.card($0, offset: scene.offset).maxY > 0 && e.card($0, offset: scene.offset).minY < 1600 }
        #expect(traced.count == visible.count)
        scene.handle(.key(.end, shift: false), at: 1)
        scene.update(to: 3)
        #expect(scene.offset == e.card(199, offset: 0).maxY + e.padding - 1600)
    }

    /// From one column to two and back, the first visible cell stays where it was on screen.
    @Test func aResizeAcrossTheColumnRuleKeepsTheFirstVisibleCell() throws {
        let scene = FeedScene(viewport: Size(width: 1280, height: 800), environment: testEnvironment())
        drag(scene, by: 2000)
        for size in [Size(width: 2560, height: 1600), Size(width: 1280, height: 800)] {
            let top = scene.layout.visibleBand.top
            let before = try #require(scene.layout.visible(offset: scene.offset).cells.first { $0.container.maxY > top })
            scene.handle(.resize(size), at: 0.5)
            scene.update(to: 0.5)
            let after = try #require(scene.layout.visible(offset: scene.offset).cells.first { $0.container.maxY > top })
            #expect(after.index == before.index)
            #expect(abs((top - before.container.minY) / before.container.height - (top - after.container.minY) / after.container.height) < 1e-9)
        }
    }

    /// A fling's prefetch lists the cells at its landing first: both columns of each row there.
    @Test func prefetchListsTheLandingsCellsInBothColumns() {
        let e = Expected(w: 2560, h: 1600, items: 200, perSection: 10)
        let plan = FeedPrefetch.plan(layout(e), from: 0, to: 6000)
        let landing = (0..<200).filter { e.card($0, offset: 6000).maxY > 0 && e.card($0, offset: 6000).minY < 1600 }
        #expect(Array(plan.prefix(landing.count)) == landing)
        #expect(landing.count >= 4)
    }
}
