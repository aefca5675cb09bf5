import Testing
import ParallaxEngine
import ParallaxFrame
import ParallaxScenes

/// A scene that logs what it is told and draws one rect; a resize takes the new viewport.
private final class LoggingScene: Scene {
    let name = "logging"
    var viewport = Size(width: 100, height: 80)
    var log: [String] = []
    func handle(_ event: InputEvent, at time: Double) {
        if case let .resize(size) = event { viewport = size }
        log.append("event \(time)")
    }
    func update(to time: Double) { log.append("update \(time)") }
    func draw(into list: inout DisplayList) { list.fill(Rect(x: 0, y: 0, width: 1, height: 1), .white) }
}

/// Adds one rect and remembers the time it was drawn at.
private final class MarkingOverlay: FrameOverlay {
    var expanded = false
    var times: [Double] = []
    func size(in viewport: Size) -> Size { Size(width: 2, height: 2) }
    func draw(into list: inout DisplayList, in frame: Rect, timings: FrameTimings, time: Double, scene: Scene) {
        times.append(time)
        list.fill(frame, .white)
    }
}

/// A work clock whose every lap is one step longer than the one before (1, 2, 3 ms...): each phase
/// then shows which lap timed it.
private struct CountingClock: WorkClock {
    var laps = 0
    mutating func lap() -> Double {
        laps += 1
        return Double(laps) / 1000
    }
}

@Suite struct FrameStepTests {
    @Test func aFrameAdvancesTheSceneThenFollowsItsViewportThenDrawsWithTheOverlay() {
        let scene = LoggingScene(), target = NullRenderTarget(size: Size(width: 100, height: 80)), overlay = MarkingOverlay()
        let resize = TimedInput(time: 0.01, event: .resize(Size(width: 60, height: 40)))
        let step = FrameStep(driver: SceneDriver(scene: scene, script: [resize]), target: target, clock: CountingClock(), overlay: overlay)
        step.run(at: 0)
        #expect(scene.log == ["update 0.0"])
        #expect(target.draws == 1 && target.lastList?.commands.count == 2, "the scene's rect and the overlay's")
        #expect(target.resizes.isEmpty)
        step.showsOverlay = false
        let secondFrame: Double = 1.0 / 60
        step.run(at: secondFrame)
        let lastTwo: ArraySlice<String> = scene.log.suffix(2)
        #expect(lastTwo == ["event 0.01", "update \(secondFrame)"])
        #expect(target.resizes == [Size(width: 60, height: 40)])
        #expect(target.draws == 2 && target.lastList?.commands.count == 1)
        #expect(overlay.times == [0])
        #expect(target.presents == 0, "presenting is the caller's")
    }

    @Test func anUndrawnFrameStillAdvancesAndResizesButDrawsNothing() {
        let scene = LoggingScene(), target = NullRenderTarget(size: Size(width: 100, height: 80))
        let step = FrameStep(driver: SceneDriver(scene: scene), target: target, clock: CountingClock(), overlay: MarkingOverlay())
        step.deliver(.resize(Size(width: 50, height: 30)), at: 0.2)
        let phases = step.run(at: 0.25, draws: false)
        #expect(scene.log == ["event 0.2", "update 0.25"])
        #expect(target.resizes == [Size(width: 50, height: 30)] && target.draws == 0)
        #expect(phases.overlay == 0 && phases.render == 0)
    }

    /// Each phase is the lap that ended it; the hand-off is timed from the end of the frame; the
    /// sample's render is everything from the overlay to the hand-off.
    @Test func eachPhaseIsTimedByItsOwnLapAndTheSampleAddsOverlayRenderAndHandOff() {
        let target = NullRenderTarget(size: Size(width: 100, height: 80))
        let step = FrameStep(driver: SceneDriver(scene: LoggingScene()), target: target, clock: CountingClock(), overlay: MarkingOverlay())
        var phases = step.run(at: 0)
        // Laps: 1 ms starts the frame, then update 2, layout 3, overlay 4, render 5.
        #expect(phases == FramePhases(update: 0.002, layout: 0.003, overlay: 0.004, render: 0.005))
        // Lap 6 starts the hand-off, lap 7 ends it.
        phases.handOff = step.timeHandOff { target.present() }
        #expect(phases.handOff == 0.007 && target.presents == 1)
        step.record(phases, interval: 1.0 / 60)
        let sample = FrameSample(interval: 1.0 / 60, update: 0.002, layout: 0.003, render: 0.004 + 0.005 + 0.007)
        #expect(step.timings.recent == [sample])
        #expect(phases.work == 0.002 + 0.003 + 0.004 + 0.005 + 0.007)
    }

    /// A whole playground frame in plain Swift: the feed laid out with half-em text and fixed photo
    /// sizes, flung, and drawn into the null target at the viewport it asked for.
    @Test func thePlaygroundRunsFrameByFrameIntoTheNullTarget() throws {
        let viewport = Size(width: 800, height: 600)
        let environment = SceneEnvironment.fixed(otherwise: Size(width: 640, height: 427))
        let playground = try #require(SceneRegistry.standard.make("feed", viewport: viewport, environment: environment))
        let target = NullRenderTarget(size: Size(width: 320, height: 200), environment: environment)
        let clock = FrameClock()
        let script = TimedInput.flings(duration: clock.time(ofFrame: 60), viewport: viewport, horizontal: false)
        let driver = SceneDriver(scene: playground, script: script)
        let step = FrameStep(driver: driver, target: target, clock: CountingClock())
        for frame in 0...60 { step.run(at: clock.time(ofFrame: frame)) }
        #expect(target.resizes == [viewport], "the target follows the scene's viewport once")
        #expect(target.draws == 61)
        // What the target was handed is the scene's own list of that frame.
        let list = try #require(target.lastList)
        #expect(list.commands.count == driver.list.commands.count && !list.commands.isEmpty)
        #expect(list.imageQuads.count >= 2, "the feed's photos, sized by the fixed metrics")
        // The fling moved the feed down its content.
        #expect(playground.scrollState.offset.y > 100)
    }
}
