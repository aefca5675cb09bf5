import Foundation

/// `android`: `OverScroller`'s spline fling in logical px at density 1, the Android 12 stretch edge
/// (a pull shows as the stretch `P (0.016 f + 0.016 (1 - e^(-f / 0.33)))`, `f` the pull as a
/// fraction of the viewport, at most 1; the return an underdamped spring, w = 24.657 rad/s, ratio
/// 0.98), a wheel notch of 64 px applied at once, and the least-squares tracker (Android's LSQ2 for
/// a pointer's x and y). The stretch moves the content here rather than scaling it.
/// Sources: AOSP frameworks/base `core/java/android/widget/OverScroller.java` (the spline, its
/// constants and `getSplineFlingDuration`/`getSplineFlingDistance`),
/// `core/java/android/widget/EdgeEffect.java` (the stretch and its spring),
/// `core/java/android/view/ViewConfiguration.java` (the scroll factor, 64 dp),
/// `libs/input/VelocityTracker.cpp` (LSQ2).
public struct AndroidPhysics: ScrollPhysicsModel {
    public let name = "android"
    public static let stretchIntensity = 0.016
    public static let stretchDistance = 0.33
    public static let naturalFrequency = 24.657
    public static let dampingRatio = 0.98
    public static let scrollFactor = 64.0
    public init() {}

    public func fling(from x: Double, velocity v: Double, settings: ScrollPhysicsSettings) -> any FlingSimulation {
        AndroidSplineFling(from: x, velocity: v)
    }

    public func pulled(_ distance: Double, viewport: Double, settings: ScrollPhysicsSettings) -> Double {
        guard viewport > 0, distance > 0 else { return 0 }
        let f = min(1, distance / viewport)
        return viewport * (Self.stretchIntensity * f + Self.stretchIntensity * (1 - exp(-f / Self.stretchDistance)))
    }

    public func edgeReturn(anchor: Double, displacement: Double, velocity: Double, bound: Double,
                           settings: ScrollPhysicsSettings) -> any ScrollSimulation {
        let make = { (v: Double) in
            DampedSpring(anchor: anchor, displacement: displacement, velocity: v, omega: Self.naturalFrequency, zeta: Self.dampingRatio,
                         threshold: settings.restThreshold)
        }
        return EdgeBound.bounded(velocity: velocity, bound: bound, anchor: anchor, make: make)
    }

    public func notchLength(viewport: Double, settings: ScrollPhysicsSettings) -> Double {
        settings.wheelStepOverride ?? Self.scrollFactor
    }

    public func wheelAnimation(from: Double, to: Double, velocity: Double, context: WheelContext) -> (any ScrollSimulation)? { nil }
}

/// `OverScroller`'s fling: it lasts `T = e^(l / (r - 1))` s and goes `D = mu C e^(r l / (r - 1))` px,
/// `l = ln(0.35 |v| / (mu C))`, `r = ln 0.78 / ln 0.9`, `mu` = 0.015, `C = 9.80665 * 39.37 * 160 * 0.84`
/// (px per s^2 at density 1), along the 100-point spline table, linearly interpolated, its speed the
/// table's slope (constant within each hundredth, as upstream).
public struct AndroidSplineFling: FlingSimulation, Equatable {
    public static let friction = 0.015
    public static let physicalCoefficient = 9.80665 * 39.37 * 160 * 0.84
    public static let decelerationRate = log(0.78) / log(0.9)
    public static let inflexion = 0.35
    public let x0: Double
    /// Signed, px.
    public let distance: Double
    public let duration: Double

    public init(from x0: Double, velocity v0: Double) {
        self.x0 = x0
        guard v0 != 0 else { distance = 0; duration = 0; return }
        let r = Self.decelerationRate, muC = Self.friction * Self.physicalCoefficient
        let l = log(Self.inflexion * abs(v0) / muC)
        duration = exp(l / (r - 1))
        distance = (v0 < 0 ? -1 : 1) * muC * exp(r / (r - 1) * l)
    }

    /// `SPLINE_POSITION`: the position at each hundredth of the time, from the curves
    /// time(u) = 3u(1-u)((1-u) P1 + u P2) + u^3 (P1 = 0.175, P2 = 0.35) and
    /// position(u) = 3u(1-u)((1-u) 0.5 + u) + u^3, `u` found by bisection to 1e-5 as upstream; the
    /// first entry is the curve's exact 0 (the bisection's 3e-5 would make a fling start with a jump).
    public static let splinePosition: [Double] = {
        let p1 = 0.175, p2 = 0.35, samples = 100
        var table = [Double](repeating: 1, count: samples + 1)
        table[0] = 0
        var uMin = 0.0
        for i in 1..<samples {
            let alpha = Double(i) / Double(samples)
            var uMax = 1.0, u = 0.0, coefficient = 0.0
            while true {
                u = uMin + (uMax - uMin) / 2
                coefficient = 3 * u * (1 - u)
                let time = coefficient * ((1 - u) * p1 + u * p2) + u * u * u
                if abs(time - alpha) < 1e-5 { break }
                if time > alpha { uMax = u } else { uMin = u }
            }
            table[i] = coefficient * ((1 - u) * 0.5 + u) + u * u * u
        }
        return table
    }()

    /// Fraction of the distance and its slope per fraction of the time.
    private func spline(_ t: Double) -> (position: Double, slope: Double) {
        guard duration > 0 else { return (1, 0) }
        let u = t / duration, index = Int(100 * u)
        guard index < 100 else { return (1, 0) }
        let low = Self.splinePosition[index], high = Self.splinePosition[index + 1]
        let slope = (high - low) * 100
        return (low + (u - Double(index) / 100) * slope, slope)
    }

    public var landing: Double { x0 + distance }
    public func position(at t: Double) -> Double { isDone(at: t) ? landing : x0 + distance * spline(max(0, t)).position }
    public func velocity(at t: Double) -> Double { isDone(at: t) ? 0 : distance * spline(max(0, t)).slope / duration }
    public func isDone(at t: Double) -> Bool { t >= duration }
}
