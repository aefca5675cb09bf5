import Testing
@testable import ParallaxEngine
@testable import ParallaxScenes

/// Which cursor belongs over a point, asked of the playground without SDL: a hand where a click acts.
@Suite struct CursorTests {
    let viewport = Size(width: 1280, height: 800)

    func playground(_ scene: String) -> Playground {
        Playground(viewport: viewport, first: scene, environment: testEnvironment())
    }

    @Test func aHandOverTheTabsAndButtonsExactlyWhereAClickActs() {
        let p = playground("feed")
        #expect(p.cursor(at: Point(x: 640, y: 28)) == .hand, "the middle tab")
        #expect(p.cursor(at: Point(x: 20, y: 28)) == .arrow, "the app title")
        #expect(p.cursor(at: Point(x: 640, y: 400)) == .arrow, "a photo")
        for x in stride(from: 0.5, to: 1280, by: 4) {
            let point = Point(x: x, y: 28)
            let probe = playground("feed")
            probe.select(1)   // the header: a click on any tab but its own shows
            probe.handle(.mouseDown(point), at: 0)
            probe.handle(.mouseUp(point), at: 0)
            let switched = probe.name != "header" || probe.bar.tabs(in: probe)[1].contains(point)
            // The bar's ? and gear open help and tuning.
            let opened = probe.showsHelp || probe.showsTuning
            #expect((p.cursor(at: point) == .hand) == (switched || opened), "x = \(x)")
        }
    }

    @Test func aHandOverThePagersDotsOnly() {
        let p = playground("pager")
        // Five dots 22 px apart centred on x = 640, 36 px above the bottom: the fifth at (684, 764).
        #expect(p.cursor(at: Point(x: 684, y: 764)) == .hand)
        #expect(p.cursor(at: Point(x: 640 - 44, y: 764)) == .hand)
        #expect(p.cursor(at: Point(x: 684, y: 700)) == .arrow)
        #expect(p.cursor(at: Point(x: 740, y: 764)) == .arrow)
        #expect(playground("feed").cursor(at: Point(x: 684, y: 764)) == .arrow, "the feed has no dots")
    }

    @Test func aHandOverTheTuningControlsAndTheDotsBesideTheSheet() {
        let p = playground("pager")
        p.handle(.key(.p, shift: false), at: 0)
        let layout = p.tuning.layout(in: p), rows = p.tuning.rows(in: p)
        let slider = layout.rows[0], toggle = layout.rows[rows.firstIndex { $0.label == "Whole pixels" }!]
        let choice = layout.rows[rows.firstIndex { $0.label == "Physics" }!]
        #expect(p.cursor(at: Point(x: slider.control.midX, y: slider.control.midY)) == .hand, "a slider's track")
        #expect(p.cursor(at: Point(x: slider.control.minX - 4, y: slider.control.midY)) == .hand, "the knob's overhang at the track's start")
        #expect(p.cursor(at: Point(x: toggle.control.midX, y: toggle.control.midY)) == .hand, "a switch")
        #expect(p.cursor(at: Point(x: choice.next.midX, y: choice.next.midY)) == .hand, "›")
        #expect(p.cursor(at: Point(x: slider.labelOrigin.x + 10, y: slider.lineCentre)) == .arrow, "a row's label")
        #expect(p.cursor(at: Point(x: slider.reset.midX, y: slider.reset.midY)) == .arrow, "no ↺ on a row at its default")
        #expect(p.cursor(at: Point(x: layout.resetAll.midX, y: layout.resetAll.midY)) == .arrow, "nothing to reset")
        p.handle(.key(.equals, shift: false), at: 0)
        #expect(p.cursor(at: Point(x: slider.reset.midX, y: slider.reset.midY)) == .hand, "↺ on the changed row")
        #expect(p.cursor(at: Point(x: layout.resetAll.midX, y: layout.resetAll.midY)) == .hand, "Reset all")
        #expect(p.cursor(at: Point(x: 1258, y: 790)) == .arrow, "the sheet below its rows")
        // The pager now lays out in the 950 px beside the sheet: its fifth dot at 475 + 44.
        #expect(p.cursor(at: Point(x: 519, y: 764)) == .hand)
        #expect(p.cursor(at: Point(x: 684, y: 764)) == .arrow)
    }

    @Test func anArrowOverTheDimmedSceneAroundAModalSheet() {
        let p = Playground(viewport: Size(width: 480, height: 360), first: "pager", environment: testEnvironment())
        p.handle(.key(.p, shift: false), at: 0)
        #expect(p.tuningIsModal)
        let outside = [Point(x: 2, y: 2), Point(x: 477, y: 200), Point(x: 2, y: 358)].filter { !p.tuning.frame(in: p)!.contains($0) }
        #expect(!outside.isEmpty)
        for point in outside { #expect(p.cursor(at: point) == .arrow, "\(point)") }
    }

    /// Help is modal: an arrow on it and beside it, where a click closes it without reaching the
    /// scene; the bar keeps its hands.
    @Test func anArrowOnAndBesideTheHelpPanelWhereAClickClosesIt() {
        let p = playground("pager")
        let dot = Point(x: 684, y: 764)
        #expect(p.cursor(at: dot) == .hand)
        p.handle(.key(.h, shift: false), at: 0)
        #expect(p.help.frame(in: p)!.contains(Point(x: 640, y: 400)))
        #expect(p.cursor(at: Point(x: 640, y: 400)) == .arrow)
        let beside = Point(x: p.help.frame(in: p)!.minX - 4, y: 400)
        #expect(!p.help.frame(in: p)!.contains(beside))
        #expect(p.cursor(at: beside) == .arrow)
        #expect(p.cursor(at: Point(x: p.bar.tabs(in: p)[0].minX + 4, y: 20)) == .hand)
        let page = p.scrollState.offset
        p.handle(.mouseDown(beside), at: 0.1)
        p.handle(.mouseUp(beside), at: 0.15)
        #expect(!p.showsHelp)
        p.update(to: 1)
        #expect(p.scrollState.offset == page, "the click closed help and did nothing else")
    }
}

extension CursorTests {
    /// A hand over the feed's scroll thumb while it shows, exactly where a press takes it (a press
    /// there and a move scroll by the thumb's travel, not by a drag of the content); an arrow beside it.
    @Test func aHandOverTheScrollThumbWhereAPressTakesIt() throws {
        let p = playground("feed")
        p.handle(.wheel(dx: 0, dy: 3, shift: false), at: 0)
        p.update(to: 1)
        let feed = p.feed
        let track = ScrollIndicatorControl.track(viewport: feed.viewport, top: feed.layout.visibleBand.top)
        let thumb = try #require(ScrollIndicatorControl.thumb(feed.scroller, offset: feed.scroller.offset(at: 1), track: track))
        let onThumb = Point(x: thumb.midX, y: thumb.midY), beside = Point(x: thumb.minX - ScrollIndicatorControl.grabSlack - 20, y: thumb.midY)
        #expect(p.cursor(at: onThumb) == .hand)
        #expect(p.cursor(at: beside) == .arrow)
        let before = feed.scroller.offset(at: 1)
        p.handle(.mouseDown(onThumb), at: 1)
        p.handle(.mouseMove(Point(x: onThumb.x, y: onThumb.y + 10)), at: 1.05)
        #expect(p.cursor(at: Point(x: 640, y: 400)) == .hand, "dragging the thumb, the hand stays wherever the pointer goes")
        p.handle(.mouseUp(Point(x: onThumb.x, y: onThumb.y + 10)), at: 1.1)
        #expect(feed.scroller.offset(at: 1.1) > before + 10, "10 px of thumb travel is more than 10 px of content")
    }
}
