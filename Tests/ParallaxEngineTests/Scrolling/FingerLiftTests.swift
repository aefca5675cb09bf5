import Foundation
import Testing
@testable import ParallaxEngine

/// A trackpad stream whose platform tells the lift (Wayland's `axis_stop`): held exactly where the
/// fingers put it, then the momentum from the lift (docs/input-and-trackpads.md, "Trackpads").
@Suite struct FingerLiftTests {
    /// 30 steps of 7.3 px, added up as the stream adds them.
    let travel = Array(repeating: 7.3, count: 30).reduce(0, +)

    /// 30 steps of 7.3 px, 8 ms apart from t = 1 (912.5 px/s); returns the last step's time.
    func swipe(_ a: inout ScrollAxis, step: Double = 7.3) -> Double {
        var t = 1.0
        for i in 0..<30 {
            t = 1 + Double(i) * 0.008
            a.precise(pixels: step, liftFollows: true, at: t)
        }
        return t
    }

    @Test func heldExactlyWhereTheFingersPutItUntilTheyLift() {
        var a = axis()
        let last = swipe(&a)
        for wait in [0.0, 0.05, 0.2, 3] {
            #expect(a.offset(at: last + wait) == travel)
            #expect(a.phase(at: last + wait) == .dragging)
        }
    }

    @Test func theLiftFlingsAtTheFingersSpeedOnItsClosedForm() {
        var a = axis()
        let last = swipe(&a)
        a.fingersLifted(at: last)
        let x0 = travel, v0 = a.velocity(at: last)
        #expect(abs(v0 - 7.3 / 0.008) < 1e-6 * v0, "the fingers' speed: \(v0)")
        #expect(a.phase(at: last + 0.001) == .decelerating)
        for i in 0..<120 {
            let t = Double(i) / 60
            #expect(abs(a.offset(at: last + t) - Reference.flingPosition(x0: x0, v0: v0, t: t)) < 1e-6, "at \(t) s")
        }
    }

    @Test func fingersThatRestedBeforeTheLiftCarryNothingOn() {
        var a = axis()
        let last = swipe(&a)
        a.fingersLifted(at: last + 0.05)
        #expect(a.offset(at: last + 2) == travel)
        #expect(a.phase(at: last + 0.06) == .idle)
    }

    @Test func aLiftWithNoStreamChangesNothing() {
        var a = axis()
        a.scroll(to: 400, animated: false, at: 0)
        a.fingersLifted(at: 1)
        a.wheel(notches: 1, at: 2)
        a.fingersLifted(at: 2.01)
        #expect(a.offset(at: 3) == 400 + Reference.notch(800), "the wheel's animation runs on")
    }

    @Test func onThePagerTheLiftSettlesOnAPageAndSoDoesAStreamThatEnds() {
        let target = 1.0 * 1280
        var lifted = axis(content: 5 * 1280, viewport: 1280, paging: true)
        let last = swipe(&lifted)
        lifted.fingersLifted(at: last)
        #expect(lifted.phase(at: last + 0.01) == .paging)
        #expect(lifted.offset(at: last + 3) == target)
        // Where no lift is told, the stream is held 120 ms after its last step, then settles the same way.
        var timedOut = axis(content: 5 * 1280, viewport: 1280, paging: true)
        var t = 1.0
        for i in 0..<30 {
            t = 1 + Double(i) * 0.008
            timedOut.precise(pixels: 7.3, at: t)
        }
        #expect(timedOut.offset(at: t + 0.11) == travel && timedOut.phase(at: t + 0.11) == .dragging)
        #expect(timedOut.phase(at: t + 0.13) == .paging)
        #expect(timedOut.offset(at: t + 3) == target)
    }
}

/// A high-resolution wheel's fraction of a click (Wayland's `axis_value120` 30 is a quarter).
@Suite struct WheelFractionTests {
    @Test func aQuarterClickAnimatesAQuarterNotch() {
        var a = axis()
        a.wheel(notches: 0.25, at: 0)
        #expect(a.phase(at: 0.05) == .wheel)
        #expect(a.offset(at: 0.05) > 0 && a.offset(at: 0.05) < 0.25 * Reference.notch(800))
        #expect(a.offset(at: 1) == 0.25 * Reference.notch(800))
    }
}
