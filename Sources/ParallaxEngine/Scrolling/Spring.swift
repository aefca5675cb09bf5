import Foundation

/// A critically damped spring towards 0 (`w` = 10 rad/s: UIKit's bounce, and GTK4's):
///
///     x(t) = e^(-w t) (x0 + (v0 + w x0) t)
public struct Spring: Sendable, Equatable {
    public let x0: Double
    public let v0: Double
    public let omega: Double

    public init(displacement x0: Double, velocity v0: Double, omega: Double) {
        self.x0 = x0; self.v0 = v0; self.omega = max(1e-6, omega)
    }

    public func position(at t: Double) -> Double { exp(-omega * t) * (x0 + (v0 + omega * x0) * t) }
    public func velocity(at t: Double) -> Double { exp(-omega * t) * (v0 - omega * (v0 + omega * x0) * t) }

    /// The furthest it gets from 0 on the side it is heading to, for a start at 0: `v0 / (w e)`.
    public static func peak(velocity v0: Double, omega: Double) -> Double { abs(v0) / (omega * M_E) }

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
}
