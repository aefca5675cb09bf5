import Foundation
import Testing
@testable import ParallaxEngine
@testable import ParallaxScenes

/// A drag down the feed at 2000 px/s, released at 0.1 s.
func flingFeed(_ playground: Playground, at start: Double = 0) {
    playground.handle(.mouseDown(Point(x: 600, y: 700)), at: start)
    for i in 1...6 { playground.handle(.mouseMove(Point(x: 600, y: 700 - 200 * Double(i) / 6)), at: start + 0.1 * Double(i) / 6) }
    playground.handle(.mouseUp(Point(x: 600, y: 500)), at: start + 0.1)
}

@Suite struct SlowMotionTests {
    let viewport = Size(width: 1280, height: 800)

    /// At a quarter speed the fling is, at frame time t, where it is at full speed at t / 4.
    @Test(arguments: [0.5, 1.0 / 4, 0.1])
    func theScenesTimeRunsAtTheScale(scale: Double) {
        var options = SceneRegistry.Options()
        options.timeScale = scale
        let slow = Playground(viewport: viewport, options: options, environment: testEnvironment())
        let normal = Playground(viewport: viewport, environment: testEnvironment())
        // The same gesture in the scenes' time: the slow one's events come 1 / scale later.
        flingFeed(normal)
        slow.handle(.mouseDown(Point(x: 600, y: 700)), at: 0)
        for i in 1...6 { slow.handle(.mouseMove(Point(x: 600, y: 700 - 200 * Double(i) / 6)), at: 0.1 * Double(i) / 6 / scale) }
        slow.handle(.mouseUp(Point(x: 600, y: 500)), at: 0.1 / scale)
        for t in [0.3, 0.8, 1.5] {
            normal.update(to: t)
            slow.update(to: t / scale)
            #expect(abs(slow.feed.offset - normal.feed.offset) < 1e-9, "scene time \(t)")
        }
    }

    @Test func tCyclesTheSpeedsAndAChangeKeepsTheMotionContinuous() {
        let playground = Playground(viewport: viewport, environment: testEnvironment())
        flingFeed(playground)
        playground.update(to: 0.4)
        let before = playground.feed.scroller.sample(at: 0.4)
        var seen: [Double] = []
        for _ in 0..<4 {
            playground.handle(.key(.t, shift: false), at: 0.4)
            seen.append(playground.timeScale)
        }
        #expect(seen == [0.5, 0.25, 0.1, 1])
        playground.handle(.key(.t, shift: false), at: 0.4)
        playground.handle(.key(.t, shift: false), at: 0.4)
        #expect(playground.timeScale == 0.25)
        playground.update(to: 0.4)
        #expect(playground.feed.offset == before.offset, "no jump when the speed changes")
        // A frame later the scenes' time is 4 ms on, not 16.
        playground.update(to: 0.4 + 1.0 / 60)
        #expect(abs(playground.feed.offset - playground.feed.scroller.offset(at: 0.4 + 0.25 / 60)) < 1e-9)
        #expect(playground.bar.layout(in: playground).hint == "Slow motion 1/4  ·  T")
    }
}

@Suite struct PhysicsPlotTests {
    let viewport = Size(width: 1280, height: 800)

    /// The prediction made at the release is the curve the live line then runs on.
    @Test(arguments: ["uikit", "android", "gtk"])
    func theLiveLineRunsOnTheReleasesPrediction(model: String) {
        let playground = Playground(viewport: viewport, environment: testEnvironment())
        var s = playground.settings
        s.physics = model
        playground.apply(s)
        playground.handle(.key(.g, shift: false), at: 0)
        #expect(playground.showsPlot)
        flingFeed(playground)
        let predictions = playground.plot.plot.predictions
        #expect(predictions.count == 1 && predictions[0].start == 0.1)
        for frame in 7...120 {
            let t = Double(frame) / 60
            playground.update(to: t)
            #expect(playground.plot.plot.samples.last!.offset == predictions[0].axis.offset(at: t), "\(model) at \(t)")
        }
    }

    @Test func itKeepsTheLastThreeSecondsAndLabelsItsAxes() {
        let playground = Playground(viewport: viewport, environment: testEnvironment())
        playground.handle(.key(.g, shift: false), at: 0)
        flingFeed(playground)
        for frame in 0...300 { playground.update(to: Double(frame) / 60) }
        let times = playground.plot.plot.samples.map(\.time)
        let keptFrom: Double = 5 - 3 - 1e-9
        #expect(times.first! >= keptFrom && times.last! == 5)
        var list = DisplayList()
        playground.draw(into: &list)
        let texts = Set(list.textRuns.map(\.text))
        for label in ["uikit", "offset px", "velocity px/s", "px", "px/s", "-3 s", "now", "+1 s"] { #expect(texts.contains(label), "\(label)") }
    }
}
