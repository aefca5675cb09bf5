import Foundation
import ParallaxVisualRegression
import ParallaxSDL

/// `verify --junit FILE`: one `testsuite` per script, one `testcase` per capture (classname the
/// script's file name, name the golden's), a `failure` with the figures and the pictures' paths for
/// each capture that did not pass.
enum JUnitReport {
    static func xml(_ results: [CaptureResult], tolerance: PixelComparison.Tolerance) -> String {
        var scripts: [String] = []
        for r in results where !scripts.contains(r.script) { scripts.append(r.script) }
        let failures = results.filter { !$0.passed }.count
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<testsuites name=\"parallax verify\" tests=\"\(results.count)\" failures=\"\(failures)\" errors=\"0\">\n"
        for script in scripts {
            let cases = results.filter { $0.script == script }
            let file = escapeMarkup(cases[0].scriptFile)
            out += "  <testsuite name=\"\(file)\" tests=\"\(cases.count)\" failures=\"\(cases.filter { !$0.passed }.count)\" errors=\"0\" skipped=\"0\">\n"
            for r in cases {
                out += "    <testcase classname=\"\(file)\" name=\"\(escapeMarkup(r.captureName))\""
                guard !r.passed else {
                    out += r.outcome == .recorded ? ">\n      <system-out>\(escapeMarkup(r.figures(tolerance: tolerance)))</system-out>\n    </testcase>\n" : "/>\n"
                    continue
                }
                out += ">\n      <failure type=\"\(r.outcome.rawValue)\" message=\"\(escapeMarkup(r.figures(tolerance: tolerance)))\">"
                var lines = ["script: \(r.script)", String(format: "capture time: %.3f s", r.time), "golden: \(r.golden)"]
                if let actual = r.actual { lines.append("actual: \(actual)") }
                if let diff = r.diff { lines.append("diff: \(diff)") }
                if let sideBySide = r.sideBySide { lines.append("side by side: \(sideBySide)") }
                out += escapeMarkup(lines.joined(separator: "\n")) + "</failure>\n    </testcase>\n"
            }
            out += "  </testsuite>\n"
        }
        return out + "</testsuites>\n"
    }
}
