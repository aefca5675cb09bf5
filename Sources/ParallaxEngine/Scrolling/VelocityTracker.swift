/// Estimates a pointer's velocity as Chromium does: a least-squares quadratic fit of position over
/// time, over the last 100 ms and at most 20 samples, differentiated at the newest sample.
///
/// Only movements are samples. A release is not one: taken as one more sample at the unchanged
/// position, it would bend the fit towards zero and a fling would depend on how soon after the last
/// move the button came up (Android's and Chromium's trackers take a release's velocity from the
/// moves alone).
///
/// The window stamps moves with the X server's own times where it can (`ServerEventClock`). Where
/// it cannot, SDL stamps every event with the time it was pumped, so the moves that arrive between
/// two polls share one time, and each stamp is late by up to a poll period. Samples that share a
/// time say so: then each bunch counts as its newest position, the newest bunch (which the drag may
/// have left part-way through its poll period) is left out, and the fit is linear, because the
/// stamps' jitter would swamp a curvature term (a simulation of 2-20 ms moves polled at 60 Hz kept
/// the error within 6.3% this way, against up to 45% for a quadratic fit of the same stamps).
/// A pointer that rested 40 ms before the release, by time or by a position that stopped changing,
/// has no velocity: drag, pause, release gives no fling.
public struct VelocityTracker: Sendable {
    public static let horizon = 0.100
    public static let maxSamples = 20
    /// A gap this long between samples, or this long without moving, is a rest.
    public static let restAfter = 0.040
    /// Less movement than this over `restAfter` is no movement, px: a hand resting on a trackpad
    /// or a mouse still sends deltas of a fraction of a pixel.
    public static let restDistance = 1.0
    /// Gaps are measured to within this, s. Stamps are the X server's or the compositor's whole
    /// milliseconds moved onto the window's clock in seconds (`ServerEventClock`), whose rounding
    /// can leave a gap of exactly 40 ms a hair short of `restAfter` or over it: in one run a release
    /// 40 ms after the last move flung in the window while a reading of the same stamps rested.
    public static let stampTolerance = 1e-6
    /// Whether `gap` (s) between two stamps is a rest: `restAfter` or longer, within `stampTolerance`.
    public static func isRest(_ gap: Double) -> Bool { gap >= restAfter - stampTolerance }

    private var samples: [(t: Double, x: Double)] = []

    public init() {}

    public mutating func reset() { samples.removeAll(keepingCapacity: true) }

    public mutating func add(_ x: Double, at t: Double) {
        guard x.isFinite, t.isFinite else { return }
        if let last = samples.last, Self.isRest(t - last.t) { samples.removeAll(keepingCapacity: true) }
        // Time never runs backwards: an earlier stamp joins the newest bunch.
        samples.append((max(t, samples.last?.t ?? t), x))
        if samples.count > Self.maxSamples { samples.removeFirst(samples.count - Self.maxSamples) }
    }

    /// Velocity (units per second) at the newest sample; 0 when the samples of the last
    /// `restAfter` moved less than `restDistance`.
    public var velocity: Double {
        guard let newest = samples.last else { return 0 }
        let recent = samples.filter { newest.t - $0.t <= Self.horizon + Self.stampTolerance }
        let lately = recent.filter { newest.t - $0.t <= Self.restAfter + Self.stampTolerance }
        // A single recent sample says nothing about rest; the fit over the horizon does.
        if lately.count >= 2, let low = lately.map(\.x).min(), let high = lately.map(\.x).max(), high - low < Self.restDistance {
            return 0
        }
        var bunches: [(t: Double, x: Double)] = []
        for sample in recent {
            if bunches.last?.t == sample.t { bunches[bunches.count - 1].x = sample.x } else { bunches.append(sample) }
        }
        guard bunches.count < recent.count else { return Self.fitSlope(recent, at: newest.t) }
        if bunches.count > 3 { bunches.removeLast() }
        return Self.fitSlope(bunches, at: bunches[bunches.count - 1].t, degree: 1)
    }

    /// The velocity to fling with when the pointer is released (or a trackpad stream ends) at `t`:
    /// the moves' velocity, or 0 if the last move was `restAfter` or more before `t`.
    public func releaseVelocity(at t: Double) -> Double {
        guard let newest = samples.last, !Self.isRest(t - newest.t) else { return 0 }
        return velocity
    }

    /// Slope at `t0` of the least-squares quadratic (or, with `degree` 1 or fewer than 3 distinct
    /// times, linear) fit.
    static func fitSlope(_ points: [(t: Double, x: Double)], at t0: Double, degree: Int = 2) -> Double {
        let distinctTimes = Set(points.map(\.t)).count
        guard distinctTimes >= 2 else { return 0 }
        // Times relative to the newest keep the normal equations well conditioned.
        var s = [Double](repeating: 0, count: 5), r = [Double](repeating: 0, count: 3)
        for p in points {
            let u = p.t - t0
            var power = 1.0
            for k in 0..<5 {
                s[k] += power
                if k < 3 { r[k] += power * p.x }
                power *= u
            }
        }
        if degree == 2, distinctTimes >= 3 {
            // | s0 s1 s2 | |a|   |r0|
            // | s1 s2 s3 | |b| = |r1|   -> b is the slope at u = 0
            // | s2 s3 s4 | |c|   |r2|
            let det = s[0] * (s[2] * s[4] - s[3] * s[3]) - s[1] * (s[1] * s[4] - s[3] * s[2]) + s[2] * (s[1] * s[3] - s[2] * s[2])
            if abs(det) > 1e-30 {
                let detB = s[0] * (r[1] * s[4] - s[3] * r[2]) - r[0] * (s[1] * s[4] - s[3] * s[2]) + s[2] * (s[1] * r[2] - r[1] * s[2])
                return detB / det
            }
        }
        let det = s[0] * s[2] - s[1] * s[1]
        guard abs(det) > 1e-30 else { return 0 }
        return (s[0] * r[1] - s[1] * r[0]) / det
    }
}
