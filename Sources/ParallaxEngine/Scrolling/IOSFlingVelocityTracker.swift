/// Flutter's iOS-style fling tracker (`IOSScrollViewFlingVelocityTracker` in
/// `packages/flutter/lib/src/gestures/velocity_tracker.dart`): a weighted mean of the velocities
/// between the last moves, `0.6 v(-2) + 0.35 v(-1) + 0.05 v(0)`, `v(0)` the newest pair's, which
/// approximates UIScrollView's release velocity rather than a fit. Moves that share a time count
/// as the newest of them; a release 40 ms after the last move has no velocity (`VelocityTracker.restAfter`).
public struct IOSFlingVelocityTracker: VelocityEstimating {
    public static let weights = [0.6, 0.35, 0.05]
    private var samples: [(t: Double, x: Double)] = []

    public init() {}

    public mutating func reset() { samples.removeAll(keepingCapacity: true) }

    public mutating func add(_ x: Double, at t: Double) {
        guard x.isFinite, t.isFinite else { return }
        if let last = samples.last, t <= last.t {
            samples[samples.count - 1].x = x
            return
        }
        samples.append((t, x))
        if samples.count > 4 { samples.removeFirst(samples.count - 4) }
    }

    /// The pair `back` before the newest (0: the newest pair), px/s; 0 where there is none.
    private func pairVelocity(_ back: Int) -> Double {
        let end = samples.count - 1 - back
        guard end >= 1 else { return 0 }
        return (samples[end].x - samples[end - 1].x) / (samples[end].t - samples[end - 1].t)
    }

    public var velocity: Double {
        Self.weights[0] * pairVelocity(2) + Self.weights[1] * pairVelocity(1) + Self.weights[2] * pairVelocity(0)
    }

    public func releaseVelocity(at t: Double) -> Double {
        guard let newest = samples.last, !VelocityTracker.isRest(t - newest.t) else { return 0 }
        return velocity
    }
}
