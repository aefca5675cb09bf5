import Foundation
import ParallaxEngine

/// The physics plot (G): the active scroller's offset (px) and velocity (px/s) over the last 3 s
/// of the scenes' time, each phase shaded behind, and from each release, notch or switch of model
/// the model's own prediction to rest, dashed, on into the next 1.5 s. The physics is closed-form, so the prediction is
/// exact: the live line runs on it until the next input. In compare mode the right pane's curves
/// are drawn over the left's in two more colours. Drawn into the display list like every
/// panel, so captures and goldens show it (docs/physics-models.md, "The plot").
struct PhysicsPlot {
    static let window = 3.0
    static let ahead = 1.5
    static let font = Font(size: 11)
    static let boldFont = Font(size: 11, weight: .bold)
    static let offsetColor = Theme.accent
    static let velocityColor = Color(r: 245, g: 166, b: 35)
    static let predictionColor = Color(gray: 235)
    static let comparedOffsetColor = Color(r: 80, g: 200, b: 120)
    static let comparedVelocityColor = Color(r: 235, g: 100, b: 160)

    struct Sample { var time: Double; var offset: Double; var velocity: Double; var phase: ScrollPhase }
    /// The axis as a release (or notch, or switch) left it: its closed form from `start` on.
    struct Prediction { var start: Double; var axis: ScrollAxis }

    private(set) var samples: [Sample] = []
    /// Compare mode's right pane, at the same times.
    private(set) var compared: [Sample] = []
    private(set) var predictions: [Prediction] = []

    /// One frame's state of the scroller at the scenes' time `time`.
    mutating func record(_ axis: ScrollAxis, comparing other: ScrollAxis? = nil, at time: Double) {
        if let last = samples.last, time < last.time { samples.removeAll(); compared.removeAll() }
        func sample(_ axis: ScrollAxis) -> Sample {
            let s = axis.sample(at: time)
            return Sample(time: time, offset: s.offset, velocity: s.velocity, phase: s.phase)
        }
        samples.append(sample(axis))
        if let other { compared.append(sample(other)) } else { compared.removeAll() }
        samples.removeAll { $0.time < time - Self.window }
        compared.removeAll { $0.time < time - Self.window }
        predictions.removeAll { $0.start < time - Self.window && $0.axis.phase(at: time - Self.window) == .idle }
    }

    /// After an input at `time`: a motion the scroller now makes on its own is predicted.
    mutating func predict(_ axis: ScrollAxis, at time: Double) {
        switch axis.phase(at: time) {
        case .idle, .dragging: return
        case .decelerating, .bouncing, .wheel, .paging: predictions.append(Prediction(start: time, axis: axis))
        }
    }

    static func phaseColor(_ phase: ScrollPhase) -> Color? {
        switch phase {
        case .idle: nil
        case .dragging: Color(gray: 255, a: 28)
        case .decelerating: Theme.accent.withAlpha(40)
        case .bouncing: Color(r: 245, g: 166, b: 35, a: 44)
        case .wheel: Color(r: 80, g: 200, b: 120, a: 40)
        case .paging: Color(r: 190, g: 120, b: 255, a: 40)
        }
    }

    /// The panel for a scene area of `area`, at its bottom left: wide enough to read at 480x360,
    /// no wider than 900 px on a large window.
    static func frame(in area: Rect) -> Rect {
        let width = min(area.width - 24, min(900, max(420, area.width * 0.45))).rounded()
        let height = min(area.height * 0.55, max(180, width * 0.42)).rounded()
        return Rect(x: area.minX + 12, y: area.maxY - height - 12, width: width, height: height)
    }

    func draw(into list: inout DisplayList, frame panel: Rect, now: Double, model: String, comparedModel: String?, text: TextMeasuring) {
        list.fill(panel, Color(r: 10, g: 12, b: 18, a: 242))
        let lineHeight = text.size(of: "0", font: Self.font).height
        let legend = Point(x: panel.minX + 10, y: panel.minY + 6)
        var x = legend.x
        var legendItems = [(model, Theme.text), ("offset px", Self.offsetColor), ("velocity px/s", Self.velocityColor)]
        if let comparedModel, !compared.isEmpty {
            legendItems += [(comparedModel, Theme.text), ("offset", Self.comparedOffsetColor), ("velocity", Self.comparedVelocityColor)]
        }
        for (label, color) in legendItems + [("- - predicted", Self.predictionColor)] {
            let bold = label == model || label == comparedModel
            list.text(label, font: bold ? Self.boldFont : Self.font, at: Point(x: x, y: legend.y), color: color, clip: panel)
            x += text.size(of: label, font: Self.boldFont).width + 14
        }
        let labelWidth = text.size(of: "-00000", font: Self.font).width + 6
        let top = legend.y + lineHeight + 6, bottom = panel.maxY - lineHeight - 8
        let gap = 8.0, chartHeight = max(10, (bottom - top - gap) / 2)
        let left = panel.minX + 10 + labelWidth, right = panel.maxX - 10
        let offsetChart = Rect(x: left, y: top, width: right - left, height: chartHeight)
        let velocityChart = Rect(x: left, y: top + chartHeight + gap, width: right - left, height: chartHeight)
        let start = now - Self.window, span = Self.window + Self.ahead
        func xAt(_ t: Double) -> Double { left + (t - start) / span * (right - left) }

        // Phases, shaded behind both charts.
        var i = 0
        while i < samples.count {
            var j = i
            while j + 1 < samples.count, samples[j + 1].phase == samples[i].phase { j += 1 }
            if let color = Self.phaseColor(samples[i].phase) {
                let x0 = xAt(samples[i].time), x1 = xAt(j + 1 < samples.count ? samples[j + 1].time : samples[j].time)
                for chart in [offsetChart, velocityChart] {
                    list.fill(Rect(x: x0, y: chart.minY, width: max(1, x1 - x0), height: chart.height), color, clip: chart)
                }
            }
            i = j + 1
        }

        // What each curve spans: the samples and the predictions, so the dashed line stays in view.
        let columns = Int(max(1, right - left))
        func predicted(_ p: Prediction, _ column: Int) -> (t: Double, offset: Double, velocity: Double)? {
            let t = start + Double(column) / Double(columns) * span
            guard t >= p.start else { return nil }
            return (t, p.axis.offset(at: t), p.axis.velocity(at: t))
        }
        var offsets = (samples + compared).map(\.offset), velocities = (samples + compared).map(\.velocity)
        for p in predictions {
            for c in stride(from: 0, through: columns, by: 4) { if let s = predicted(p, c) { offsets.append(s.offset); velocities.append(s.velocity) } }
        }
        let offsetRange = Self.range(offsets, symmetric: false), velocityRange = Self.range(velocities, symmetric: true)
        for (chart, range, unit) in [(offsetChart, offsetRange, "px"), (velocityChart, velocityRange, "px/s")] {
            list.fill(Rect(x: chart.minX, y: chart.minY, width: 1, height: chart.height), Color(gray: 255, a: 60))
            for value in [range.upperBound, range.lowerBound] {
                let label = Self.number(value)
                let y = value == range.upperBound ? chart.minY : chart.maxY - lineHeight
                list.text(label, font: Self.font, at: Point(x: chart.minX - 6 - text.size(of: label, font: Self.font).width, y: y),
                          color: Theme.secondaryText)
            }
            list.text(unit, font: Self.font, at: Point(x: chart.minX + 4, y: chart.minY + 2), color: Theme.secondaryText)
            if range.contains(0), range.lowerBound < 0 {
                list.fill(Rect(x: chart.minX, y: Self.y(0, range, chart).rounded(), width: chart.width, height: 1), Color(gray: 255, a: 40))
            }
        }

        // Predictions, dashed (6 px on, 4 off), under the live lines.
        for p in predictions {
            var previous: (offset: Double, velocity: Double)?
            for c in 0...columns {
                guard let s = predicted(p, c) else { previous = nil; continue }
                if c % 10 < 6, let previous {
                    Self.segment(&list, x: left + Double(c), from: Self.y(previous.offset, offsetRange, offsetChart),
                                 to: Self.y(s.offset, offsetRange, offsetChart), color: Self.predictionColor, clip: offsetChart)
                    Self.segment(&list, x: left + Double(c), from: Self.y(previous.velocity, velocityRange, velocityChart),
                                 to: Self.y(s.velocity, velocityRange, velocityChart), color: Self.predictionColor, clip: velocityChart)
                }
                previous = (s.offset, s.velocity)
            }
        }
        // The live lines, one segment per pair of samples; the compared pane's over them.
        for (series, offsetColor, velocityColor) in [(samples, Self.offsetColor, Self.velocityColor),
                                                     (compared, Self.comparedOffsetColor, Self.comparedVelocityColor)] {
            for (a, b) in zip(series, series.dropFirst()) {
                Self.line(&list, from: Point(x: xAt(a.time), y: Self.y(a.offset, offsetRange, offsetChart)),
                          to: Point(x: xAt(b.time), y: Self.y(b.offset, offsetRange, offsetChart)), color: offsetColor, clip: offsetChart)
                Self.line(&list, from: Point(x: xAt(a.time), y: Self.y(a.velocity, velocityRange, velocityChart)),
                          to: Point(x: xAt(b.time), y: Self.y(b.velocity, velocityRange, velocityChart)), color: velocityColor,
                          clip: velocityChart)
            }
        }

        // The time axis: seconds from now, and a line at now.
        for (chart) in [offsetChart, velocityChart] {
            list.fill(Rect(x: xAt(now).rounded(), y: chart.minY, width: 1, height: chart.height), Color(gray: 255, a: 90))
        }
        for k in -3...1 {
            let label = k == 0 ? "now" : "\(k > 0 ? "+" : "")\(k) s"
            let w = text.size(of: label, font: Self.font).width
            let x = xAt(now + Double(k))
            list.text(label, font: Self.font, at: Point(x: min(right - w, max(left, x - w / 2)), y: bottom + 3), color: Theme.secondaryText)
        }
    }

    /// The values' range with a margin; never empty; around 0 for velocities.
    static func range(_ values: [Double], symmetric: Bool) -> ClosedRange<Double> {
        let finite = values.filter(\.isFinite)
        var low = finite.min() ?? 0, high = finite.max() ?? 0
        if symmetric { high = max(abs(low), abs(high), 100); low = -high }
        if high - low < 20 { let middle = (high + low) / 2; low = middle - 10; high = middle + 10 }
        let margin = (high - low) * 0.08
        return (low - margin)...(high + margin)
    }

    static func y(_ value: Double, _ range: ClosedRange<Double>, _ chart: Rect) -> Double {
        chart.maxY - (value - range.lowerBound) / (range.upperBound - range.lowerBound) * chart.height
    }

    static func number(_ value: Double) -> String { String(format: "%.0f", value) }

    /// A 2 px wide vertical run at `x` from one height to the next: a curve drawn column by column.
    static func segment(_ list: inout DisplayList, x: Double, from y0: Double, to y1: Double, color: Color, clip: Rect) {
        let low = min(y0, y1), high = max(y0, y1)
        list.fill(Rect(x: x - 1, y: low - 1, width: 2, height: high - low + 2), color, clip: clip)
    }

    /// A line between two points as columns of `segment`.
    static func line(_ list: inout DisplayList, from a: Point, to b: Point, color: Color, clip: Rect) {
        let steps = max(1, Int(abs(b.x - a.x).rounded(.up)))
        var previous = a.y
        for s in 1...steps {
            let f = Double(s) / Double(steps), y = a.y + (b.y - a.y) * f
            segment(&list, x: a.x + (b.x - a.x) * f, from: previous, to: y, color: color, clip: clip)
            previous = y
        }
    }
}
