import Foundation

/// `uikit`, the playground's default: UIKit's fling (`decelerationRate`, 0.998/ms; `Deceleration`)
/// and rubber band (c = 0.55; `RubberBand`), a critically damped spring back (w = 10 rad/s;
/// `Spring`), Chromium's wheel (`WheelAnimation`) and least-squares tracker, and paging projected
/// with UIKit's fast rate (0.99/ms). The tuning panel's numbers are this model's.
/// Sources: super-ultra/ScrollMechanics `DecelerationTimingParameters.swift`, `RubberBand.swift`,
/// `SpringTimingParameters.swift` (public reimplementations of UIScrollView); Chromium
/// `cc/animation/scroll_offset_animation_curve.cc` for the wheel.
public struct UIKitPhysics: ScrollPhysicsModel {
    public let name = "uikit"
    public init() {}

    public func fling(from x: Double, velocity v: Double, settings: ScrollPhysicsSettings) -> any FlingSimulation {
        Deceleration(from: x, velocity: v, rate: settings.decelerationRate).settling(threshold: settings.restThreshold)
    }

    public func pulled(_ distance: Double, viewport: Double, settings: ScrollPhysicsSettings) -> Double {
        RubberBand.resisted(distance, dimension: viewport, constant: settings.rubberBandConstant)
    }

    public func pullDistance(showing shown: Double, viewport: Double, settings: ScrollPhysicsSettings) -> Double {
        RubberBand.distance(showing: shown, dimension: viewport, constant: settings.rubberBandConstant)
    }

    public func edgeReturn(anchor: Double, displacement: Double, velocity: Double, bound: Double,
                           settings: ScrollPhysicsSettings) -> any ScrollSimulation {
        Spring.bounded(anchor: anchor, displacement: displacement, velocity: velocity, omega: settings.springStiffness, bound: bound,
                       threshold: settings.restThreshold)
    }

    public func wheelAnimation(from: Double, to: Double, velocity: Double, context: WheelContext) -> (any ScrollSimulation)? {
        WheelAnimation.animation(from: from, to: to, velocity: velocity)
    }

    public func projectedLanding(from x: Double, velocity v: Double, settings: ScrollPhysicsSettings) -> Double {
        Deceleration(from: x, velocity: v, rate: settings.pagingDecelerationRate).landing
    }
}
