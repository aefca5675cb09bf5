import Foundation

/// `firefox`: Firefox's desktop APZ. The fling loses 0.002 of its speed every millisecond
/// (UIKit's 0.998/ms curve) and stops under 10 px/s; a wheel notch is animated by the MSD
/// physics, a critically damped spring to the target whose stiffness is 1250 for the first notch
/// of a run or after a 120 ms gap, 2000 when the notches slow down (a gap over 12 ms and 1.3 times
/// the one before), else 1000; the overscroll return is the mass-spring-damper of stiffness 200 and
/// damping ratio 1.1, started no faster than 10 px/ms; a pull past an edge moves by
/// `(1 - o / P) / 16` of each delta, which integrates to `P (1 - e^(-d / (16 P)))`.
/// Sources: mozilla-central `modules/libpref/init/StaticPrefList.yaml` (`apz.fling_friction`,
/// `apz.fling_stopped_threshold`, `general.smoothScroll.msdPhysics.*`, `apz.overscroll.*`),
/// `layout/generic/ScrollAnimationMSDPhysics.cpp`, `gfx/layers/apz/src/Axis.cpp` (`ApplyResistance`).
public struct FirefoxPhysics: ScrollPhysicsModel {
    public let name = "firefox"
    public static let flingFriction = 0.002
    public static let flingStoppedThreshold = 10.0
    public static let overscrollStiffness = 200.0, overscrollDamping = 1.1, overscrollMaxVelocity = 10_000.0
    public static let motionBeginStiffness = 1250.0, slowdownStiffness = 2000.0, regularStiffness = 1000.0
    public static let continuousMotionMaxGap = 0.120, slowdownMinGap = 0.012, slowdownMinRatio = 1.3
    public init() {}

    public func fling(from x: Double, velocity v: Double, settings: ScrollPhysicsSettings) -> any FlingSimulation {
        ExponentialFling(from: x, velocity: v, decay: -1000 * log(1 - Self.flingFriction), stopSpeed: Self.flingStoppedThreshold)
    }

    public func pulled(_ distance: Double, viewport: Double, settings: ScrollPhysicsSettings) -> Double {
        guard viewport > 0, distance > 0 else { return 0 }
        return viewport * (1 - exp(-distance / (16 * viewport)))
    }

    public func pullDistance(showing shown: Double, viewport: Double, settings: ScrollPhysicsSettings) -> Double {
        guard viewport > 0, shown > 0 else { return 0 }
        return -16 * viewport * log(1 - min(shown, viewport * 0.999_999) / viewport)
    }

    public func edgeReturn(anchor: Double, displacement: Double, velocity: Double, bound: Double,
                           settings: ScrollPhysicsSettings) -> any ScrollSimulation {
        let make = { (v: Double) in
            DampedSpring(anchor: anchor, displacement: displacement, velocity: v, omega: Self.overscrollStiffness.squareRoot(),
                         zeta: Self.overscrollDamping, threshold: settings.restThreshold)
        }
        let started = min(Self.overscrollMaxVelocity, max(-Self.overscrollMaxVelocity, velocity))
        return EdgeBound.bounded(velocity: started, bound: bound, anchor: anchor, make: make)
    }

    /// The MSD spring's stiffness for a notch after the gaps in `context`.
    public static func wheelStiffness(_ context: WheelContext) -> Double {
        guard let gap = context.intervals.last, gap < continuousMotionMaxGap else { return motionBeginStiffness }
        if context.intervals.count >= 2, gap > slowdownMinGap, gap > slowdownMinRatio * context.intervals[context.intervals.count - 2] {
            return slowdownStiffness
        }
        return regularStiffness
    }

    public func wheelAnimation(from: Double, to: Double, velocity: Double, context: WheelContext) -> (any ScrollSimulation)? {
        // Critically damped, unit mass: w = sqrt(k); it settles within half a pixel of the target.
        Spring(anchor: to, displacement: from - to, velocity: velocity, omega: Self.wheelStiffness(context).squareRoot())
            .settling(threshold: 0.5)
    }
}
