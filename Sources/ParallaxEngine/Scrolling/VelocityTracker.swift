/// Estimates a pointer's velocity as Chromium does: a least-squares quadratic fit of position over
/// time, over the last 100 ms and at most 20 samples, differentiated at the newest sample.
/// A pause of 40 ms drops the history; a release 80 ms after the last move means "no velocity",
/// so drag, pause, release gives no fling.
public struct VelocityTracker: Sendable {
    public static let horizon = 0.100
    public static let maxSamples = 20
    public static let stoppedAfter = 0.040
    public static let releaseStoppedAfter = 0.080

    private var samples: [(t: Double, x: Double)] = []

    public init() {}

    public mutating func reset() { samples.removeAll(keepingCapacity: true) }

    public mutating func add(_ x: Double, at t: Double) {
        guard x.isFinite, t.isFinite else { return }
        if let last = samples.last, t - last.t > Self.stoppedAfter { samples.removeAll(keepingCapacity: true) }
        samples.append((t, x))
        if samples.count > Self.maxSamples { samples.removeFirst(samples.count - Self.maxSamples) }
    }

    /// Velocity (units per second) at the newest sample.
    public var velocity: Double {
        guard let newest = samples.last else { return 0 }
        let recent = samples.filter { newest.t - $0.t <= Self.horizon + 1e-9 }
        return Self.fitSlope(recent, at: newest.t)
    }

    /// The velocity to fling with when the pointer is released at `t`.
    public func releaseVelocity(at t: Double) -> Double {
        guard let newest = samples.last, t - newest.t < Self.releaseStoppedAfter else { return 0 }
        return velocity
    }

    /// Slope at `t0` of the least-squares quadratic (or, with fewer than 3 distinct times, linear) fit.
    static func fitSlope(_ points: [(t: Double, x: Double)], at t0: Double) -> Double {
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
        if distinctTimes >= 3 {
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
