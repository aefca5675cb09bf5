/// A timed move from `from` to `to` over `duration` seconds, along a curve; at rest at `to` after.
public struct ScrollAnimation: ScrollSimulation, Equatable {
    public enum Curve: Sendable, Equatable {
        /// Chromium's wheel curve, its first control point raised to start at a given velocity.
        case bezier(CubicBezier)
        /// A cubic Hermite segment that starts at velocity `startVelocity` (px/s) and ends at rest.
        case hermite(startVelocity: Double)
    }

    public let from: Double
    public let to: Double
    public let duration: Double
    public let curve: Curve

    public init(from: Double, to: Double, duration: Double, curve: Curve) {
        self.from = from; self.to = to; self.duration = max(1e-6, duration); self.curve = curve
    }

    /// A nanosecond's tolerance: `start + duration - start` may round just short of `duration`.
    public func isDone(at t: Double) -> Bool { t >= duration - 1e-9 }

    public func position(at t: Double) -> Double {
        guard !isDone(at: t) else { return to }
        let s = min(1, max(0, t / duration))
        switch curve {
        case let .bezier(b):
            return from + (to - from) * b.value(at: s)
        case let .hermite(v0):
            let s2 = s * s, s3 = s2 * s
            return (2 * s3 - 3 * s2 + 1) * from + (s3 - 2 * s2 + s) * duration * v0 + (3 * s2 - 2 * s3) * to
        }
    }

    public func velocity(at t: Double) -> Double {
        guard !isDone(at: t) else { return 0 }
        let s = min(1, max(0, t / duration))
        switch curve {
        case let .bezier(b):
            return (to - from) * b.slope(at: s) / duration
        case let .hermite(v0):
            let s2 = s * s
            return ((6 * s2 - 6 * s) * from + (3 * s2 - 4 * s + 1) * duration * v0 + (6 * s - 6 * s2) * to) / duration
        }
    }
}
