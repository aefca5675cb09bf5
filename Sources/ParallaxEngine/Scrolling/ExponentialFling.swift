import Foundation

/// A fling under friction proportional to speed, stopped where its speed falls under `stopSpeed`
/// and held there (GTK's kinetic scrolling, Flutter's `FrictionSimulation`, Firefox's desktop fling):
///
///     v(t) = v0 e^(-k t)
///     x(t) = x0 + v0 (1 - e^(-k t)) / k      (travel v0 / k without the stop)
///
/// Unlike `Deceleration`, which settles on its landing, it stays where it stopped, as those do.
public struct ExponentialFling: FlingSimulation, Equatable {
    public let x0: Double
    public let v0: Double
    /// Per second.
    public let k: Double
    /// When the speed falls under the stop speed, s.
    public let duration: Double

    public init(from x0: Double, velocity v0: Double, decay k: Double, stopSpeed: Double) {
        self.x0 = x0
        self.v0 = v0
        self.k = max(1e-9, k)
        duration = abs(v0) > stopSpeed ? log(abs(v0) / max(1e-9, stopSpeed)) / self.k : 0
    }

    private func free(_ t: Double) -> Double { x0 + v0 * (1 - exp(-k * t)) / k }
    public var landing: Double { free(duration) }
    public func position(at t: Double) -> Double { free(min(t, duration)) }
    public func velocity(at t: Double) -> Double { isDone(at: t) ? 0 : v0 * exp(-k * t) }
    public func isDone(at t: Double) -> Bool { t >= duration }
}
