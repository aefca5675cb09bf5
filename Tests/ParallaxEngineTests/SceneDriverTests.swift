import Testing
@testable import ParallaxEngine

/// Records what a scene is told, to check the driver's ordering and timing.
final class RecordingScene: Scene {
    let name = "recording"
    var viewport = Size(width: 100, height: 100)
    var log: [String] = []
    func handle(_ event: InputEvent, at time: Double) { log.append("event \(time)") }
    func update(to time: Double) { log.append("update \(time)") }
    func draw(into list: inout DisplayList) { list.fill(Rect(x: 0, y: 0, width: 1, height: 1), .white) }
}

@Suite struct SceneDriverTests {
    @Test func scriptedEventsArriveAtTheirOwnTimesBeforeTheFrame() {
        let scene = RecordingScene()
        let wheel = InputEvent.wheel(dx: 0, dy: -1, shift: false)
        let driver = SceneDriver(scene: scene, script: [TimedInput(time: 0.01, event: wheel), TimedInput(time: 0.02, event: wheel),
                                                        TimedInput(time: 0.5, event: wheel)])
        let firstFrame: Double = 1.0 / 60, secondFrame: Double = 2.0 / 60
        driver.advance(to: 0)
        driver.advance(to: firstFrame)
        let firstLog: [String] = ["update 0.0", "event 0.01", "update \(firstFrame)"]
        #expect(scene.log == firstLog)
        driver.advance(to: secondFrame)
        let lastTwo: ArraySlice<String> = scene.log.suffix(2)
        #expect(lastTwo == ["event 0.02", "update \(secondFrame)"])
        #expect(driver.scriptDuration == 0.5)
    }

    @Test func nonFiniteEventsAreDroppedAndReported() {
        let scene = RecordingScene()
        let driver = SceneDriver(scene: scene)
        var dropped: [InputEvent] = []
        driver.onDroppedInput = { event, _ in dropped.append(event) }
        driver.deliver(.scroll(dx: 0, dy: .nan, liftFollows: true, shift: false), at: 0.1)
        driver.deliver(.mouseMove(Point(x: .infinity, y: 0)), at: 0.2)
        driver.deliver(.resize(Size(width: -.infinity, height: 5)), at: 0.3)
        driver.deliver(.key(.up, shift: false), at: 0.4)
        #expect(dropped.count == 3)
        #expect(scene.log == ["event 0.4"])
    }

    @Test func timeNeverRunsBackwards() {
        let scene = RecordingScene()
        let driver = SceneDriver(scene: scene)
        driver.deliver(.key(.up, shift: false), at: 1.0)
        driver.deliver(.key(.up, shift: false), at: 0.5)
        driver.deliver(.key(.up, shift: false), at: .nan)
        driver.advance(to: 0.25)
        let list = driver.draw()
        #expect(scene.log == ["event 1.0", "event 1.0", "event 1.0", "update 1.0"])
        #expect(list.commands.count == 1)
    }
}
