import Foundation
import ParallaxEngine

/// The frame-time panel, on by default. Compact: one line of the frame rate and the p50 and p99
/// frame intervals, a sparkline of the last 120 intervals with its 16.7 and 33.3 ms lines labelled,
/// and a key to the colours of slow frames; a quarter of the window's width at most. Expanded (F1
/// again): the update, layout and render times and the scene's content as well. Until a second of
/// frames is in, its numbers read "—". Its text changes four times a second, so it costs a few rects
/// a frame and, now and then, a few text lines. Where it sits is the scene's call (PanelLayout.swift).
public final class FrameTimeOverlay: FrameOverlay {
    public var expanded = false

    static let font = Font(size: 11)
    static let boldFont = Font(size: 11, weight: .bold)
    static let narrowFont = Font(size: 10)
    static let smallFont = Font(size: 9)
    static let graphHeight = 30.0
    /// The sparkline's top: 33.3 ms (two frames) with room above it for its label.
    static let graphMs = 40.0
    static let padding = 5.0
    static let refreshInterval = 0.25
    /// A second of frames before the numbers mean anything.
    static let minimumSpan = 1.0
    static let onTime = Color(r: 80, g: 200, b: 120)
    static let late = Color(r: 245, g: 166, b: 35)
    static let veryLate = Color(r: 235, g: 80, b: 70)
    static let background = Color(r: 10, g: 12, b: 18, a: 215)

    private var summary = ""
    private var summaryFormShown = 0
    private var details: [String] = []
    private var refreshedAt = -Double.infinity
    private let text: TextMeasuring

    public init(text: TextMeasuring) { self.text = text }

    static func barColor(ms: Double) -> Color { ms <= 16.7 ? onTime : ms <= 33.3 ? late : veryLate }

    /// The compact panel's width: a quarter of the window, between 120 and 220 px.
    static func compactWidth(in viewport: Size) -> Double {
        min(220, max(120, (viewport.width / 4).rounded(.down)))
    }

    /// The summary line's forms, longest first, with their widest text: the panel shows the first
    /// that fits (digits are all as wide in DejaVu Sans).
    static let summaryForms: [(widest: String, font: Font)] = [
        ("000.0 fps   p50 00.0   p99 00.0 ms", boldFont), ("000.0 fps  p50 00.0  p99 00.0", boldFont),
        ("00 fps p50 00.0 p99 00.0", narrowFont), ("00 fps p50 00 p99 00", narrowFont),
    ]
    static let widestDetails = ["update 00.00  layout 00.00  render 00.00 ms"]

    var lineHeight: Double { text.size(of: "0", font: Self.font).height }
    var smallLineHeight: Double { text.size(of: "0", font: Self.smallFont).height }

    public func size(in viewport: Size) -> Size {
        let compact = Self.compactWidth(in: viewport)
        let height = Self.padding + lineHeight + 4 + Self.graphHeight + 3 + smallLineHeight + Self.padding
        guard expanded else { return Size(width: compact, height: height) }
        let detailWidth = Self.widestDetails.map { text.size(of: $0, font: Self.font).width }.max() ?? 0
        let width = min(viewport.width - 24, max(compact, detailWidth + 2 * Self.padding)).rounded(.up)
        return Size(width: width, height: height + 2 * (lineHeight + 2) + 2)
    }

    /// Which summary form fits `width`.
    func summaryForm(fitting width: Double) -> Int {
        Self.summaryForms.firstIndex { text.size(of: $0.widest, font: $0.font).width <= width } ?? Self.summaryForms.count - 1
    }

    public func draw(into list: inout DisplayList, in panel: Rect, timings: FrameTimings, time: Double, scene: Scene) {
        let inner = panel.width - 2 * Self.padding
        let form = summaryForm(fitting: inner)
        if time - refreshedAt >= Self.refreshInterval || time < refreshedAt || summary.isEmpty || form != summaryFormShown {
            refreshedAt = time
            summaryFormShown = form
            (summary, details) = Self.describe(timings, form: form, scene: scene)
        }
        list.fill(panel, Self.background)
        var y = panel.minY + Self.padding
        list.text(summary, font: Self.summaryForms[form].font, at: Point(x: panel.minX + Self.padding, y: y), color: Theme.text, clip: panel)
        y += lineHeight + 4
        drawSparkline(into: &list, in: Rect(x: panel.minX + Self.padding, y: y, width: inner, height: Self.graphHeight), timings: timings)
        y += Self.graphHeight + 3
        drawKey(into: &list, at: Point(x: panel.minX + Self.padding, y: y), clip: panel)
        y += smallLineHeight + 2
        guard expanded else { return }
        for line in details {
            list.text(line, font: Self.font, at: Point(x: panel.minX + Self.padding, y: y), color: Theme.secondaryText, clip: panel)
            y += lineHeight + 2
        }
    }

    /// The intervals as bars, newest at the right, over a gutter with the two lines' labels.
    func drawSparkline(into list: inout DisplayList, in area: Rect, timings: FrameTimings) {
        let labels = ["33.3", "16.7"]
        let gutter = (labels.map { text.size(of: $0, font: Self.smallFont).width }.max() ?? 0) + 3
        let graph = Rect(x: area.minX + gutter, y: area.minY, width: area.width - gutter, height: area.height)
        list.fill(graph, Color(gray: 255, a: 14))
        let samples = timings.recent
        let barWidth = graph.width / Double(timings.capacity)
        // Newest at the right edge, whether or not the ring is full yet.
        let start = graph.maxX - Double(samples.count) * barWidth
        for (i, sample) in samples.enumerated() {
            let ms = sample.interval * 1000
            let h = min(graph.height, ms / Self.graphMs * graph.height)
            list.fill(Rect(x: start + Double(i) * barWidth, y: graph.maxY - h, width: barWidth, height: h), Self.barColor(ms: ms))
        }
        let smallHeight = smallLineHeight
        for (label, ms) in zip(labels, [33.3, 16.7]) {
            let y = (graph.maxY - ms / Self.graphMs * graph.height).rounded()
            list.fill(Rect(x: graph.minX, y: y, width: graph.width, height: 1), Color(gray: 255, a: ms < 20 ? 150 : 70))
            list.text(label, font: Self.smallFont, at: Point(x: area.minX, y: (y - smallHeight / 2).rounded()), color: Theme.secondaryText)
        }
    }

    /// "■ >16.7  ■ >33.3 ms": the colours of late frames.
    func drawKey(into list: inout DisplayList, at origin: Point, clip: Rect) {
        var x = origin.x
        let side = 7.0, height = smallLineHeight
        for (label, color) in [(">16.7", Self.late), (">33.3 ms", Self.veryLate)] {
            list.fill(Rect(x: x, y: (origin.y + (height - side) / 2).rounded(), width: side, height: side), color)
            x += side + 3
            list.text(label, font: Self.smallFont, at: Point(x: x, y: origin.y), color: Theme.secondaryText, clip: clip)
            x += text.size(of: label, font: Self.smallFont).width + 8
        }
    }

    /// The summary line in form `form` of `summaryForms`, and the detail lines.
    static func describe(_ timings: FrameTimings, form: Int, scene: Scene) -> (String, [String]) {
        let samples = timings.recent
        let intervals = samples.map(\.interval)
        let content = (scene as? Traceable)?.contentSummary ?? ""
        let place = "\(scene.name)  ·  \(content)"
        guard intervals.reduce(0, +) >= minimumSpan else {
            return (["— fps   p50 —   p99 — ms", "— fps  p50 —  p99 —", "— fps p50 — p99 —", "— fps p50 — p99 —"][form],
                    ["update —  layout —  render — ms", place])
        }
        let fps = timings.framesPerSecond()
        let p50 = percentile(intervals, 0.5) * 1000, p99 = percentile(intervals, 0.99) * 1000
        let summary = switch form {
        case 0: String(format: "%.1f fps   p50 %.1f   p99 %.1f ms", fps, p50, p99)
        case 1: String(format: "%.1f fps  p50 %.1f  p99 %.1f", fps, p50, p99)
        case 2: String(format: "%.0f fps p50 %.1f p99 %.1f", fps, p50, p99)
        default: String(format: "%.0f fps p50 %.0f p99 %.0f", fps, p50, p99)
        }
        let ms = { (v: Double) in String(format: "%.2f", v * 1000) }
        let phases = "update \(ms(percentile(samples.map(\.update), 0.5)))  layout \(ms(percentile(samples.map(\.layout), 0.5)))  render \(ms(percentile(samples.map(\.render), 0.5))) ms"
        return (summary, [phases, place])
    }
}
