import Foundation

/// UIKit's fling: velocity decays by `rate` every millisecond (`d = 0.998` normal, 0.99 fast).
///
///     v(t) = v0 * d^(1000 t)
///     x(t) = x0 + v0 * (d^(1000 t) - 1) / (1000 ln d)
///     landing = x0 - v0 / (1000 ln d)
///
/// From `settleTime` on it is done, at rest at its landing (`settling(threshold:)` sets it).
public struct Deceleration: FlingSimulation, Equatable {
    public let x0: Double
    public let v0: Double
    /// `1000 ln d`, per second (negative).
    public let lambda: Double
    public private(set) var settleTime = Double.infinity

    public init(from x0: Double, velocity v0: Double, rate: Double) {
        self.x0 = x0
        self.v0 = v0
        lambda = 1000 * log(min(0.999_999, max(1e-6, rate)))
    }

    /// The same fling, done once the distance left falls under `threshold`.
    public func settling(threshold: Double) -> Deceleration {
        var d = self
        d.settleTime = restTime(threshold: threshold)
        return d
    }

    public var landing: Double { x0 - v0 / lambda }
    public var duration: Double { settleTime }
    public func position(at t: Double) -> Double { isDone(at: t) ? landing : x0 + v0 * (exp(lambda * t) - 1) / lambda }
    public func velocity(at t: Double) -> Double { isDone(at: t) ? 0 : v0 * exp(lambda * t) }
    public func isDone(at t: Double) -> Bool { t >= settleTime }

    /// When the distance left to the landing falls under `threshold`.
    public func restTime(threshold: Double) -> Double {
        let left = abs(v0 / lambda)
        return left <= threshold ? 0 : log(threshold / left) / lambda
    }

    /// When the fling passes `edge`, if it does.
    public func crossingTime(of edge: Double) -> Double? {
        guard v0 != 0 else { return nil }
        let argument = 1 + lambda * (edge - x0) / v0
        guard argument > 0, argument <= 1 else { return nil }
        return log(argument) / lambda
    }
}
