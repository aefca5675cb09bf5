import Testing
import ParallaxEngine
@testable import ParallaxSDL

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

/// A render target that draws nothing and logs the calls it gets, in order.
private final class LoggingTarget: RenderTarget {
    var logicalSize = Size(width: 100, height: 80)
    var log: [String] = []
    func resize(to size: Size) { logicalSize = size; log.append("resize \(Int(size.width))x\(Int(size.height))") }
    func draw(_ list: DisplayList) { log.append("draw \(list.commands.count)") }
    func present() { log.append("present") }
    func readPixels() throws -> PixelImage {
        log.append("read")
        return PixelImage(width: Int(logicalSize.width), height: Int(logicalSize.height))
    }
    var environment: SceneEnvironment { SceneEnvironment(text: NoText(), images: NoImages()) }
    final class NoText: TextMeasuring { func size(of text: String, font: Font) -> Size { Size(width: 0, height: 0) } }
    final class NoImages: ImageMetrics { func pixelSize(of image: ImageID) -> Size? { nil } }
}

/// Adds one rect and remembers the time it was drawn at.
private final class MarkingOverlay: FrameOverlay {
    var times: [Double] = []
    func draw(into list: inout DisplayList, viewport: Size, timings: FrameTimings, time: Double, scene: Scene) {
        times.append(time)
        list.fill(Rect(x: 0, y: 0, width: 2, height: 2), .white)
    }
}

@Suite struct FrameStepTests {
    @Test func aFrameAdvancesTheSceneThenFollowsItsViewportThenDrawsWithTheOverlay() {
        let scene = LoggingScene(), target = LoggingTarget(), overlay = MarkingOverlay()
        let resize = TimedInput(time: 0.01, event: .resize(Size(width: 60, height: 40)))
        let step = FrameStep(driver: SceneDriver(scene: scene, script: [resize]), target: target, overlay: overlay)
        step.run(at: 0)
        #expect(scene.log == ["update 0.0"])
        #expect(target.log == ["draw 2"], "the scene's rect and the overlay's")
        step.showsOverlay = false
        step.run(at: 1.0 / 60)
        #expect(scene.log.suffix(2) == ["event 0.01", "update \(1.0 / 60)"])
        #expect(target.log.suffix(2) == ["resize 60x40", "draw 1"])
        #expect(overlay.times == [0])
    }

    @Test func anUndrawnFrameStillAdvancesAndResizesButDrawsNothing() {
        let scene = LoggingScene(), target = LoggingTarget()
        let step = FrameStep(driver: SceneDriver(scene: scene), target: target, overlay: MarkingOverlay())
        step.deliver(.resize(Size(width: 50, height: 30)), at: 0.2)
        let phases = step.run(at: 0.25, draws: false)
        #expect(scene.log == ["event 0.2", "update 0.25"])
        #expect(target.log == ["resize 50x30"])
        #expect(phases.overlay == 0 && phases.render == 0)
    }

    @Test func captureDrawsAndReadsOnlyTheFramesOfItsCaptureTimesOnTheVirtualClock() throws {
        let scene = LoggingScene(), target = LoggingTarget()
        var captured: [Double] = []
        try Capture.frames(canvas: target, driver: SceneDriver(scene: scene), captures: [0.05, 0.02]) { time, pixels in
            captured.append(time)
            #expect(pixels.width == 100 && pixels.height == 80)
        }
        // Frames 0...3 at n/60 s; 0.02 s is first shown by frame 2, 0.05 s by frame 3.
        #expect(scene.log == (0...3).map { "update \(Double($0) / 60)" })
        #expect(target.log == ["draw 1", "read", "draw 1", "read"])
        #expect(captured == [0.02, 0.05])
    }
}
