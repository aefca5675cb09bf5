import Foundation
import ParallaxEngine

/// The frame-time panel (F1): the last 120 frame intervals as bars against a 16.7 ms line, the
/// frame rate over the last second, p50 and p99, the update, layout and render times apart, and the
/// scene with its content. Its text changes four times a second, so it costs a few rects a frame
/// and, now and then, a few text lines.
public final class FrameTimeOverlay: FrameOverlay {
    static let font = Font(size: 12)
    static let boldFont = Font(size: 12, weight: .bold)
    static let budget = 1 / FrameClock.standardRate
    static let barScale = 2.0          // px per ms
    static let graphHeight = 66.0      // 33 ms
    static let refreshInterval = 0.25

    private var lines: [String] = []
    private var refreshedAt = -Double.infinity
    private let text: TextMeasuring

    public init(text: TextMeasuring) { self.text = text }

    static func barColor(ms: Double) -> Color {
        ms <= 16.7 ? Color(r: 80, g: 200, b: 120) : ms <= 33.3 ? Color(r: 245, g: 166, b: 35) : Color(r: 235, g: 80, b: 70)
    }

    public func draw(into list: inout DisplayList, viewport: Size, timings: FrameTimings, time: Double, scene: Scene) {
        let samples = timings.recent
        if time - refreshedAt >= Self.refreshInterval || time < refreshedAt || lines.isEmpty {
            refreshedAt = time
            lines = Self.describe(samples, fps: timings.framesPerSecond(), scene: scene)
        }
        // Sized by the widest text it can show, measured once: new numbers cost no measuring.
        let widest = max(text.size(of: Self.widestStats, font: Self.boldFont).width,
                         text.size(of: Self.widestTimes, font: Self.font).width,
                         text.size(of: lines.last ?? "", font: Self.font).width)
        let width = (max(Double(timings.capacity) * 2, widest) + 16).rounded(.up)
        let lineHeight = text.size(of: "0", font: Self.font).height + 2
        let height = Self.graphHeight + 20 + Double(lines.count) * lineHeight
        let panel = Rect(x: viewport.width - width - 12, y: 68, width: width, height: height)
        list.fill(panel, Color(r: 10, g: 12, b: 18, a: 215))
        let graph = Rect(x: panel.minX + 8, y: panel.minY + 8, width: width - 16, height: Self.graphHeight)
        let barWidth = graph.width / Double(timings.capacity)
        for (i, sample) in samples.enumerated() {
            let ms = sample.interval * 1000
            let h = min(graph.height, ms * Self.barScale)
            list.fill(Rect(x: graph.minX + Double(i) * barWidth, y: graph.maxY - h, width: barWidth, height: h), Self.barColor(ms: ms))
        }
        // The budget, and twice it (the graph's top half is room for slow frames).
        list.fill(Rect(x: graph.minX, y: (graph.maxY - 16.7 * Self.barScale).rounded(), width: graph.width, height: 1),
                  Color(gray: 255, a: 150))
        list.fill(Rect(x: graph.minX, y: (graph.maxY - 33.3 * Self.barScale).rounded(), width: graph.width, height: 1),
                  Color(gray: 255, a: 50))
        var y = graph.maxY + 8
        for (i, line) in lines.enumerated() {
            list.text(line, font: i == 0 ? Self.boldFont : Self.font, at: Point(x: graph.minX, y: y), color: Theme.text)
            y += lineHeight
        }
    }

    static let widestStats = "000.0 fps   p50 000.00 ms   p99 000.00 ms"
    static let widestTimes = "update 00.00  layout 00.00  render 000.00 ms"

    static func describe(_ samples: [FrameSample], fps: Double, scene: Scene) -> [String] {
        let ms = { (v: Double) in String(format: "%.2f", v * 1000) }
        let intervals = samples.map(\.interval)
        let summary = (scene as? Traceable)?.contentSummary ?? ""
        return [
            String(format: "%.1f fps", fps) + "   p50 \(ms(percentile(intervals, 0.5))) ms   p99 \(ms(percentile(intervals, 0.99))) ms",
            "update \(ms(percentile(samples.map(\.update), 0.5)))  layout \(ms(percentile(samples.map(\.layout), 0.5)))  render \(ms(percentile(samples.map(\.render), 0.5))) ms",
            "\(scene.name)  ·  \(summary)",
        ]
    }
}
