import Foundation
import Testing
@testable import ParallaxEngine
@testable import ParallaxScenes

@Suite struct CompareModeTests {
    let viewport = Size(width: 1280, height: 800)

    func comparing(_ left: String, _ right: String) -> Playground {
        var options = SceneRegistry.Options()
        options.settings.physics = left
        options.compare = right
        return Playground(viewport: viewport, options: options, environment: testEnvironment())
    }

    /// A drag in the right pane drives both panes alike; each then flings under its own model.
    @Test func bothPanesGetTheSameEventsAndEachFlingsUnderItsModel() throws {
        let playground = comparing("uikit", "gtk")
        let other = try #require(playground.comparison)
        #expect(playground.active.viewport == Size(width: 640, height: 800) && other.active.viewport == Size(width: 640, height: 800))
        playground.handle(.mouseDown(Point(x: 1000, y: 700)), at: 0)
        for i in 1...6 { playground.handle(.mouseMove(Point(x: 1000, y: 700 - 200 * Double(i) / 6)), at: 0.1 * Double(i) / 6) }
        playground.handle(.mouseUp(Point(x: 1000, y: 500)), at: 0.1)
        let left = playground.feed.scroller, right = other.feed.scroller
        #expect(left.offset(at: 0.1) == 200 && right.offset(at: 0.1) == 200)
        #expect(abs(left.velocity(at: 0.1) - 2000) < 1e-6 && abs(right.velocity(at: 0.1) - 2000) < 1e-6)
        // UIKit lands 2000 / (1000 ln(1 / 0.998)) = 999 px on, GTK 2000 / 4 less its last quarter pixel.
        #expect(abs(left.offset(at: 10) - (200 + 2000 / (-1000 * log(0.998)))) < 1e-9)
        #expect(abs(right.offset(at: 10) - (200 + 1999.0 / 4)) < 1e-9)
        #expect(left.model.name == "uikit" && right.model.name == "gtk")
    }

    @Test func cTogglesCompareWithTheNextModelAndWheelsAndTabsReachBoth() throws {
        let playground = Playground(viewport: viewport, environment: testEnvironment())
        playground.handle(.key(.c, shift: false), at: 0)
        let other = try #require(playground.comparison)
        #expect(other.settings.physics == "android")
        playground.handle(.key(.two, shift: false), at: 0)
        #expect(other.active.name == "header")
        playground.handle(.key(.one, shift: false), at: 0)
        // The left pane's feed, narrowed, keeps its first photo where it was (FeedScene's resize).
        playground.update(to: 0.5)
        let start = playground.feed.offset
        playground.handle(.wheel(dx: 0, dy: 2, shift: false), at: 0.5)
        playground.update(to: 2)
        // UIKit's notch is GTK's size for the viewport, Android's 64 px.
        #expect(abs(playground.feed.offset - start - playground.feed.scroller.notchLength() * 2) < 1e-9)
        #expect(other.feed.offset == 128)
        playground.handle(.key(.c, shift: false), at: 2)
        #expect(playground.comparison == nil && playground.active.viewport == viewport)
    }

    @Test func aSettingReachesBothPanesAndTheModelOnlyTheLeft() throws {
        let playground = comparing("chromium", "flutter")
        var s = playground.settings
        s.reducedMotion = true
        s.physics = "firefox"
        playground.apply(s)
        let other = try #require(playground.comparison)
        #expect(other.reducedMotion && other.settings.physics == "flutter" && playground.feed.scroller.model.name == "firefox")
    }

    @Test func eachPaneIsLabelledWithItsModel() {
        let playground = comparing("uikit", "android")
        playground.update(to: 0)
        var list = DisplayList()
        playground.draw(into: &list)
        let labels = list.textRuns.filter { $0.text == "uikit" || $0.text == "android" }
        #expect(labels.map(\.text) == ["uikit", "android"])
        #expect(labels[0].origin.x < 640 && labels[1].origin.x >= 640)
    }

    @Test func thePlotFollowsBothPanes() throws {
        let playground = comparing("uikit", "android")
        playground.handle(.key(.g, shift: false), at: 0)
        flingFeed(playground)
        let other = try #require(playground.comparison)
        for frame in 7...60 { playground.update(to: Double(frame) / 60) }
        let t = 1.0
        #expect(playground.plot.plot.samples.last!.offset == playground.feed.scroller.offset(at: t))
        #expect(playground.plot.plot.compared.last!.offset == other.feed.scroller.offset(at: t))
        #expect(playground.plot.plot.compared.last!.offset != playground.plot.plot.samples.last!.offset)
        #expect(playground.plot.plot.predictions.count == 2, "one for each pane's release")
        var list = DisplayList()
        playground.draw(into: &list)
        #expect(list.textRuns.contains { $0.text == "android" && $0.font == PhysicsPlot.boldFont })
    }

    /// The pager's dots in each pane: five 22 px apart centred on the pane, 36 px above the bottom.
    @Test func theRightPanesDotsShowAHandToo() {
        var options = SceneRegistry.Options()
        options.compare = "android"
        let playground = Playground(viewport: viewport, first: "pager", options: options, environment: testEnvironment())
        #expect(playground.cursor(at: Point(x: 320 + 44, y: 764)) == .hand)
        #expect(playground.cursor(at: Point(x: 640 + 320 + 44, y: 764)) == .hand)
        #expect(playground.cursor(at: Point(x: 640 + 320 + 100, y: 764)) == .arrow)
    }

    @Test func theTraceGivesTheRightPanesModelAndState() {
        let playground = comparing("uikit", "gtk")
        flingFeed(playground)
        playground.update(to: 0.5)
        let line = traceLine(frame: 30, time: 0.5, scene: playground)
        let offset = playground.comparison!.feed.offset
        #expect(line.contains(#""compare":{"offset":{"x":0,"y":\#(JSONValue.number(offset).jsonText)}"#), "\(line)")
        #expect(line.contains(#""phase":"decelerating","physics":"gtk","velocity""#), "\(line)")
    }
}

extension CompareModeTests {
    /// In a window where the tuning sheet is modal, the wheel scrolls the sheet's rows: neither pane moves.
    @Test func aModalTuningSheetKeepsTheWheelFromBothPanes() throws {
        var options = SceneRegistry.Options()
        options.compare = "gtk"
        let playground = Playground(viewport: Size(width: 480, height: 360), options: options, environment: testEnvironment())
        let other = try #require(playground.comparison)
        playground.handle(.key(.p, shift: false), at: 0)
        #expect(playground.tuningIsModal)
        playground.handle(.wheel(dx: 0, dy: 3, shift: false), at: 0.1)
        playground.handle(.scroll(dx: 0, dy: 40, liftFollows: false, shift: false), at: 0.2)
        playground.update(to: 2)
        #expect(playground.feed.scroller.offset(at: 2) == 0 && other.feed.scroller.offset(at: 2) == 0)
        playground.handle(.key(.escape, shift: false), at: 2.1)
        playground.handle(.wheel(dx: 0, dy: 1, shift: false), at: 2.2)
        #expect(playground.feed.scroller.offset(at: 4) > 0 && other.feed.scroller.offset(at: 4) > 0, "closed, the wheel reaches both again")
    }
}
