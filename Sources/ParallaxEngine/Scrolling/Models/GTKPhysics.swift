import Foundation

/// `gtk`: GTK4's kinetic scrolling. The fling decelerates as `x'' = -4 x'` (travel `v0 / 4`) and
/// stops under 1 px/s; a pull past an edge follows the pointer 1:1 up to 100 px and no further; the
/// return is the critically damped spring `x'' = -20 x' - 100 x` (w = 10 rad/s), overshooting 100 px
/// at most; a wheel notch moves `P^(2/3)` px at once, not animated.
/// Sources: GTK `gtk/gtkkineticscrolling.c` (DECELERATION_FRICTION 4, OVERSHOOT_FRICTION 20, the
/// 1 px/s stop) and `gtk/gtkscrolledwindow.c` (MAX_OVERSHOOT_DISTANCE 100, the wheel's `pow(page_size, 2/3)`).
public struct GTKPhysics: ScrollPhysicsModel {
    public let name = "gtk"
    public static let decelerationFriction = 4.0
    public static let overshootFriction = 20.0
    public static let maxOvershoot = 100.0
    public static let stopSpeed = 1.0
    public init() {}

    public func fling(from x: Double, velocity v: Double, settings: ScrollPhysicsSettings) -> any FlingSimulation {
        ExponentialFling(from: x, velocity: v, decay: Self.decelerationFriction, stopSpeed: Self.stopSpeed)
    }

    public func pulled(_ distance: Double, viewport: Double, settings: ScrollPhysicsSettings) -> Double {
        min(max(0, distance), Self.maxOvershoot)
    }

    public func edgeReturn(anchor: Double, displacement: Double, velocity: Double, bound: Double,
                           settings: ScrollPhysicsSettings) -> any ScrollSimulation {
        Spring.bounded(anchor: anchor, displacement: displacement, velocity: velocity, omega: Self.overshootFriction / 2,
                       bound: min(bound, max(Self.maxOvershoot, abs(displacement))), threshold: settings.restThreshold)
    }

    public func notchLength(viewport: Double, settings: ScrollPhysicsSettings) -> Double {
        settings.wheelStepOverride ?? (viewport > 0 ? pow(viewport, 2.0 / 3.0) : 0)
    }

    public func wheelAnimation(from: Double, to: Double, velocity: Double, context: WheelContext) -> (any ScrollSimulation)? { nil }
}
