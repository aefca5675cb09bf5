import Foundation
import ParallaxEngine
import ParallaxVisualRegression

/// The report's motion sections (`verify --report`): for each script's motion, the verdict and inline
/// SVG curves of the golden's and the run's values, the first divergence marked; a passing script's
/// curves folded away.
enum MotionReport {
    /// At most this many differing quantities are drawn; the verdict lists them all.
    static let drawnQuantities = 8

    static func anchor(_ m: VerifyMotionResult) -> String { "motion-" + escapeMarkup(m.name) }

    static func section(_ m: VerifyMotionResult, images: String) throws -> String {
        let expected = try? MotionTimeline.load(path: m.golden)
        let actual = m.actual.flatMap { try? MotionTimeline.load(path: $0) }
        var body = ""
        if !m.lines.isEmpty { body += "<pre class=\"verdict-lines\">\(escapeMarkup(m.lines.joined(separator: "\n")))</pre>\n" }
        if let expected {
            if m.passed {
                let names = (expected.quantities[expected.scene] ?? []).filter { MotionTimeline.groupColumn($0) == nil && $0 != "phase" }
                let curves = names.map { curve($0, expected: expected, actual: nil, divergence: nil) }.joined()
                body += "<details class=\"curves\"><summary>curves: \(escapeMarkup(names.joined(separator: ", ")))</summary>\n\(curves)</details>\n"
            } else {
                let drawn = m.differences.prefix(drawnQuantities)
                body += "<div class=\"curves\">\n"
                body += drawn.map { curve($0.quantity, expected: expected, actual: actual, divergence: $0.firstFrame, shift: $0.shift) }.joined()
                body += "</div>\n"
                if m.differences.count > drawn.count {
                    body += "<p class=\"hint\">\(m.differences.count - drawn.count) more quantities differ; the verdict above lists them.</p>\n"
                }
                body += try filmstrip(m, images: images)
            }
        }
        body += "<p class=\"paths\">golden \(escapeMarkup(m.golden))" + (m.actual.map { "<br>actual \(escapeMarkup($0))" } ?? "") + "</p>\n"
        let label = m.outcome == .match ? "match" : m.outcome == .recorded ? "recorded" : m.outcome == .unreadable ? "UNREADABLE golden" : "MOTION DIFFERS"
        return """
            <section class="motion \(m.passed ? "passed" : "failed")" id="\(anchor(m))">
            <h2>\(escapeMarkup(m.scriptFile)) motion <span class="verdict">\(label)</span>\(m.passed ? "" : HTMLReport.acceptBox(m.golden))</h2>
            \(body)</section>

            """
    }

    /// The frames around the first difference as a table: the golden's, this run's, their
    /// difference (changed pixels red) and a blink of the two, a column a frame.
    static func filmstrip(_ m: VerifyMotionResult, images: String) throws -> String {
        guard !m.filmstrip.isEmpty else { return "" }
        let first = m.differences.first?.firstFrame
        var rows = ["expected": "", "actual": "", "difference": "", "blink": ""]
        var header = ""
        for frame in m.filmstrip {
            let stem = m.name + "." + String(format: "%04d", frame.frame)
            guard let expected = try HTMLReport.copy(frame.expected, as: stem + ".expected.png", into: images),
                  let actual = try HTMLReport.copy(frame.actual, as: stem + ".actual.png", into: images),
                  let diff = try HTMLReport.copy(frame.diff, as: stem + ".diff.png", into: images) else { continue }
            let cell = frame.frame == first ? "<td class=\"first\">" : "<td>"
            header += "<th style=\"text-align: left\">frame \(frame.frame) (" + String(format: "%.3f s", frame.time) + ")\(frame.frame == first ? ", first difference" : "")</th>"
            rows["expected"]! += cell + "<img src=\"\(escapeMarkup(expected))\" alt=\"expected, frame \(frame.frame)\"></td>"
            rows["actual"]! += cell + "<img src=\"\(escapeMarkup(actual))\" alt=\"actual, frame \(frame.frame)\"></td>"
            rows["difference"]! += cell + "<img src=\"\(escapeMarkup(diff))\" alt=\"difference, frame \(frame.frame)\"></td>"
            rows["blink"]! += cell + "<div class=\"blink\"><img src=\"\(escapeMarkup(expected))\" alt=\"expected\"><img class=\"actual\" src=\"\(escapeMarkup(actual))\" alt=\"actual\"></div></td>"
        }
        let labels = [("expected", "expected (the golden's settings)"), ("actual", "actual (this run)"), ("difference", "difference"),
                      ("blink", "blink: expected, actual")]
        return "<table class=\"filmstrip\"><tr><th></th>\(header)</tr>\n"
            + labels.map { "<tr><th>\($0.1)</th>\(rows[$0.0]!)</tr>\n" }.joined() + "</table>\n"
    }

    /// One quantity's values over the frames, the golden's and the run's, as an SVG: the frames
    /// across, the values up, a dashed line at the first differing frame.
    static func curve(_ name: String, expected: MotionTimeline, actual: MotionTimeline?, divergence: Int?, shift: Int? = nil) -> String {
        let width = 640.0, height = 170.0, left = 64.0, right = 10.0, top = 10.0, bottom = 24.0
        let series = [expected] + (actual.map { [$0] } ?? [])
        let values = series.map { timeline in timeline.frames.map { $0.values[name] } }
        let frames = max(1, values.map(\.count).max() ?? 1)
        // The phase is text: each phase drawn as its place in ScrollPhase's list.
        func number(_ v: MotionValue?) -> Double? {
            switch v {
            case let .number(n)?: n
            case let .text(t)?: ScrollPhase.allCases.firstIndex { $0.rawValue == t }.map(Double.init)
            case nil: nil
            }
        }
        let numbers = values.flatMap { $0.compactMap(number) }
        var low = numbers.min() ?? 0, high = numbers.max() ?? 1
        if high - low < 1e-9 { low -= 1; high += 1 }
        func x(_ f: Int) -> Double { left + (width - left - right) * Double(f) / Double(max(1, frames - 1)) }
        func y(_ v: Double) -> Double { top + (height - top - bottom) * (1 - (v - low) / (high - low)) }
        func path(_ points: [MotionValue?]) -> String {
            var d = "", pen = false
            for (f, v) in points.enumerated() {
                guard let n = number(v) else { pen = false; continue }
                d += (pen ? "L" : "M") + String(format: "%.1f %.1f ", x(f), y(n))
                pen = true
            }
            return d.trimmingCharacters(in: .whitespaces)
        }
        let kind = MotionKind(quantity: name)
        var svg = "<svg class=\"curve\" viewBox=\"0 0 \(Int(width)) \(Int(height))\" role=\"img\" aria-label=\"\(escapeMarkup(name)) over the frames\">"
        svg += String(format: "<rect x=\"%.0f\" y=\"%.0f\" width=\"%.0f\" height=\"%.0f\" class=\"plot\"/>", left, top, width - left - right, height - top - bottom)
        for v in [low, high] {
            let label = name == "phase" ? (ScrollPhase.allCases.indices.contains(Int(v)) ? ScrollPhase.allCases[Int(v)].rawValue : "") : MotionTimeline.decimal(v, kind: kind)
            svg += String(format: "<text x=\"%.0f\" y=\"%.1f\" class=\"axis\" text-anchor=\"end\">", left - 4, y(v) + 4) + escapeMarkup(label) + "</text>"
        }
        svg += String(format: "<text x=\"%.0f\" y=\"%.0f\" class=\"axis\">0</text>", left, height - 6)
        svg += String(format: "<text x=\"%.0f\" y=\"%.0f\" class=\"axis\" text-anchor=\"end\">frame %d (%.2f s)</text>", width - right, height - 6,
                      frames - 1, Double(frames - 1) / expected.rate)
        svg += "<path class=\"expected\" d=\"\(path(values[0]))\"/>"
        if values.count > 1 { svg += "<path class=\"actual\" d=\"\(path(values[1]))\"/>" }
        if let divergence {
            svg += String(format: "<line class=\"divergence\" x1=\"%.1f\" y1=\"%.0f\" x2=\"%.1f\" y2=\"%.0f\"/>", x(divergence), top, x(divergence), height - bottom)
            svg += String(format: "<text x=\"%.1f\" y=\"%.0f\" class=\"axis divergence-label\">frame %d</text>", x(divergence) + 3, top + 12, divergence)
        }
        svg += "</svg>"
        var caption = escapeMarkup(name)
        if let divergence { caption += ": first differs at frame \(divergence) (" + String(format: "%.3f s", Double(divergence) / expected.rate) + ")" }
        if let shift { caption += ", shifted by \(abs(shift)) frame\(abs(shift) == 1 ? "" : "s") (\(shift > 0 ? "late" : "early"))" }
        let legend = actual == nil ? "" : " <span class=\"key expected\">expected</span> <span class=\"key actual\">actual</span>"
        return "<figure class=\"curve\" data-quantity=\"\(escapeMarkup(name))\">\(svg)<figcaption>\(caption)\(legend)</figcaption></figure>\n"
    }
}
