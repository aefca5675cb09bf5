import Foundation
import ParallaxVisualRegression
import ParallaxSDL

/// `verify --junit FILE`: one `testsuite` per script, one `testcase` per capture (classname the
/// script's file name, name the golden's) and one for the script's motion (`<script>.motion`), a
/// `failure` with the figures and the pictures' paths, or the motion's verdict, for each that did not pass.
enum JUnitReport {
    static func xml(_ results: VerifyResults, tolerance: PixelComparison.Tolerance) -> String {
        var scripts: [String] = []
        for script in results.captures.map(\.script) + results.motions.map(\.script) where !scripts.contains(script) { scripts.append(script) }
        let tests = results.captures.count + results.motions.count
        let failures = results.captures.filter { !$0.passed }.count + results.motions.filter { !$0.passed }.count
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<testsuites name=\"parallax verify\" tests=\"\(tests)\" failures=\"\(failures)\" errors=\"0\">\n"
        for script in scripts {
            let cases = results.captures.filter { $0.script == script }
            let motions = results.motions.filter { $0.script == script }
            let file = escapeMarkup(URL(fileURLWithPath: script).lastPathComponent)
            let failed = cases.filter { !$0.passed }.count + motions.filter { !$0.passed }.count
            out += "  <testsuite name=\"\(file)\" tests=\"\(cases.count + motions.count)\" failures=\"\(failed)\" errors=\"0\" skipped=\"0\">\n"
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
            for m in motions {
                out += "    <testcase classname=\"\(file)\" name=\"\(escapeMarkup(m.name))\""
                switch m.outcome {
                case .match: out += m.lines.isEmpty ? "/>\n" : ">\n      <system-out>\(escapeMarkup(m.message))</system-out>\n    </testcase>\n"
                case .recorded: out += ">\n      <system-out>motion golden written to \(escapeMarkup(m.golden))</system-out>\n    </testcase>\n"
                case .mismatch, .unreadable:
                    // The verdict's lines as lines: a newline in an attribute would be read as a space.
                    let message = escapeMarkup(m.message).replacingOccurrences(of: "\n", with: "&#10;")
                    out += ">\n      <failure type=\"motion-\(m.outcome.rawValue)\" message=\"\(message)\">"
                    var lines = ["script: \(m.script)", "golden: \(m.golden)"]
                    if let actual = m.actual { lines.append("actual: \(actual)") }
                    out += escapeMarkup(lines.joined(separator: "\n")) + "</failure>\n    </testcase>\n"
                }
            }
            out += "  </testsuite>\n"
        }
        return out + "</testsuites>\n"
    }
}
