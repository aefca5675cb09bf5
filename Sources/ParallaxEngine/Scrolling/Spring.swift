import Foundation

/// A critically damped spring towards `anchor` (`w` = 10 rad/s: UIKit's bounce, and GTK4's),
/// `x0` and `v0` measured from the anchor:
///
///     x(t) = anchor + e^(-w t) (x0 + (v0 + w x0) t)
///
/// From `settleTime` on it is done, at rest at its anchor (`settling(threshold:)` sets it).
public struct Spring: ScrollSimulation, Equatable {
    public let anchor: Double
    public let x0: Double
    public let v0: Double
    public let omega: Double
    public private(set) var settleTime = Double.infinity

    public init(anchor: Double = 0, displacement x0: Double, velocity v0: Double, omega: Double) {
        self.anchor = anchor; self.x0 = x0; self.v0 = v0; self.omega = max(1e-6, omega)
    }

    /// The same spring, done once it stays within `threshold` of its anchor.
    public func settling(threshold: Double) -> Spring {
        var s = self
        s.settleTime = restTime(threshold: threshold)
        return s
    }

    public func position(at t: Double) -> Double {
        isDone(at: t) ? anchor : anchor + exp(-omega * t) * (x0 + (v0 + omega * x0) * t)
    }
    public func velocity(at t: Double) -> Double { isDone(at: t) ? 0 : exp(-omega * t) * (v0 - omega * (v0 + omega * x0) * t) }
    public func isDone(at t: Double) -> Bool { t >= settleTime }

    /// A time after which |x| stays under `threshold`: where the envelope e^(-wt)(|x0| + |v0 + w x0| t) does.
    public func restTime(threshold: Double) -> Double {
        let a = abs(x0), b = abs(v0 + omega * x0)
        func envelope(_ t: Double) -> Double { exp(-omega * t) * (a + b * t) }
        guard envelope(0) > threshold || b > 0 else { return 0 }
        // The envelope rises until (b - w a)/(w b) at most, then falls: search beyond its peak.
        var low = max(0, b > 0 ? (b - omega * a) / (omega * b) : 0), high = low + 1 / omega
        while envelope(high) > threshold { high *= 2 }
        if envelope(low) <= threshold { return low }
        for _ in 0..<60 {
            let mid = (low + high) / 2
            if envelope(mid) > threshold { low = mid } else { high = mid }
        }
        return high
    }

    /// The spring from `x0` at `v0`, its outward velocity limited so it goes no further than `bound`
    /// past its anchor (`EdgeBound`): the extreme of a critically damped spring is at
    /// t* = v / (w (v + w x0)) when it lies ahead, so the bound is exact.
    public static func bounded(anchor: Double, displacement x0: Double, velocity v0: Double, omega w: Double, bound: Double,
                               threshold: Double) -> Spring {
        func peak(_ v: Double) -> Double {
            let denominator = w * (v + w * x0)
            guard denominator != 0 else { return abs(x0) }
            let tStar = v / denominator
            guard tStar > 0 else { return abs(x0) }
            return abs(exp(-w * tStar) * (x0 + (v + w * x0) * tStar))
        }
        let v = EdgeBound.limited(velocity: v0, bound: bound, peak: peak)
        return Spring(anchor: anchor, displacement: x0, velocity: v, omega: w).settling(threshold: threshold)
    }
}
