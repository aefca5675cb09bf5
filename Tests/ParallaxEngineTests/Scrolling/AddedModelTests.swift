import Foundation
import Testing
@testable import ParallaxEngine

/// A physics model added in this one file, with no edit to `ScrollAxis`: a fling at constant
/// deceleration (a brake, `x = x0 + v0 t - sign(v0) a t^2 / 2` until `|v0| / a`), a hard edge that
/// shows a pull at half its length, a return in a straight line at 500 px/s, and a wheel of 50 px at once.
struct BrakePhysics: ScrollPhysicsModel {
    let name = "brake"
    static let deceleration = 2000.0

    struct Brake: FlingSimulation {
        let x0: Double, v0: Double
        var duration: Double { abs(v0) / BrakePhysics.deceleration }
        var landing: Double { position(at: duration) }
        func position(at t: Double) -> Double {
            let s = min(t, duration)
            return x0 + v0 * s - (v0 < 0 ? -1 : 1) * BrakePhysics.deceleration * s * s / 2
        }
        func velocity(at t: Double) -> Double { isDone(at: t) ? 0 : v0 - (v0 < 0 ? -1 : 1) * BrakePhysics.deceleration * t }
        func isDone(at t: Double) -> Bool { t >= duration }
    }

    func fling(from x: Double, velocity v: Double, settings: ScrollPhysicsSettings) -> any FlingSimulation { Brake(x0: x, v0: v) }
    func pulled(_ distance: Double, viewport: Double, settings: ScrollPhysicsSettings) -> Double { distance / 2 }
    func edgeReturn(anchor: Double, displacement: Double, velocity: Double, bound: Double,
                    settings: ScrollPhysicsSettings) -> any ScrollSimulation {
        ScrollAnimation(from: anchor + displacement, to: anchor, duration: abs(displacement) / 500, curve: .hermite(startVelocity: 0))
    }
    func notchLength(viewport: Double, settings: ScrollPhysicsSettings) -> Double { 50 }
    func wheelAnimation(from: Double, to: Double, velocity: Double, context: WheelContext) -> (any ScrollSimulation)? { nil }
}

@Suite struct AddedModelTests {
    @Test func theAxisFlingsWithTheAddedModel() {
        var a = axis(BrakePhysics())
        fling(&a, from: 1000, speed: 3000)
        let x0 = 1000 + 3000 * 0.1
        for t in [0.1, 0.5, 1.0, 1.4] {
            #expect(abs(a.offset(at: 0.1 + t) - (x0 + 3000 * t - 1000 * t * t)) < 1e-9, "at \(t)")
        }
        // 3000 px/s at 2000 px/s^2: 1.5 s and 3000^2 / 4000 = 2250 px.
        #expect(a.phase(at: 1.59) == .decelerating && a.phase(at: 1.61) == .idle)
        #expect(abs(a.offset(at: 5) - (x0 + 2250)) < 1e-9)
    }

    @Test func theAxisPullsReturnsAndScrollsWithTheAddedModel() {
        var a = axis(BrakePhysics())
        a.pointerDown(100, at: 0)
        a.pointerMoved(180, at: 0.05)
        // The inverse `pullDistance` comes from the protocol's bisection.
        #expect(abs(a.offset(at: 0.05) + 40) < 1e-9)
        a.pointerUp(180, at: 0.2)
        #expect(a.phase(at: 0.25) == .bouncing)
        #expect(a.offset(at: 0.2 + 40.0 / 500) == 0)
        a.wheel(notches: 3, at: 1)
        #expect(a.offset(at: 1) == 150)
    }
}
