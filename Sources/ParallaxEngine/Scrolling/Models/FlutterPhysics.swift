import Foundation

/// `flutter`: `BouncingScrollPhysics`, Flutter's iOS-like physics. The fling is
/// `FrictionSimulation(0.135)` (UIKit's 0.998/ms per second: `x = x0 + v0 (0.135^t - 1) / ln 0.135`),
/// stopped where it is within 1 px of its end (the tolerance at device pixel ratio 1); a pull past
/// an edge moves by `0.52 (1 - f)^2` of each delta (`f` the overscroll over the viewport), which
/// integrates to UIKit's rubber band with c = 0.52; the return is the spring of mass 0.5,
/// stiffness 100, damping ratio 1.1 (overdamped, w = 14.14 rad/s), handed at most 5,000 px/s; a
/// wheel's delta jumps at once (`ScrollPosition.pointerScroll`); the pointer's velocity is the
/// iOS-style weighted mean of the last move pairs (`IOSFlingVelocityTracker`).
/// Sources: `packages/flutter/lib/src/widgets/scroll_physics.dart` (`BouncingScrollPhysics`:
/// `frictionFactor`, `spring`, `toleranceFor`), `packages/flutter/lib/src/widgets/scroll_simulation.dart`
/// (`BouncingScrollSimulation`, `maxSpringTransferVelocity`), `packages/flutter/lib/src/physics/friction_simulation.dart`,
/// `packages/flutter/lib/src/widgets/scroll_configuration.dart` (the tracker chosen for iOS).
public struct FlutterPhysics: ScrollPhysicsModel {
    public let name = "flutter"
    public static let drag = 0.135
    public static let frictionConstant = 0.52
    public static let mass = 0.5, stiffness = 100.0, dampingRatio = 1.1
    public static let maxSpringTransferVelocity = 5000.0
    public init() {}

    public func fling(from x: Double, velocity v: Double, settings: ScrollPhysicsSettings) -> any FlingSimulation {
        let k = -log(Self.drag)
        // Done once within 1 px of where it would end: where its speed is k px/s.
        return ExponentialFling(from: x, velocity: v, decay: k, stopSpeed: k)
    }

    public func pulled(_ distance: Double, viewport: Double, settings: ScrollPhysicsSettings) -> Double {
        RubberBand.resisted(distance, dimension: viewport, constant: Self.frictionConstant)
    }

    public func pullDistance(showing shown: Double, viewport: Double, settings: ScrollPhysicsSettings) -> Double {
        RubberBand.distance(showing: shown, dimension: viewport, constant: Self.frictionConstant)
    }

    public func edgeReturn(anchor: Double, displacement: Double, velocity: Double, bound: Double,
                           settings: ScrollPhysicsSettings) -> any ScrollSimulation {
        let make = { (v: Double) in
            DampedSpring(anchor: anchor, displacement: displacement, velocity: v, omega: (Self.stiffness / Self.mass).squareRoot(),
                         zeta: Self.dampingRatio, threshold: settings.restThreshold)
        }
        let handed = min(Self.maxSpringTransferVelocity, max(-Self.maxSpringTransferVelocity, velocity))
        return EdgeBound.bounded(velocity: handed, bound: bound, anchor: anchor, make: make)
    }

    public func wheelAnimation(from: Double, to: Double, velocity: Double, context: WheelContext) -> (any ScrollSimulation)? { nil }

    /// Flutter picks this tracker with its iOS scroll behaviour, whose physics this is.
    public func makeVelocityTracker() -> any VelocityEstimating { IOSFlingVelocityTracker() }
}
