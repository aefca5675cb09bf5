import Foundation

/// `chromium`: Chromium's `FlingCurve` (entered part-way, where its speed is the fling's), its
/// exponential elastic overscroll (a pull shows 1/20 of itself; the return is
/// `(s0 + 0.31 v0 t) e^(-20 t / 1.6)`), and its wheel (`WheelAnimation`) and least-squares tracker.
/// Sources: Chromium `ui/events/gestures/fling_curve.cc`;
/// `third_party/blink/renderer/platform/widget/input/elastic_overscroll_controller_exponential.cc`;
/// `cc/animation/scroll_offset_animation_curve.cc`.
public struct ChromiumPhysics: ScrollPhysicsModel {
    public let name = "chromium"
    public static let stiffness = 20.0
    public init() {}

    public func fling(from x: Double, velocity v: Double, settings: ScrollPhysicsSettings) -> any FlingSimulation {
        ChromiumFlingCurve(from: x, velocity: v)
    }

    public func pulled(_ distance: Double, viewport: Double, settings: ScrollPhysicsSettings) -> Double {
        max(0, distance) / Self.stiffness
    }

    public func pullDistance(showing shown: Double, viewport: Double, settings: ScrollPhysicsSettings) -> Double {
        max(0, shown) * Self.stiffness
    }

    public func edgeReturn(anchor: Double, displacement: Double, velocity: Double, bound: Double,
                           settings: ScrollPhysicsSettings) -> any ScrollSimulation {
        let make = { (v: Double) in
            ChromiumElasticReturn(anchor: anchor, displacement: displacement, velocity: v, threshold: settings.restThreshold)
        }
        return EdgeBound.bounded(velocity: velocity, bound: bound, anchor: anchor, make: make)
    }

    public func wheelAnimation(from: Double, to: Double, velocity: Double, context: WheelContext) -> (any ScrollSimulation)? {
        WheelAnimation.animation(from: from, to: to, velocity: velocity)
    }
}

/// Chromium's fling curve `p(T) = a e^(-g T) - b T - a`, speed `v(T) = -a g e^(-g T) - b`
/// (a = -5707.62, b = 172, g = 3.7: 20946 px/s at T = 0, at rest at T = 1.30 s), entered at the
/// curve time where its speed is the fling's (a faster fling starts at the top) and ended where the speed is 0.
public struct ChromiumFlingCurve: FlingSimulation, Equatable {
    public static let a = -5707.62, b = 172.0, g = 3.7
    public let x0: Double
    public let direction: Double
    /// The curve time the fling enters at, s.
    public let entry: Double
    public let duration: Double

    public init(from x0: Double, velocity v0: Double) {
        let (a, b, g) = (Self.a, Self.b, Self.g)
        self.x0 = x0
        direction = v0 < 0 ? -1 : 1
        let end = -log(b / (-a * g)) / g
        entry = v0 == 0 ? end : min(end, max(0, -log((abs(v0) + b) / (-a * g)) / g))
        duration = end - entry
    }

    private static func curve(_ time: Double) -> Double { a * exp(-g * time) - b * time - a }

    public var landing: Double { position(at: duration) }
    public func position(at t: Double) -> Double { x0 + direction * (Self.curve(entry + min(t, duration)) - Self.curve(entry)) }
    public func velocity(at t: Double) -> Double {
        isDone(at: t) ? 0 : direction * (-Self.a * Self.g * exp(-Self.g * (entry + t)) - Self.b)
    }
    public func isDone(at t: Double) -> Bool { t >= duration }
}

/// Chromium's rebound from `s0` past `anchor` at `v0`: `x = (s0 + 0.31 v0 t) e^(-20 t / 1.6)`,
/// done once the envelope `(|s0| + 0.31 |v0| t) e^(-12.5 t)` is under the threshold.
public struct ChromiumElasticReturn: ScrollSimulation, Equatable {
    public static let amplitude = 0.31, period = 1.6
    public let anchor: Double
    public let s0: Double
    public let v0: Double
    public private(set) var settleTime = 0.0
    private var rate: Double { ChromiumPhysics.stiffness / Self.period }

    public init(anchor: Double, displacement s0: Double, velocity v0: Double, threshold: Double) {
        self.anchor = anchor; self.s0 = s0; self.v0 = v0
        let rate = ChromiumPhysics.stiffness / Self.period
        settleTime = DampedSpring.firstTime(below: max(1e-6, threshold)) { t in
            (abs(s0) + Self.amplitude * abs(v0) * t) * exp(-rate * t)
        }
    }

    public func position(at t: Double) -> Double {
        isDone(at: t) ? anchor : anchor + (s0 + v0 * t * Self.amplitude) * exp(-rate * t)
    }
    public func velocity(at t: Double) -> Double {
        isDone(at: t) ? 0 : exp(-rate * t) * (Self.amplitude * v0 - rate * (s0 + Self.amplitude * v0 * t))
    }
    public func isDone(at t: Double) -> Bool { t >= settleTime }
}
