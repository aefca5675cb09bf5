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

/// A target that keeps its last frame on screen, counting draws and kept frames; whether its last
/// draw is current is the test's to say.
private final class KeepingTarget: FrameKeepingTarget {
    private(set) var logicalSize = Size(width: 100, height: 80)
    let environment = SceneEnvironment.fixed()
    var lastDrawIsCurrent = true
    private(set) var draws = 0
    private(set) var kept: [DisplayList] = []
    func resize(to size: Size) { logicalSize = size }
    func draw(_ list: DisplayList) { draws += 1 }
    func keepFrame(_ list: DisplayList) { kept.append(list) }
    func present() {}
    func readPixels() throws -> PixelImage { PixelImage(width: 0, height: 0) }
}

/// Draws one rect at `x`.
private final class MovableScene: Scene {
    let name = "movable"
    var viewport = Size(width: 100, height: 80)
    var x = 0.0
    func handle(_ event: InputEvent, at time: Double) {
        if case let .resize(size) = event { viewport = size }
    }
    func update(to time: Double) {}
    func draw(into list: inout DisplayList) { list.fill(Rect(x: x, y: 0, width: 1, height: 1), .white) }
}

@Suite struct FrameStepTests {
    /// A frame with the list drawn last is kept on a target that keeps frames, while its last draw is
    /// current; a new list, a draw no longer current, a resize or `drawNextFrame` draw again.
    @Test func aFrameWithTheListDrawnLastIsKeptWhileTheDrawIsCurrent() {
        let scene = MovableScene(), target = KeepingTarget()
        let step = FrameStep(driver: SceneDriver(scene: scene), target: target, clock: CountingClock())
        step.keepsUnchangedFrames = true
        var frame = 0
        /// Runs a frame and records it; true if it was drawn.
        func run() -> Bool {
            let phases = step.run(at: Double(frame) / 60)
            step.record(phases, interval: 1.0 / 60)
            frame += 1
            return !step.keptLastFrame
        }
        #expect(run(), "the first frame is drawn")
        #expect(!run() && !run(), "the same list again is kept")
        #expect(target.draws == 1 && target.kept.count == 2)
        var drawn = DisplayList()
        scene.draw(into: &drawn)
        #expect(target.kept.last?.commands == drawn.commands, "the target is handed the kept list (its photos ahead go on arriving)")
        scene.x = 5
        #expect(run(), "a new list is drawn")
        #expect(!run())
        target.lastDrawIsCurrent = false
        #expect(run() && run(), "a draw no longer current is drawn again")
        target.lastDrawIsCurrent = true
        #expect(!run())
        step.drawNextFrame()
        #expect(run(), "drawNextFrame draws the next frame")
        #expect(!run())
        step.deliver(.resize(Size(width: 100, height: 80)), at: Double(frame) / 60)
        #expect(!run(), "a resize to the size it has changes nothing")
        step.deliver(.resize(Size(width: 90, height: 80)), at: Double(frame) / 60)
        #expect(run(), "a resize draws")
        #expect(step.timings.keptFrames == 6 && target.kept.count == 6 && target.draws == frame - 6)
    }

    /// Only a step told to keeps frames, and only on a target that can.
    @Test func withoutKeepingOrOnATargetThatCannotEveryFrameIsDrawn() {
        let keeping = KeepingTarget()
        let step = FrameStep(driver: SceneDriver(scene: MovableScene()), target: keeping, clock: CountingClock())
        for frame in 0..<3 { step.run(at: Double(frame) / 60) }
        #expect(keeping.draws == 3 && keeping.kept.isEmpty && !step.keptLastFrame)
        let null = NullRenderTarget(size: Size(width: 100, height: 80))
        let nullStep = FrameStep(driver: SceneDriver(scene: MovableScene()), target: null, clock: CountingClock())
        nullStep.keepsUnchangedFrames = true
        for frame in 0..<3 { nullStep.run(at: Double(frame) / 60) }
        #expect(null.draws == 3 && !nullStep.keptLastFrame)
    }

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
