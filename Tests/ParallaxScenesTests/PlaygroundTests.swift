import Foundation
import Testing
@testable import ParallaxEngine
@testable import ParallaxScenes

@Suite struct PlaygroundTests {
    let viewport = Size(width: 1280, height: 800)

    @Test func keysAndTabsSwitchScenesEachKeepingItsScroll() {
        let playground = Playground(viewport: viewport, environment: testEnvironment())
        #expect(playground.name == "feed")
        drag(playground, by: 300)
        playground.handle(.key(.two, shift: false), at: 1)
        #expect(playground.name == "header")
        playground.handle(.key(.tab, shift: false), at: 1)
        #expect(playground.name == "pager")
        playground.handle(.key(.tab, shift: false), at: 1)
        #expect(playground.name == "feed")
        playground.update(to: 1)
        #expect(playground.feed.offset == 300)
        playground.handle(.key(.tab, shift: true), at: 1)
        #expect(playground.name == "pager")
        // Clicking the "Header" tab.
        let tab = playground.bar.tabs(in: playground)[1]
        playground.handle(.mouseDown(Point(x: tab.midX, y: 20)), at: 2)
        playground.handle(.mouseUp(Point(x: tab.midX, y: 20)), at: 2)
        #expect(playground.name == "header")
        playground.update(to: 2)
        #expect(playground.header.offset == 0, "the click on the bar did not scroll the scene")
    }

    @Test func reducedMotionReachesEveryScene() {
        var options = SceneRegistry.Options()
        options.settings.reducedMotion = true
        let playground = Playground(viewport: viewport, first: "pager", options: options, environment: testEnvironment())
        #expect(playground.feed.reducedMotion && playground.header.reducedMotion && playground.pager.reducedMotion)
        playground.handle(.key(.m, shift: false), at: 0)
        #expect(!playground.feed.reducedMotion && !playground.header.reducedMotion && !playground.pager.reducedMotion)
    }

    @Test func feedTraceHasTheViewportAndEveryVisibleCell() {
        let playground = Playground(viewport: viewport, environment: testEnvironment())
        drag(playground, by: 250)
        let geometry = playground.traceGeometry
        #expect(geometry["viewport"] == .object(["top": 56, "height": 744]))
        // Scrolled by 250: cell 0's container (content y 116) spans -134...271 on screen, cell 1's (605)
        // 355...760, cell 2's (1094) starts below the window at 844.
        let expected = FeedSceneTests.Expected()
        #expect(expected.containerTop(0) - 250 == -134 && expected.containerTop(1) - 250 == 355 && expected.containerTop(2) - 250 == 844)
        let items: [JSONValue] = geometry["items"].flatMap { value -> [JSONValue]? in if case let .array(items) = value { items } else { nil } } ?? []
        #expect(items.count == 2, "\(items)")
        for (index, item) in items.enumerated() {
            let y = expected.containerTop(index) - 250
            // The shift over the 744 px band under the bar (docs/physics-and-effects.md, "Feed"):
            // (band centre - container centre) M / (band/2 + H/2), clamped to M = 30.
            let bandCentre = 56.0 + 744 / 2, containerCentre: Double = y + 405.0 / 2
            let shift: Double = min(30, max(-30, (bandCentre - containerCentre) * 30 / (372 + 202.5)))
            let fields: [String: JSONValue] = ["index": .number(Double(index)), "y": .number(y), "height": .number(405), "shift": .number(shift)]
            #expect(item == .object(fields), "item \(index)")
        }
    }

    @Test func feedShiftsAtTheTopMiddleAndBottomOfTheBandAndUnderTheBar() {
        let layout = FeedLayout(settings: FeedSettings(), viewport: viewport)
        // Place cell 0 so its container is: entering at the bottom, centred in the band, leaving at the top, under the bar.
        let top0 = layout.containerTop(ofItem: 0)
        let centredY: Double = 56 + 744 / 2.0 - 405 / 2
        let cases: [(screenY: Double, shift: Double)] = [(800, -30), (centredY, 0), (56 - 405, 30), (10, 30 * (1 - 2 * ((10 + 405 - 56) / (744 + 405))))]
        for (screenY, expected) in cases {
            let cell = layout.cell(0, offset: top0 - screenY)
            #expect(abs(cell.shift - expected) < 1e-9, "container at \(screenY)")
        }
    }
}
