import Foundation
import Testing
@testable import ParallaxEngine

@Suite struct ScrollSimulationTests {
    /// Every moving piece the axis builds, settled as the axis settles them (0.5 px), with where it
    /// comes to rest: a fling, springs back from an overshoot and from a fling's speed, a wheel
    /// notch (Bézier) and a page settle (Hermite).
    static let moving: [(name: String, piece: any ScrollSimulation, end: Double)] = {
        let fling = Deceleration(from: 100, velocity: 2400, rate: 0.998)
        return [
            ("fling", fling.settling(threshold: 0.5), fling.landing),
            ("spring from an overshoot", Spring(anchor: 0, displacement: -90, velocity: 0, omega: 10).settling(threshold: 0.5), 0),
            ("spring handed a fling", Spring(anchor: 5200, displacement: 0, velocity: 1800, omega: 10).settling(threshold: 0.5), 5200),
            ("wheel notch", WheelAnimation.animation(from: 300, to: 386.2, velocity: 400), 386.2),
            ("page settle", Paging.settle(from: 1310, to: 1280, velocity: -900), 1280),
        ]
    }()

    /// When the piece is done: the first time on a 1 ms grid, then refined to 1 ns.
    func doneTime(_ piece: any ScrollSimulation) -> Double {
        var t = 0.0
        while !piece.isDone(at: t) { t += 0.001; if t > 30 { return .infinity } }
        var low = max(0, t - 0.001), high = t
        while high - low > 1e-9 { let mid = (low + high) / 2; if piece.isDone(at: mid) { high = mid } else { low = mid } }
        return high
    }

    @Test func velocityIsTheDerivativeOfPositionUntilDone() {
        for (name, piece, _) in Self.moving {
            let done = doneTime(piece)
            #expect(done.isFinite && done > 0.05, "\(name) is done at \(done)")
            for i in 1..<40 {
                let t = done * Double(i) / 40, h = 1e-6
                let slope = (piece.position(at: t + h) - piece.position(at: t - h)) / (2 * h)
                let v = piece.velocity(at: t)
                #expect(abs(slope - v) <= 1e-3 * max(1, abs(v)), "\(name) at \(t): slope \(slope), velocity \(v)")
            }
        }
    }

    @Test func doneMeansAtRestWhereItEndsAndStaysSo() {
        for (name, piece, end) in Self.moving {
            let done = doneTime(piece)
            // Just before done it is already within the 0.5 px threshold of where it rests (the
            // wheel and page animations are exact at their end), and moving until then.
            let before = piece.position(at: done - 2e-9)
            #expect(abs(before - end) <= 0.5 + 1e-6, "\(name): \(before) just before done, rests at \(end)")
            for t in [done, done + 0.01, done + 1, done + 100] {
                #expect(piece.isDone(at: t), "\(name) not done at \(t)")
                #expect(piece.position(at: t) == end && piece.velocity(at: t) == 0, "\(name) at \(t): \(piece.position(at: t))")
            }
        }
    }

    @Test func aRestIsDoneAndAHoldNeverIs() {
        let rest = ScrollRest(at: 42), hold = ScrollHold(at: 42, velocity: -300)
        for t in [0.0, 0.5, 1e6] {
            #expect(rest.isDone(at: t) && rest.position(at: t) == 42 && rest.velocity(at: t) == 0)
            // Held, the input moves it, not time; its velocity is the pointer's as last measured.
            #expect(!hold.isDone(at: t) && hold.position(at: t) == 42 && hold.velocity(at: t) == -300)
        }
    }

    @Test func anUnsettledFlingOrSpringIsNeverDone() {
        // The fling an edge spring takes over from runs on the closed form for as long as it is asked.
        let fling = Deceleration(from: 0, velocity: 1000, rate: 0.998)
        #expect(!fling.isDone(at: 1e3))
        #expect(abs(fling.position(at: 0.25) - Reference.flingPosition(x0: 0, v0: 1000, t: 0.25)) < 1e-9)
        let spring = Spring(displacement: -50, velocity: 0, omega: 10)
        #expect(!spring.isDone(at: 1e3))
        #expect(abs(spring.position(at: 0.1) - Reference.spring(x0: -50, v0: 0, t: 0.1)) < 1e-12)
    }
}

@Suite struct ReleasePolicyTests {
    /// A drag from offset 1000 moving the content 200 px in 0.1 s, released at once.
    func dragged(_ release: ReleasePolicy) -> ScrollAxis {
        var a = ScrollAxis(release: release)
        a.setExtent(viewport: 800, content: 100_000, at: 0)
        fling(&a, from: 1000, speed: 2000)
        return a
    }

    @Test func aCustomPolicyDecidesWhereAReleaseGoes() {
        // Back to where the drag began: reads the release's offset and drag distance.
        let springBack = ReleasePolicy(animation: .wheel) { .settle(on: $0.offset - $0.dragDistance) }
        let a = dragged(springBack)
        #expect(a.offset(at: 0.1) == 1200)
        #expect(a.phase(at: 0.2) == .paging)
        #expect(a.offset(at: 0.2) < 1200 && a.offset(at: 0.2) > 1000)
        #expect(a.offset(at: 1) == 1000 && a.phase(at: 1) == .idle)

        // The same drag on the default policy flings on from the release: 2000 px/s decaying at 0.998/ms.
        let flung = dragged(.fling)
        #expect(flung.phase(at: 0.2) == .decelerating)
        #expect(abs(flung.velocity(at: 0.1) - 2000) < 1e-6)
        #expect(abs(flung.offset(at: 0.5) - Reference.flingPosition(x0: 1200, v0: 2000, t: 0.4)) < 1e-6)
    }

    @Test func aPolicyWithoutMomentumRestsWhereTheDragEnds() {
        let still = ReleasePolicy(animation: .wheel) { _ in .fling(velocity: 0) }
        let a = dragged(still)
        #expect(a.phase(at: 0.1) == .idle && a.offset(at: 0.1) == 1200 && a.offset(at: 5) == 1200)
    }

    /// A trackpad stream at 1500 px/s (15 px every 10 ms for 0.2 s) from offset 10000; its last delta's time and offset.
    func streamed(_ release: ReleasePolicy) -> (axis: ScrollAxis, last: Double, x: Double) {
        var a = ScrollAxis(release: release)
        a.setExtent(viewport: 800, content: 100_000, at: 0)
        a.scroll(to: 10_000, animated: false, at: 0)
        var t = 1.0
        for _ in 0..<20 { t += 0.01; a.precise(pixels: 15, at: t) }
        return (a, t, a.offset(at: t))
    }

    @Test func thePolicysMomentumIsWhatATrackpadStreamMovesOnWith() {
        let (full, last, x) = streamed(.fling)
        let (half, _, _) = streamed(ReleasePolicy(animation: .wheel, release: { .fling(velocity: $0.velocity) }, momentum: { v, _ in v / 2 }))
        let (none, _, _) = streamed(ReleasePolicy(animation: .wheel, release: { .fling(velocity: $0.velocity) }, momentum: { _, _ in 0 }))
        let v = full.velocity(at: last)
        #expect(abs(v - 1500) < 1e-6 && abs(half.velocity(at: last) - v / 2) < 1e-9)
        for t in [0.05, 0.3, 1.0] {
            #expect(abs(half.offset(at: last + t) - Reference.flingPosition(x0: x, v0: v / 2, t: t)) < 1e-6)
            #expect(none.offset(at: last + t) == x)
        }
        #expect(half.phase(at: last + 0.1) == .dragging && half.phase(at: last + 0.13) == .decelerating)
        #expect(none.phase(at: last + 0.1) == .dragging && none.phase(at: last + 0.13) == .idle)
    }

    @Test func thePolicysAnimationShapesAnimatedScrolls() {
        var wheel = ScrollAxis(release: .fling), pages = ScrollAxis(release: .paging)
        for i in [0, 1] {
            var a = i == 0 ? wheel : pages
            a.setExtent(viewport: 800, content: 4000, at: 0)
            a.scroll(to: 800, animated: true, at: 0)
            if i == 0 { wheel = a } else { pages = a }
        }
        #expect(wheel.phase(at: 0.05) == .wheel && pages.phase(at: 0.05) == .paging)
        // The wheel's curve takes clamp(14 - 800/60, 6, 12)/60 s; the page settle 0.45 s (0.6 * 0.75).
        #expect(wheel.phase(at: 0.101) == .idle && pages.phase(at: 0.101) == .paging)
        #expect(pages.phase(at: 0.449) == .paging && pages.offset(at: 0.45) == 800)
    }
}
