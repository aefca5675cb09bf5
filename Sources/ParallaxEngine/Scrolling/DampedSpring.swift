import Foundation

/// A mass-spring-damper towards `anchor`, of natural frequency `omega` (rad/s) and damping ratio
/// `zeta`, from `x0` past the anchor at `v0` (Android's stretch return, Flutter's and Firefox's
/// overscroll springs), in closed form:
///
///     zeta < 1:  x = e^(-zeta w t) (x0 cos(wd t) + (v0 + zeta w x0) / wd sin(wd t)),  wd = w sqrt(1 - zeta^2)
///     zeta = 1:  x = e^(-w t) (x0 + (v0 + w x0) t)
///     zeta > 1:  x = c1 e^(r1 t) + c2 e^(r2 t),  r = -w (zeta -+ sqrt(zeta^2 - 1)),  c2 = (v0 - r1 x0) / (r2 - r1)
///
/// Done, at its anchor, once an envelope of |x| falls under `threshold`.
public struct DampedSpring: ScrollSimulation, Equatable {
    public let anchor: Double
    public let x0: Double
    public let v0: Double
    public let omega: Double
    public let zeta: Double
    public private(set) var settleTime = 0.0

    public init(anchor: Double, displacement x0: Double, velocity v0: Double, omega: Double, zeta: Double, threshold: Double) {
        self.anchor = anchor; self.x0 = x0; self.v0 = v0
        self.omega = max(1e-6, omega); self.zeta = max(0.01, zeta)
        settleTime = Self.firstTime(below: max(1e-6, threshold), envelope: envelope)
    }

    /// Displacement and velocity relative to the anchor.
    private func state(_ t: Double) -> (x: Double, v: Double) {
        let w = omega, z = zeta
        if z < 1 {
            let wd = w * (1 - z * z).squareRoot(), a = x0, b = (v0 + z * w * x0) / wd
            let decay = exp(-z * w * t), c = cos(wd * t), s = sin(wd * t)
            return (decay * (a * c + b * s), decay * ((-z * w * a + wd * b) * c + (-z * w * b - wd * a) * s))
        }
        if z == 1 {
            let decay = exp(-w * t)
            return (decay * (x0 + (v0 + w * x0) * t), decay * (v0 - w * (v0 + w * x0) * t))
        }
        let root = (z * z - 1).squareRoot(), r1 = -w * (z - root), r2 = -w * (z + root)
        let c2 = (v0 - r1 * x0) / (r2 - r1), c1 = x0 - c2
        return (c1 * exp(r1 * t) + c2 * exp(r2 * t), c1 * r1 * exp(r1 * t) + c2 * r2 * exp(r2 * t))
    }

    /// Bounds |x| from above and falls from its peak on (the critical one after its peak time).
    private func envelope(_ t: Double) -> Double {
        let w = omega, z = zeta
        if z < 1 {
            let wd = w * (1 - z * z).squareRoot()
            return exp(-z * w * t) * (abs(x0) + abs((v0 + z * w * x0) / wd))
        }
        if z == 1 { return exp(-w * t) * (abs(x0) + abs(v0 + w * x0) * t) }
        let root = (z * z - 1).squareRoot(), r1 = -w * (z - root), r2 = -w * (z + root)
        let c2 = (v0 - r1 * x0) / (r2 - r1), c1 = x0 - c2
        return abs(c1) * exp(r1 * t) + abs(c2) * exp(r2 * t)
    }

    /// The first time after the envelope's peak where it is under `threshold` (bisection).
    static func firstTime(below threshold: Double, envelope: (Double) -> Double) -> Double {
        var low = 0.0, step = 1e-3
        // Past the peak: walk until the envelope falls, then until it is under the threshold.
        while envelope(low + step) > envelope(low), low < 60 { low += step; step *= 1.5 }
        if envelope(low) <= threshold { return low }
        var high = low + 0.05
        while envelope(high) > threshold, high < 600 { high *= 2 }
        for _ in 0..<60 {
            let middle = (low + high) / 2
            if envelope(middle) > threshold { low = middle } else { high = middle }
        }
        return high
    }

    public func position(at t: Double) -> Double { isDone(at: t) ? anchor : anchor + state(t).x }
    public func velocity(at t: Double) -> Double { isDone(at: t) ? 0 : state(t).v }
    public func isDone(at t: Double) -> Bool { t >= settleTime }
}
