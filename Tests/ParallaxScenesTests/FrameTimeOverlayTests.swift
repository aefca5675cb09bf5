import Testing
@testable import ParallaxEngine
import ParallaxFrame
@testable import ParallaxScenes

@Suite struct FrameTimeOverlayTests {
    @Test func barsAreColouredByTheBudget() {
        #expect(FrameTimeOverlay.barColor(ms: 16) == Color(r: 80, g: 200, b: 120))
        #expect(FrameTimeOverlay.barColor(ms: 20) == Color(r: 245, g: 166, b: 35))
        #expect(FrameTimeOverlay.barColor(ms: 40) == Color(r: 235, g: 80, b: 70))
    }

    @Test func drawsOneBarPerFrameAndTheNumbers() {
        var timings = FrameTimings()
        for i in 0..<150 { timings.record(FrameSample(interval: i % 2 == 0 ? 1.0 / 60 : 0.04, update: 0.00002, layout: 0.00005, render: 0.004)) }
        let overlay = FrameTimeOverlay(text: HalfEmTextMeasurer())
        let feed = FeedScene(viewport: Size(width: 1280, height: 800), environment: testEnvironment())
        var list = DisplayList()
        overlay.draw(into: &list, viewport: Size(width: 1280, height: 800), timings: timings, time: 1, scene: feed)
        let bars = list.commands.filter {
            if case let .fill(f) = $0 { return f.color == FrameTimeOverlay.barColor(ms: 16.6) || f.color == FrameTimeOverlay.barColor(ms: 40) }
            return false
        }
        #expect(bars.count == 120)
        let texts = list.textRuns.map(\.text)
        #expect(texts.contains { $0.contains("p50 16.67 ms") && $0.contains("p99 40.00 ms") })
        #expect(texts.contains { $0.hasPrefix("update 0.02  layout 0.05  render 4.00") })
        #expect(texts.contains("feed  ·  200 items"))
    }
}
