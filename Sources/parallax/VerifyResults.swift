import Foundation
import ParallaxVisualRegression
import ParallaxSDL

/// One capture's verdict as `verify` reports it: a row of the table, a JUnit test case, an entry of
/// the HTML report, and what a `--jobs` worker hands back to its parent (as JSON).
struct VerifyCaptureResult: Codable, Equatable {
    enum Outcome: String, Codable { case match, mismatch, size, missing, recorded }

    /// The script's path as given on the command line.
    var script: String
    var time: Double
    var golden: String
    var outcome: Outcome
    var differingPixels: Int?
    var totalPixels: Int?
    var largestChannelDelta: Int?
    /// With a perceptual threshold: anti-aliased edges let pass, and the largest YIQ distance.
    var antialiasedPixels: Int?
    var largestPerceptualDistance: Double?
    var expectedSize: String?
    var actualSize: String?
    /// Pictures written for a mismatch.
    var actual: String?
    var diff: String?
    var sideBySide: String?

    var passed: Bool { outcome == .match || outcome == .recorded }
    var scriptFile: String { URL(fileURLWithPath: script).lastPathComponent }
    /// The golden's file name without `.png`: `feed-0000.500`.
    var captureName: String { URL(fileURLWithPath: golden).deletingPathExtension().lastPathComponent }
    var differingFraction: Double? {
        guard let differingPixels, let totalPixels, totalPixels > 0 else { return nil }
        return Double(differingPixels) / Double(totalPixels)
    }

    init(script: String, verdict v: Verify.Verdict) {
        self.script = script
        time = v.time
        golden = v.golden
        switch v.outcome {
        case .matched: outcome = .match
        case .mismatched: outcome = .mismatch
        case .sizeMismatch: outcome = .size
        case .missing: outcome = .missing
        case .recorded: outcome = .recorded
        }
        if let c = v.comparison {
            differingPixels = c.differingPixels
            totalPixels = c.totalPixels
            largestChannelDelta = c.largestChannelDelta
            antialiasedPixels = c.antialiasedPixels
            largestPerceptualDistance = c.largestPerceptualDistance
            expectedSize = "\(c.expectedSize.width)x\(c.expectedSize.height)"
            actualSize = "\(c.actualSize.width)x\(c.actualSize.height)"
        }
        actual = v.actual
        diff = v.diff
        sideBySide = v.sideBySide
    }

    /// The verdict column of the table.
    var summary: String {
        switch outcome {
        case .match:
            let edges = antialiasedPixels ?? 0
            return edges > 0 ? "match (\(edges) anti-aliased pixels let pass)" : "match"
        case .recorded: return "recorded \(golden)"
        case .missing: return "MISSING golden \(golden) (run with --record missing to write it)"
        case .mismatch: return "MISMATCH, see \(sideBySide ?? "")"
        case .size:
            return "SIZE: capture is \(actualSize ?? "?"), golden \(expectedSize ?? "?"); see \(sideBySide ?? "")"
        }
    }

    /// The figures in one line: for JUnit's failure message and the HTML report.
    func figures(tolerance: PixelComparison.Tolerance) -> String {
        switch outcome {
        case .missing: return "no golden at \(golden)"
        case .recorded: return "golden written to \(golden)"
        case .size: return "capture is \(actualSize ?? "?"), golden \(expectedSize ?? "?")"
        case .match, .mismatch:
            let percent = String(format: "%.4f%%", (differingFraction ?? 0) * 100)
            let perceptual = tolerance.perceptualThreshold.map { threshold in
                String(format: ", largest perceptual distance %.4f, %d anti-aliased pixels let pass", largestPerceptualDistance ?? 0, antialiasedPixels ?? 0)
                    + " (threshold \(threshold))"
            } ?? ""
            return "\(differingPixels ?? 0) of \(totalPixels ?? 0) pixels differ (\(percent)), largest channel delta \(largestChannelDelta ?? 0)\(perceptual);"
                + " allowed: channel delta \(tolerance.maxChannelDelta), differing fraction \(tolerance.maxDifferingFraction)"
        }
    }
}

/// Text for XML and HTML, in content or a quoted attribute. XML 1.0 cannot carry most control
/// characters at all, so those become "?".
func escapeMarkup(_ text: String) -> String {
    var out = ""
    for c in text.unicodeScalars {
        switch c {
        case "&": out += "&amp;"
        case "<": out += "&lt;"
        case ">": out += "&gt;"
        case "\"": out += "&quot;"
        case "'": out += "&#39;"
        case "\n", "\t": out.unicodeScalars.append(c)
        case _ where c.value < 0x20: out += "?"
        default: out.unicodeScalars.append(c)
        }
    }
    return out
}

/// One script's motion verdict as `verify` reports it: a row of the table with the verdict's lines
/// under it, a JUnit test case (`<script>.motion`), an entry of the HTML report, and what a `--jobs`
/// worker hands back.
struct VerifyMotionResult: Codable, Equatable {
    enum Outcome: String, Codable { case match, mismatch, recorded, unreadable }

    var script: String
    var golden: String
    var outcome: Outcome
    /// The verdict (docs/visual-regression.md, "Verdicts").
    var lines: [String]
    /// The run's motion, where it differs.
    var actual: String?
    var differences: [MotionComparison.Difference]
    /// For the report: frames around the first difference, the golden's and this run's.
    var filmstrip: [Filmstrip.Frame] = []

    var passed: Bool { outcome == .match || outcome == .recorded }
    var scriptFile: String { URL(fileURLWithPath: script).lastPathComponent }
    /// `feed.motion`: the golden's name without `.jsonl`.
    var name: String { URL(fileURLWithPath: golden).deletingPathExtension().lastPathComponent }

    init(script: String, verdict v: Verify.MotionVerdict) {
        self.script = script
        golden = v.golden
        switch v.outcome {
        case .matched: outcome = .match
        case .mismatched: outcome = .mismatch
        case .recorded: outcome = .recorded
        case .unreadable: outcome = .unreadable
        }
        lines = v.lines
        actual = v.actual
        differences = v.comparison?.differences ?? []
    }

    /// The verdict column of the table.
    var summary: String {
        switch outcome {
        case .match: return "match"
        case .recorded: return "recorded \(golden)"
        case .unreadable: return "UNREADABLE golden: \(lines.first ?? golden)"
        case .mismatch:
            let named = differences.prefix(3).map { d in
                d.shift.map { "\(d.quantity) (shifted \(abs($0)) frame\(abs($0) == 1 ? "" : "s") \($0 > 0 ? "late" : "early"))" }
                    ?? "\(d.quantity) (frame \(d.firstFrame))"
            }
            let more = differences.count > 3 ? ", \(differences.count - 3) more" : ""
            let what = named.isEmpty ? (lines.dropFirst().first ?? "frame count") : named.joined(separator: ", ") + more
            return "MOTION DIFFERS: \(what)" + (actual.map { "; see \($0)" } ?? "")
        }
    }

    /// The verdict in one message: JUnit's failure message.
    var message: String { lines.joined(separator: "\n") }
}

/// What `verify` found: every capture's verdict and every checked motion's, in the scripts' order.
struct VerifyResults: Codable, Equatable {
    var captures: [VerifyCaptureResult] = []
    var motions: [VerifyMotionResult] = []
    var passed: Bool { captures.allSatisfy(\.passed) && motions.allSatisfy(\.passed) }
}
