import Foundation
import ParallaxEngine
import ParallaxFrame
import ParallaxSDL

/// A run's motion against its golden, in motion's own terms: every quantity that differs with its
/// first differing frame, a curve that is the golden's shifted by whole frames, the scripted input
/// just before the earliest difference, and where the motion after it lands, how far it overshoots
/// and when it settles (docs/visual-regression.md, "Verdicts").
public struct MotionComparison: Equatable, Sendable {
    public struct Difference: Equatable, Sendable, Codable {
        public var quantity: String
        public var firstFrame: Int
        /// At the first differing frame, as the golden keeps them; nil where the quantity is not there
        /// (a cell out of view).
        public var expected: String?
        public var actual: String?
        public var differingFrames: Int
        /// The largest difference of a number, where both frames have it.
        public var largest: Double?
        /// Whole frames by which the actual curve is the golden's, within the tolerance: positive late.
        public var shift: Int?
    }

    /// What a designer asks of the motion after one input: where it comes to rest, how far past it it
    /// goes, and when it is still.
    public struct Summary: Equatable, Sendable, Codable {
        public struct Figures: Equatable, Sendable, Codable {
            /// The quantity's value at the segment's end.
            public var landing: Double
            /// Past the landing in the direction of travel, px (0 without overshoot).
            public var overshoot: Double
            /// Seconds from the input to the frame from which the value stays at its landing; nil
            /// while it still moves at the segment's end.
            public var settle: Double?
        }
        public var quantity: String
        /// The segment: from the input at `start` s to the next scripted input or the timeline's end.
        public var start: Double
        public var end: Double
        public var expected: Figures
        public var actual: Figures
    }

    public var expectedFrames: Int
    public var actualFrames: Int
    public var expectedPhysics: String?
    public var actualPhysics: String?
    /// The settings that differ between the golden's run and this one: `scrolling.decelerationRate:
    /// 0.998 in the golden, 0.997 in this run` (the physics model said apart).
    public var settingsChanges: [String] = []
    public var differences: [Difference]
    /// The scripted input at or before the earliest difference's frame, and its index in the script.
    public var inputBefore: (index: Int, input: TimedInput)?
    public var summary: Summary?
    public var rate: Double

    public var passed: Bool { expectedFrames == actualFrames && differences.isEmpty }

    /// A curve shifted by more frames than this is reported as differing, not as late or early.
    public static let largestShift = 10

    public static func == (a: MotionComparison, b: MotionComparison) -> Bool {
        a.expectedFrames == b.expectedFrames && a.actualFrames == b.actualFrames && a.expectedPhysics == b.expectedPhysics
            && a.actualPhysics == b.actualPhysics && a.settingsChanges == b.settingsChanges && a.differences == b.differences && a.inputBefore?.index == b.inputBefore?.index
            && a.summary == b.summary
    }

    public init(expected: MotionTimeline, actual: MotionTimeline, tolerance: MotionTolerance, events: [TimedInput]) {
        expectedFrames = expected.frameCount
        actualFrames = actual.frameCount
        expectedPhysics = expected.physics
        actualPhysics = actual.physics
        rate = actual.rate
        if let e = expected.settings, let a = actual.settings {
            let before = Self.leaves(e), after = Self.leaves(a)
            settingsChanges = Set(before.keys).union(after.keys).sorted().filter { $0 != "scrolling.physics" && before[$0] != after[$0] }.map {
                "\($0): \(before[$0] ?? "not set") in the golden, \(after[$0] ?? "not set") in this run"
            }
        }
        let frames = min(expected.frameCount, actual.frameCount)
        let names = Self.quantityOrder(expected, actual, frames: frames)
        differences = names.compactMap { name in
            Self.difference(name, expected: expected.frames[..<frames].map { $0.values[name] }, actual: actual.frames[..<frames].map { $0.values[name] },
                            tolerance: tolerance)
        }.sorted { ($0.firstFrame, names.firstIndex(of: $0.quantity)!) < ($1.firstFrame, names.firstIndex(of: $1.quantity)!) }
        guard let earliest = differences.first?.firstFrame else { return }
        let time = Double(earliest) / rate
        if let i = events.lastIndex(where: { $0.time <= time + 1e-9 }) { inputBefore = (i, events[i]) }
        summary = Self.summary(expected, actual, frames: frames, from: inputBefore.map { $0.index }, events: events, tolerance: tolerance)
    }

    /// A settings object's values by their path: `scrolling.decelerationRate` -> `0.998`.
    static func leaves(_ value: JSONValue, path: String = "") -> [String: String] {
        guard case let .object(fields) = value else { return [path: value.jsonText] }
        return fields.reduce(into: [:]) { out, field in
            out.merge(leaves(field.value, path: path.isEmpty ? field.key : path + "." + field.key)) { first, _ in first }
        }
    }

    /// The quantities of either timeline, in the first frame's scene's order (a group's rows by key).
    static func quantityOrder(_ expected: MotionTimeline, _ actual: MotionTimeline, frames: Int) -> [String] {
        var seen = Set<String>()
        var names: [String] = []
        for timeline in [expected, actual] {
            for frame in timeline.frames[..<frames] {
                for name in frame.values.keys where !seen.contains(name) {
                    seen.insert(name)
                    names.append(name)
                }
            }
        }
        let listed = (expected.quantities[expected.scene] ?? []) + (actual.quantities[actual.scene] ?? [])
        func rank(_ name: String) -> (Int, Int, String) {
            if let (group, key, column) = MotionTimeline.rowName(name) {
                return (listed.firstIndex(where: { MotionTimeline.groupColumn($0).map { $0.group == group && $0.column == column } ?? false }) ?? listed.count,
                        key, name)
            }
            return (listed.firstIndex(of: name) ?? listed.count, 0, name)
        }
        return names.sorted { rank($0) < rank($1) }
    }

    static func same(_ e: MotionValue?, _ a: MotionValue?, kind: MotionKind, tolerance: MotionTolerance) -> Bool {
        switch (e, a) {
        case (nil, nil): true
        case let (.number(x)?, .number(y)?): tolerance.accepts(x, y, kind: kind)
        case let (.text(x)?, .text(y)?): x == y
        default: false
        }
    }

    static func difference(_ name: String, expected e: [MotionValue?], actual a: [MotionValue?], tolerance: MotionTolerance) -> Difference? {
        let kind = MotionKind(quantity: name)
        let differing = e.indices.filter { !same(e[$0], a[$0], kind: kind, tolerance: tolerance) }
        guard let first = differing.first else { return nil }
        let largest = differing.compactMap { f -> Double? in
            guard let x = e[f]?.number, let y = a[f]?.number else { return nil }
            return abs(x - y)
        }.max()
        return Difference(quantity: name, firstFrame: first, expected: e[first]?.shown(kind: kind), actual: a[first]?.shown(kind: kind),
                          differingFrames: differing.count, largest: largest, shift: shift(expected: e, actual: a, kind: kind, tolerance: tolerance))
    }

    /// The fewest whole frames k (up to `largestShift`) with actual[f] = expected[f - k] wherever
    /// both are there, shown at the same frames as the golden's (a cell in view at the same frames,
    /// its shift a frame late): a change of latency, not of the curve.
    static func shift(expected e: [MotionValue?], actual a: [MotionValue?], kind: MotionKind, tolerance: MotionTolerance) -> Int? {
        guard e.indices.allSatisfy({ (e[$0] == nil) == (a[$0] == nil) }) else { return nil }
        for size in 1...largestShift {
            for k in [size, -size] {
                var compared = 0
                let fits = a.indices.allSatisfy { f in
                    let g = f - k
                    guard e.indices.contains(g), e[g] != nil, a[f] != nil else { return true }
                    compared += 1
                    return same(e[g], a[f], kind: kind, tolerance: tolerance)
                }
                if fits, compared > 2 * size { return k }
            }
        }
        return nil
    }

    /// The scroll offset's landing, overshoot and settling after the input before the earliest
    /// difference, up to the next scripted input (or the timeline's end).
    static func summary(_ expected: MotionTimeline, _ actual: MotionTimeline, frames: Int, from input: Int?, events: [TimedInput],
                        tolerance: MotionTolerance) -> Summary? {
        guard frames > 0, let quantity = (expected.quantities[expected.scene] ?? []).first(where: { $0.hasPrefix("offset.") }) else { return nil }
        let rate = actual.rate
        let start = input.map { events[$0].time } ?? 0
        let next = events.dropFirst((input ?? -1) + 1).first { $0.time > start }?.time
        let firstFrame = min(frames - 1, Capture.frameIndex(for: start))
        let lastFrame = next.map { min(frames - 1, Capture.frameIndex(for: $0) - 1) } ?? frames - 1
        guard lastFrame >= firstFrame else { return nil }
        func figures(_ timeline: MotionTimeline) -> Summary.Figures? {
            let values = timeline.frames[firstFrame...lastFrame].map { $0.values[quantity]?.number }
            guard let landing = values.last ?? nil, let from = values.first ?? nil else { return nil }
            let direction: Double = landing >= from ? 1 : -1
            let overshoot = max(0, values.compactMap { $0.map { ($0 - landing) * direction } }.max() ?? 0)
            let limit = tolerance[.offset]
            let moving = timeline.frames[lastFrame].values["phase"] != .text(ScrollPhase.idle.rawValue)
            var settled = values.count - 1
            while settled > 0, let v = values[settled - 1], abs(v - landing) <= limit { settled -= 1 }
            let settle = moving ? nil : max(0, Double(firstFrame + settled) / rate - start)
            return Summary.Figures(landing: landing, overshoot: overshoot > limit ? overshoot : 0, settle: settle)
        }
        guard let e = figures(expected), let a = figures(actual) else { return nil }
        return Summary(quantity: quantity, start: start, end: next ?? Double(frames - 1) / rate, expected: e, actual: a)
    }
}

extension MotionComparison {
    /// The verdict in lines a person can act on, naming the golden; empty when the motion matches.
    public func verdict(golden: String) -> [String] {
        var lines: [String] = []
        if expectedPhysics != actualPhysics {
            lines.append("  physics: the golden was recorded under \(expectedPhysics ?? "no model"), this run is under \(actualPhysics ?? "no model")")
        }
        lines += settingsChanges.map { "  settings: " + $0 }
        if expectedFrames != actualFrames {
            lines.append("  frames: the golden has \(expectedFrames), the script's timeline \(actualFrames)"
                         + (expectedFrames < actualFrames ? " (re-record it: the script runs longer now)" : ""))
        }
        guard !passed else { return lines }
        lines.insert("motion differs from \(golden):", at: 0)
        for d in differences {
            let at = "frame \(d.firstFrame) (\(seconds(Double(d.firstFrame) / rate)))"
            let values = "expected \(d.expected ?? "not there"), actual \(d.actual ?? "not there")"
            if let k = d.shift {
                lines.append("  \(d.quantity): shifted by \(abs(k)) frame\(abs(k) == 1 ? "" : "s") (\(k > 0 ? "late" : "early")); first at \(at): \(values)")
            } else {
                let largest = d.largest.map { ", by up to \(MotionTimeline.decimal($0, kind: MotionKind(quantity: d.quantity)))" } ?? ""
                lines.append("  \(d.quantity): first at \(at): \(values); \(d.differingFrames) frame\(d.differingFrames == 1 ? "" : "s") differ\(d.differingFrames == 1 ? "s" : "")\(largest)")
            }
        }
        if let (index, input) = inputBefore {
            lines.append("  the earliest follows scripted event \(index) at \(seconds(input.time)): \(InputScript.encode(input).jsonText)")
        } else if !differences.isEmpty {
            lines.append("  the earliest comes before any scripted input")
        }
        if let s = summary, differences.contains(where: { $0.quantity == s.quantity }) {
            func settle(_ f: Summary.Figures) -> String { f.settle.map { seconds($0) } ?? "still moving at \(seconds(s.end))" }
            func px(_ x: Double) -> String { MotionTimeline.decimal(x, kind: MotionKind(quantity: s.quantity)) + " px" }
            lines.append("  \(s.quantity) from \(seconds(s.start)) to \(seconds(s.end)): landing \(px(s.actual.landing)), expected \(px(s.expected.landing)); "
                         + "peak overshoot \(px(s.actual.overshoot)), expected \(px(s.expected.overshoot)); "
                         + "time to settle: \(settle(s.actual)), expected: \(settle(s.expected))")
        }
        return lines
    }

    private func seconds(_ t: Double) -> String { String(format: "%.3f s", t) }
}
