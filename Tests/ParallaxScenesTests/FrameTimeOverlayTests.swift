import Testing
@testable import ParallaxEngine
import ParallaxFrame
@testable import ParallaxScenes

@Suite struct FrameTimeOverlayTests {
    @Test func barsAreColouredByTheBudget() {
        #expect(FrameTimeOverlay.barColor(ms: 16) == FrameTimeOverlay.onTime)
        #expect(FrameTimeOverlay.barColor(ms: 20) == FrameTimeOverlay.late)
        #expect(FrameTimeOverlay.barColor(ms: 40) == FrameTimeOverlay.veryLate)
    }

    static func alternating(_ count: Int) -> FrameTimings {
        var timings = FrameTimings()
        for i in 0..<count { timings.record(FrameSample(interval: i % 2 == 0 ? 1.0 / 60 : 0.04, update: 0.00002, layout: 0.00005, render: 0.004)) }
        return timings
    }

    func bars(_ list: DisplayList) -> [FillRect] {
        list.commands.compactMap {
            // The key's squares are 7 px wide; a bar is the graph's width over 120.
            if case let .fill(f) = $0, [FrameTimeOverlay.onTime, FrameTimeOverlay.veryLate].contains(f.color), f.rect.width < 3 { f } else { nil }
        }
    }

    /// The compact panel: a quarter of the window at most, one bar a frame (newest at the right
    /// edge), each bar's height its interval on the sparkline's scale, the two lines labelled, the key.
    @Test(arguments: [Size(width: 480, height: 360), Size(width: 1280, height: 800), Size(width: 2560, height: 1600)])
    func theCompactPanelIsOneLineASparklineAndAKey(viewport: Size) {
        let timings = Self.alternating(150)
        let overlay = FrameTimeOverlay(text: HalfEmTextMeasurer())
        let size = overlay.size(in: viewport)
        #expect(size.width <= max(120, viewport.width / 4) && size.width <= 220)
        let frame = Rect(x: viewport.width - size.width - 8, y: 64, width: size.width, height: size.height)
        let feed = FeedScene(viewport: viewport, environment: testEnvironment())
        var list = DisplayList()
        overlay.draw(into: &list, in: frame, timings: timings, time: 1, scene: feed)
        let drawn = bars(list)
        #expect(drawn.count == 120)
        let graphBottom = drawn.map { $0.rect.maxY }.max() ?? 0
        for (bar, sample) in zip(drawn, timings.recent) {
            let expected = min(FrameTimeOverlay.graphHeight, sample.interval * 1000 / FrameTimeOverlay.graphMs * FrameTimeOverlay.graphHeight)
            #expect(abs(bar.rect.height - expected) < 1e-9)
            #expect(bar.rect.maxY == graphBottom)
        }
        #expect(abs((drawn.last?.rect.maxX ?? 0) - (frame.maxX - FrameTimeOverlay.padding)) < 1e-9, "the newest bar at the right edge")
        let texts = list.textRuns.map(\.text)
        #expect(texts.contains("33.3") && texts.contains("16.7") && texts.contains(">16.7") && texts.contains(">33.3 ms"))
        #expect(!texts.contains { $0.hasPrefix("update") }, "the detail only when expanded")
        // Every text inside the panel: none cut at its right edge.
        for run in list.textRuns {
            #expect(run.origin.x + HalfEmTextMeasurer().size(of: run.text, font: run.font).width <= frame.maxX, "\(run.text) at \(viewport)")
        }
        let inside = frame.insetBy(dx: -1e-9, dy: -1e-9)
        for command in list.commands {
            if case let .fill(f) = command {
                #expect(f.rect.minX >= inside.minX && f.rect.maxX <= inside.maxX && f.rect.minY >= inside.minY && f.rect.maxY <= inside.maxY, "\(f.rect)")
            }
        }
    }

    @Test func theNumbersAreTheRingsPercentiles() {
        let timings = Self.alternating(150)
        let overlay = FrameTimeOverlay(text: HalfEmTextMeasurer())
        let viewport = Size(width: 2560, height: 1600), size = overlay.size(in: viewport)
        var list = DisplayList()
        overlay.draw(into: &list, in: Rect(origin: .zero, size: size), timings: timings, time: 1,
                     scene: FeedScene(viewport: viewport, environment: testEnvironment()))
        let intervals = timings.recent.map(\.interval)
        let p50 = percentile(intervals, 0.5) * 1000, p99 = percentile(intervals, 0.99) * 1000
        let summary = list.textRuns.first?.text ?? ""
        #expect(summary.contains(String(format: "p50 %.1f", p50)) && summary.contains(String(format: "p99 %.1f", p99)), "\(summary)")
        #expect(summary.hasPrefix(String(format: "%.1f fps", timings.framesPerSecond())))
    }

    /// "—" until the ring holds a second of intervals: a number from a few frames would mislead.
    @Test func dashesUntilASecondOfFrames() {
        let overlay = FrameTimeOverlay(text: HalfEmTextMeasurer())
        let viewport = Size(width: 1280, height: 800), size = overlay.size(in: viewport)
        let feed = FeedScene(viewport: viewport, environment: testEnvironment())
        var timings = FrameTimings()
        var time = 0.0
        for frame in 1...61 {
            timings.record(FrameSample(interval: 1.0 / 60, update: 0, layout: 0, render: 0))
            time += 0.3
            var list = DisplayList()
            overlay.draw(into: &list, in: Rect(origin: .zero, size: size), timings: timings, time: time, scene: feed)
            let summary = list.textRuns.first?.text ?? ""
            let total = timings.recent.map(\.interval).reduce(0, +)
            #expect(summary.hasPrefix("—") == (total < FrameTimeOverlay.minimumSpan), "frame \(frame): \(summary)")
        }
    }

    @Test func expandedItShowsThePhasesAndTheScene() {
        let overlay = FrameTimeOverlay(text: HalfEmTextMeasurer())
        let viewport = Size(width: 1280, height: 800)
        let compact = overlay.size(in: viewport)
        overlay.expanded = true
        let expanded = overlay.size(in: viewport)
        #expect(expanded.height > compact.height && expanded.width >= compact.width)
        var list = DisplayList()
        overlay.draw(into: &list, in: Rect(origin: .zero, size: expanded), timings: Self.alternating(150), time: 1,
                     scene: FeedScene(viewport: viewport, environment: testEnvironment()))
        let texts = list.textRuns.map(\.text)
        #expect(texts.contains { $0.hasPrefix("update 0.02  layout 0.05  render 4.00") })
        #expect(texts.contains("feed  ·  200 items"))
    }
}
