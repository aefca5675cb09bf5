import Foundation
import Testing
@testable import ParallaxEngine

/// A vertical axis with a 800 px viewport over `content` px.
func axis(content: Double = 100_000, viewport: Double = 800, paging: Bool = false, settings: ScrollPhysicsSettings = .init()) -> ScrollAxis {
    var a = ScrollAxis(settings: settings, release: paging ? .paging : .fling)
    a.setExtent(viewport: viewport, content: content, at: 0)
    return a
}

/// Drags with the pointer moving at `speed` px/s (content moving towards larger offsets) from `start`
/// for `duration` s, sampled at `rate` Hz, and releases at once.
func fling(_ a: inout ScrollAxis, from start: Double = 0, speed: Double, duration: Double = 0.1, rate: Double = 60, pointer: Double = 700) {
    a.scroll(to: start, animated: false, at: 0)
    a.pointerDown(pointer, at: 0)
    let steps = Int((duration * rate).rounded())
    for i in 1...steps {
        let t = Double(i) / rate
        a.pointerMoved(pointer - speed * t, at: t)
    }
    a.pointerUp(pointer - speed * duration, at: duration)
}

/// The formulas docs/physics-and-effects.md gives ("Scrolling"), written out here independently.
enum Reference {
    static func flingPosition(x0: Double, v0: Double, t: Double, d: Double = 0.998) -> Double {
        x0 + v0 * (pow(d, 1000 * t) - 1) / (1000 * log(d))
    }
    static func rubberBand(_ x: Double, _ dim: Double, c: Double = 0.55) -> Double { (1 - 1 / (x * c / dim + 1)) * dim }
    static func spring(x0: Double, v0: Double, t: Double, w: Double = 10) -> Double { exp(-w * t) * (x0 + (v0 + w * x0) * t) }
    static func notch(_ p: Double) -> Double { min(pow(p, 2.0 / 3.0), p / 2) }
    /// cubic-bezier(0.42, 0, 0.58, 1) solved by bisection on x.
    static func easeInOut(_ x: Double) -> Double {
        func b(_ u: Double, _ p1: Double, _ p2: Double) -> Double { 3 * (1 - u) * (1 - u) * u * p1 + 3 * (1 - u) * u * u * p2 + u * u * u }
        var lo = 0.0, hi = 1.0
        for _ in 0..<100 { let mid = (lo + hi) / 2; if b(mid, 0.42, 0.58) < x { lo = mid } else { hi = mid } }
        return b((lo + hi) / 2, 0, 1)
    }
}

@Suite struct VelocityTrackingTests {
    @Test func quadraticFitIsExactForQuadraticMotion() {
        var tracker = VelocityTracker()
        // x = 5 + 300 t + 900 t^2: velocity 300 + 1800 t.
        for i in 0...6 {
            let t = 1 + Double(i) * 0.016
            tracker.add(5 + 300 * (t - 1) + 900 * (t - 1) * (t - 1), at: t)
        }
        #expect(abs(tracker.velocity - (300 + 1800 * 0.096)) < 1e-6)
    }

    @Test func onlyTheLast100MillisecondsCount() {
        var tracker = VelocityTracker()
        // A slow part more than 100 ms before the newest sample, then a fast linear part.
        for i in 0..<5 { tracker.add(Double(i), at: Double(i) * 0.03) }
        for i in 1...5 { tracker.add(4 + Double(i) * 20, at: 0.12 + Double(i) * 0.02) }
        #expect(abs(tracker.velocity - 1000) < 1e-6)
    }

    @Test func atMostTwentySamples() {
        var tracker = VelocityTracker()
        // 30 samples 1 ms apart: a jump in slope 25 samples back must not show.
        for i in 0..<30 { tracker.add(i < 5 ? Double(i) * 100 : 400 + Double(i - 4) * 2, at: Double(i) * 0.001) }
        #expect(abs(tracker.velocity - 2000) < 1e-6)
    }

    @Test func dragPauseReleaseGivesNoFling() {
        var a = axis()
        a.pointerDown(700, at: 0)
        for i in 1...6 { a.pointerMoved(700 - Double(i) * 20, at: Double(i) * 0.016) }
        a.pointerMoved(580, at: 0.15)  // after a 54 ms pause: history dropped
        a.pointerUp(580, at: 0.16)
        #expect(a.velocity(at: 0.16) == 0)
        #expect(a.phase(at: 0.2) == .idle)
        #expect(a.offset(at: 5) == 120)
    }

    /// A steady drag at `speed` px/s, moves every `spacing` s for 0.2 s, each stamped as SDL would
    /// when polled every `poll` s (the moves between two polls share the poll's time; 0: their own
    /// times), released `releaseDelay` s after the last move. Returns the release time.
    func steadyDrag(_ a: inout ScrollAxis, speed: Double, spacing: Double = 0.008, poll: Double = 0, phase: Double = 0,
                    releaseDelay: Double) -> Double {
        // The poll after `t` (a move exactly at a poll's time is in that poll).
        func stamp(_ t: Double) -> Double { poll > 0 ? (t / poll - 1e-9).rounded(.up) * poll : t }
        a.scroll(to: 20_000, animated: false, at: 0)
        a.pointerDown(5000, at: 0)
        let moves = Int((0.2 / spacing).rounded())
        for i in 1...moves {
            let t = phase + Double(i) * spacing
            a.pointerMoved(5000 - speed * t, at: stamp(t))
        }
        let last = phase + Double(moves) * spacing
        let release = stamp(last + releaseDelay)
        a.pointerUp(5000 - speed * last, at: release)
        return release
    }

    @Test(arguments: [300.0, 1800, 4000])
    func aReleaseFlingsAtTheDragsSpeedHoweverLateItComes(speed: Double) {
        for delay in [0.0, 0.008, 0.010, 0.020] {
            var a = axis(content: 1e6)
            let release = steadyDrag(&a, speed: speed, releaseDelay: delay)
            let v = a.velocity(at: release)
            #expect(abs(v - speed) <= 0.05 * speed, "\(speed) px/s released \(delay * 1000) ms after the last move flings at \(v)")
            #expect(a.phase(at: release + 0.01) == .decelerating)
        }
    }

    @Test(arguments: [300.0, 1800, 4000])
    func movesThatShareAPollTimeFlingAtTheDragsSpeedToo(speed: Double) {
        // Moves every 4 or 10 ms, stamped with the time of the 60 Hz poll that picked them up, at
        // every phase between moves and polls.
        for spacing in [0.004, 0.010] {
            for phase in stride(from: 0, to: spacing, by: spacing / 8) {
                for delay in [0.0, 0.008, 0.020] {
                    var a = axis(content: 1e6)
                    let release = steadyDrag(&a, speed: speed, spacing: spacing, poll: 1.0 / 60, phase: phase, releaseDelay: delay)
                    let v = a.velocity(at: release)
                    #expect(abs(v - speed) <= 0.05 * speed,
                            "\(speed) px/s, moves every \(spacing * 1000) ms from \(phase * 1000) ms, released after \(delay * 1000) ms: \(v)")
                }
            }
        }
    }

    @Test func aReleaseAfterRestingFiftyMillisecondsGivesNoFling() {
        var a = axis(content: 1e6)
        let release = steadyDrag(&a, speed: 1800, releaseDelay: 0.050)
        #expect(a.velocity(at: release) == 0)
        #expect(a.phase(at: release + 0.01) == .idle)
        let dragEnd: Double = 20_000 + 1800 * 0.2
        #expect(a.offset(at: release + 5) == dragEnd)
    }

    /// Whole-millisecond stamps moved onto another clock in seconds, as the window's are: a release
    /// exactly 40 ms after the last move rests, and a gap of exactly 40 ms between moves starts the
    /// samples afresh, however the sums round (on some of these clocks the gap comes out a hair under
    /// 40 ms).
    @Test func aFortyMillisecondGapOfMillisecondStampsIsARestOnAnyClock() {
        // Drags starting at 200 different milliseconds of a clock whose seconds are in the tens of thousands.
        // Typed out: inferred, this closure took the type checker seconds.
        let starts: [(clock: Double, ms: Int)] = (0..<200).map { (i: Int) in (clock: 60_000 + Double(i) * 7.123456789, ms: i * 37 % 1000) }
        func stamp(_ start: (clock: Double, ms: Int), _ ms: Int) -> Double { start.clock + Double(start.ms + ms) / 1000 }
        #expect(starts.contains { stamp($0, 136) - stamp($0, 96) < VelocityTracker.restAfter },
                "no clock rounds the gap short: the test tries nothing")
        for start in starts {
            var tracker = VelocityTracker()
            for ms in stride(from: 0, through: 96, by: 8) { tracker.add(Double(ms) * 2, at: stamp(start, ms)) }
            #expect(tracker.releaseVelocity(at: stamp(start, 136)) == 0, "\(start): released 40 ms after the last move")
            // A move 40 ms after the last: the samples start again, and one of them says no velocity.
            tracker.add(500, at: stamp(start, 136))
            #expect(tracker.velocity == 0, "\(start): a move 40 ms after the last kept the samples before it")
        }
    }

    @Test func aPointerHeldStillWhileStillSendingMovesGivesNoFling() {
        var a = axis(content: 1e6)
        a.pointerDown(700, at: 0)
        for i in 1...6 { a.pointerMoved(700 - Double(i) * 20, at: Double(i) * 0.016) }
        // Then 50 ms of moves that stay within half a pixel.
        for i in 1...6 { a.pointerMoved(580 + (i % 2 == 0 ? 0.4 : 0), at: 0.096 + Double(i) * 0.008) }
        a.pointerUp(580, at: 0.15)
        #expect(a.velocity(at: 0.15) == 0)
    }
}

@Suite struct FlingTests {
    @Test func trajectoryMatchesTheClosedFormAtEveryFrame() {
        var a = axis()
        fling(&a, from: 1000, speed: 2000)
        let x0 = a.offset(at: 0.1), v0 = a.velocity(at: 0.1)
        #expect(abs(v0 - 2000) < 1e-6, "linear drag: the fit gives its exact speed")
        let landing = x0 - v0 / (1000 * log(0.998))
        var t = 0.1
        while a.phase(at: t) == .decelerating {
            #expect(abs(a.offset(at: t) - Reference.flingPosition(x0: x0, v0: v0, t: t - 0.1)) < 0.01, "at \(t)")
            t += 1.0 / 60
        }
        #expect(abs(Reference.flingPosition(x0: x0, v0: v0, t: t - 0.1) - landing) < 0.5, "at rest only within 0.5 px of the landing")
        #expect(a.offset(at: t) == landing)
        #expect(a.phase(at: t) == .idle)
    }

    @Test func aPressCatchesAFling() {
        var a = axis()
        fling(&a, from: 1000, speed: 2000)
        let caught = a.offset(at: 0.3)
        a.pointerDown(400, at: 0.3)
        a.pointerUp(400, at: 0.31)
        #expect(a.offset(at: 3) == caught)
    }
}

@Suite struct RubberBandTests {
    @Test func draggingPastTheTopFollowsTheRubberBand() {
        var a = axis()
        a.pointerDown(300, at: 0)
        a.pointerMoved(400, at: 0.05)
        #expect(abs(a.offset(at: 0.05) - -Reference.rubberBand(100, 800)) < 1e-9)
        a.pointerMoved(450, at: 0.1)
        #expect(abs(a.offset(at: 0.1) - -Reference.rubberBand(150, 800)) < 1e-9)
    }

    @Test func releasedItSpringsBackCriticallyDamped() {
        var a = axis()
        a.pointerDown(300, at: 0)
        a.pointerMoved(400, at: 0.01)
        a.pointerUp(400, at: 0.2)  // held still: no velocity
        let x0 = -Reference.rubberBand(100, 800)
        for i in 0..<60 {
            let t = Double(i) / 60
            let expected = Reference.spring(x0: x0, v0: 0, t: t)
            #expect(abs(a.offset(at: 0.2 + t) - (abs(expected) < 0.5 && a.phase(at: 0.2 + t) == .idle ? 0 : expected)) < 1e-9)
        }
        #expect(a.offset(at: 3) == 0)
    }

    @Test func aFlingIntoAnEdgeHandsItsVelocityToTheSpring() {
        var a = axis(content: 3000)
        fling(&a, from: 1900, speed: 1500)
        // Released at 2050 px, 150 px before maxOffset (2200), at about the drag's 1500 px/s.
        let x0 = 2050.0, v0 = a.velocity(at: 0.1), d = 0.998
        #expect(a.offset(at: 0.1) == x0)
        #expect(abs(v0 - 1500) < 0.05 * 1500, "flung at \(v0) px/s")
        // The fling x0 + v0 (d^(1000 t) - 1) / (1000 ln d) reaches 2200 when d^(1000 t) = 1 + 150 (1000 ln d) / v0,
        // at the velocity v0 d^(1000 t) (about 1200 px/s for 1500).
        let decay = 1 + 150 * 1000 * log(d) / v0
        let crossing = 0.1 + log(decay) / (1000 * log(d)), vc = v0 * decay
        for i in 0..<20 {
            let t = 0.1 + (crossing - 0.1) * Double(i) / 20
            #expect(abs(a.offset(at: t) - Reference.flingPosition(x0: x0, v0: v0, t: t - 0.1)) < 1e-6, "fling at \(t)")
        }
        // Past the edge, the spring from 0 at vc: 2200 + vc s e^(-10 s); its peak vc / (10 e), about 44 px, at s = 0.1.
        #expect(abs(a.offset(at: crossing + 0.1) - 2200 - vc / (10 * M_E)) < 1e-6, "peak \(a.offset(at: crossing + 0.1) - 2200), formula \(vc / (10 * M_E))")
        for i in 1..<100 {
            let s = Double(i) / 100
            let expected = Reference.spring(x0: 0, v0: vc, t: s)
            if a.phase(at: crossing + s) == .bouncing {
                #expect(abs(a.offset(at: crossing + s) - 2200 - expected) < 1e-6, "spring at \(s): \(a.offset(at: crossing + s) - 2200), formula \(expected)")
            } else {
                #expect(abs(expected) < 0.5 && a.offset(at: crossing + s) == 2200, "at rest only within 0.5 px: \(expected) at \(s)")
            }
        }
        // The velocity carries over: the spring's d/ds at s = 1 ms is e^(-10 s) vc (1 - 10 s).
        #expect(abs(a.velocity(at: crossing + 0.001) - exp(-0.01) * vc * (1 - 0.01)) < 1e-6)
        #expect(a.offset(at: crossing + 3) == 2200)
    }

    /// A 500 px drag at `speed` from 1000, inside the 0...2200 range, released where it ends.
    func flingInsideTheRange(_ a: inout ScrollAxis, speed: Double) -> Double {
        let duration = 500 / speed
        fling(&a, from: 1000, speed: speed, duration: duration, rate: 100 / duration)
        return duration
    }

    @Test func overshootStaysBoundedForAnyFling() {
        for speed in [5_000.0, 50_000, 1e7] {
            var a = axis(content: 3000)
            let release = flingInsideTheRange(&a, speed: speed)
            var peak = 0.0
            for i in 0..<3000 { peak = max(peak, a.offset(at: release + Double(i) / 1000) - 2200) }
            #expect(peak > 60 && peak <= 120 + 1e-9, "\(speed) px/s overshoots \(peak)")
        }
    }

    @Test func theBoundIsConfigurable() {
        var settings = ScrollPhysicsSettings()
        settings.maxOvershoot = 40
        var a = axis(content: 3000, settings: settings)
        let release = flingInsideTheRange(&a, speed: 20_000)
        var peak = 0.0
        for i in 0..<3000 { peak = max(peak, a.offset(at: release + Double(i) / 1000) - 2200) }
        #expect(peak > 39 && peak <= 40 + 1e-9, "peak \(peak)")
    }

    @Test func aHeldPullIsNotBoundedAndFollowsTheFormulaAllTheWay() {
        var settings = ScrollPhysicsSettings()
        settings.maxOvershoot = 40
        var a = axis(content: 3000, settings: settings)
        a.pointerDown(300, at: 0)
        var shown = 0.0
        for i in 1...30 {
            // 300 px past the top in 10 px steps: every step moves the content further out.
            let pulled = Double(i) * 10, t = Double(i) * 0.01
            a.pointerMoved(300 + pulled, at: t)
            let x = a.offset(at: t)
            #expect(abs(x - -Reference.rubberBand(pulled, 800)) < 1e-9, "pulled \(pulled)")
            #expect(x < shown, "pulled \(pulled): \(x) after \(shown)")
            shown = x
        }
        // 300 px past the edge shows (1 - 1/(300*0.55/800 + 1)) * 800 = 136.8 px, past the 120 px fling bound.
        #expect(abs(shown - -136.787564766839) < 1e-9)
        a.pointerUp(600, at: 0.5)
        for i in 0..<120 {
            let t = Double(i) / 120
            #expect(a.offset(at: 0.5 + t) >= shown - 1e-9, "the spring back never goes further out")
        }
        #expect(a.offset(at: 3) == 0)
    }
}

@Suite struct NotchedWheelTests {
    let p = 800.0

    @Test func oneNotchMovesTheGtkStepAlongChromiumsCurve() {
        var a = axis()
        a.wheel(notches: 1, at: 1)
        let step = Reference.notch(p)
        let duration = min(12, max(6, 14 - step / 60)) / 60
        for f in [0.0, 0.1, 0.25, 0.5, 0.75, 0.9] {
            #expect(abs(a.offset(at: 1 + f * duration) - step * Reference.easeInOut(f)) < 1e-6, "at fraction \(f)")
        }
        #expect(a.phase(at: 1 + duration / 2) == .wheel)
        #expect(a.offset(at: 1 + duration) == step)
        #expect(a.phase(at: 1 + duration) == .idle)
    }

    @Test func aNotchMidAnimationRetargetsAndKeepsTheVelocity() {
        var a = axis()
        a.wheel(notches: 1, at: 0)
        let t = 0.06
        let before = a.velocity(at: t), position = a.offset(at: t)
        a.wheel(notches: 1, at: t)
        #expect(a.offset(at: t) == position)
        #expect(abs(a.velocity(at: t) - before) < 1e-6 * abs(before), "velocity \(before) kept")
        #expect(a.offset(at: t + 1) == 2 * Reference.notch(p))
    }

    @Test func clampedAtTheEdgesWithoutRubberBand() {
        var a = axis(content: 1000)
        a.wheel(notches: -3, at: 0)
        for i in 0...60 { #expect(a.offset(at: Double(i) / 60) == 0) }
        a.wheel(notches: 10, at: 1)
        for i in 0...60 { #expect(a.offset(at: 1 + Double(i) / 60) <= 200) }
        #expect(a.offset(at: 3) == 200)
    }

    @Test func aWheelDeltaOfAnySizeMovesAtMostOneViewport() {
        var a = axis()
        a.wheel(notches: 1e9, at: 0)
        #expect(a.offset(at: 1) == 800)
        a.precise(pixels: -1e9, at: 2)
        #expect(a.offset(at: 2) == 0)
    }
}

@Suite struct PreciseDeltaTests {
    @Test func appliedAtOnceOneToOne() {
        for momentum in [true, false] {
            var settings = ScrollPhysicsSettings()
            settings.trackpadMomentum = momentum
            var a = axis(settings: settings)
            a.precise(pixels: 7.3, at: 1)
            #expect(a.offset(at: 1) == 7.3)
            a.precise(pixels: 10.5, at: 1.02)
            #expect(a.offset(at: 1.02) == 7.3 + 10.5)
            #expect(a.phase(at: 1.05) == .dragging)
        }
    }

    @Test func pastAnEdgeRubberBandsThenTheSpringSettlesAfter120Milliseconds() {
        var a = axis()
        a.precise(pixels: -43, at: 1)
        let distance = 43.0
        let shown = -Reference.rubberBand(distance, 800)
        #expect(abs(a.offset(at: 1) - shown) < 1e-9)
        #expect(abs(a.offset(at: 1.119) - shown) < 1e-9, "held until the gesture ends")
        for i in 0..<30 {
            let t = Double(i) / 60
            #expect(abs(a.offset(at: 1.12 + t) - Reference.spring(x0: shown, v0: 0, t: t)) < 1e-9)
        }
        #expect(a.offset(at: 3) == 0)
    }

    /// A trackpad stream moving `speed` px/s for 0.2 s, one delta every `spacing` s, then
    /// `stillFor` s of deltas too small to move the content. Returns the last delta's time and offset.
    func stream(_ a: inout ScrollAxis, speed: Double, spacing: Double = 0.010, stillFor: Double = 0) -> (t: Double, x: Double) {
        var t = 1.0
        for _ in 0..<Int((0.2 / spacing).rounded()) {
            t += spacing
            a.precise(pixels: speed * spacing, at: t)
        }
        for i in 0..<Int((stillFor / spacing).rounded()) {
            t += spacing
            a.precise(pixels: i % 2 == 0 ? 0.2 : -0.2, at: t)
        }
        return (t, a.offset(at: t))
    }

    @Test func aStreamThatEndsFlingsAtItsSpeedAndDecaysAtTheDecelerationRate() {
        var a = axis()
        a.scroll(to: 10_000, animated: false, at: 0)
        let (last, x0) = stream(&a, speed: 1500)
        let v0 = a.velocity(at: last)
        #expect(abs(v0 - 1500) <= 150, "flings at \(v0)")
        // The stream ends 120 ms after its last delta; the motion carries on from the last delta.
        #expect(a.phase(at: last + 0.1) == .dragging)
        #expect(a.phase(at: last + 0.13) == .decelerating)
        for i in 0..<120 {
            let t = Double(i) / 60
            #expect(abs(a.offset(at: last + t) - Reference.flingPosition(x0: x0, v0: v0, t: t)) < 1e-6, "at \(t) s")
        }
    }

    @Test func aStreamWhoseLastSixtyMillisecondsWereStillFlingsNothing() {
        var a = axis()
        a.scroll(to: 10_000, animated: false, at: 0)
        let (last, x) = stream(&a, speed: 1500, stillFor: 0.06)
        #expect(a.velocity(at: last) == 0)
        #expect(a.offset(at: last + 2) == x)
    }

    @Test func momentumCanBeTurnedOff() {
        var settings = ScrollPhysicsSettings()
        settings.trackpadMomentum = false
        var a = axis(settings: settings)
        a.scroll(to: 10_000, animated: false, at: 0)
        let (last, x) = stream(&a, speed: 1500)
        #expect(a.offset(at: last + 0.05) == x)
        #expect(a.offset(at: last + 2) == x)
        #expect(a.phase(at: last + 0.2) == .idle)
    }

    @Test func aDeltaAPressOrANotchDuringMomentumTakesOverWithoutAJump() {
        func coasting() -> (ScrollAxis, Double) {
            var a = axis()
            a.scroll(to: 10_000, animated: false, at: 0)
            let (last, _) = stream(&a, speed: 1500)
            return (a, last + 0.3)
        }
        var (a, t) = coasting()
        var shown = a.offset(at: t)
        a.precise(pixels: 8.6, at: t)
        #expect(abs(a.offset(at: t) - (shown + 8.6)) < 1e-9, "a new stream starts where the content is")
        (a, t) = coasting()
        shown = a.offset(at: t)
        a.pointerDown(400, at: t)
        #expect(a.offset(at: t) == shown)
        #expect(a.offset(at: t + 1) == shown, "the press caught it")
        (a, t) = coasting()
        shown = a.offset(at: t)
        let v = a.velocity(at: t)
        a.wheel(notches: 1, at: t)
        #expect(a.offset(at: t) == shown)
        #expect(abs(a.velocity(at: t) - v) < 1e-6 * abs(v), "the notch keeps the velocity")
    }

    @Test func aNotchedWheelNeverGetsMomentum() {
        var a = axis()
        for i in 0..<10 { a.wheel(notches: 1, at: Double(i) * 0.01) }
        #expect(a.offset(at: 2) == 10 * Reference.notch(800))
        #expect(a.phase(at: 2) == .idle)
    }
}

@Suite struct PagingTests {
    let w = 1000.0

    func pager() -> ScrollAxis { axis(content: 5 * w, viewport: w, paging: true) }

    /// A drag from page `page` by `distance` px over `duration` s at constant speed, released at once.
    func swipe(_ a: inout ScrollAxis, from page: Int, distance: Double, duration: Double) {
        a.scroll(to: Double(page) * w, animated: false, at: 0)
        a.pointerDown(800, at: 0)
        for i in 1...10 { a.pointerMoved(800 - distance * Double(i) / 10, at: duration * Double(i) / 10) }
        a.pointerUp(800 - distance, at: duration)
    }

    @Test func aSlowShortDragReturnsToItsPage() {
        var a = pager()
        swipe(&a, from: 2, distance: 300, duration: 1.5)   // 200 px/s: projects to 2.32
        #expect(a.offset(at: 3) == 2 * w)
    }

    @Test func aSlowLongDragGoesToTheNearestPage() {
        var a = pager()
        swipe(&a, from: 2, distance: 650, duration: 2)  // 325 px/s, 2.65 + 0.03
        #expect(a.offset(at: 4) == 3 * w)
    }

    @Test func aQuickFlickOfMoreThan25PixelsGoesOnePage() {
        var a = pager()
        swipe(&a, from: 2, distance: -40, duration: 0.05)  // 800 px/s back
        #expect(a.offset(at: 2) == 1 * w)
    }

    @Test func neverMoreThanOnePage() {
        var a = pager()
        swipe(&a, from: 1, distance: 900, duration: 0.05)  // 18000 px/s
        #expect(a.offset(at: 2) == 2 * w)
    }

    @Test func settlesWithinSixHundredMillisecondsWithoutAJumpInVelocity() {
        for (distance, duration) in [(300.0, 0.1), (600, 0.5), (100, 0.02), (-450, 0.2)] {
            var a = pager()
            swipe(&a, from: 2, distance: distance, duration: duration)
            let released = a.velocity(at: duration - 1e-9)
            let after: Double = a.velocity(at: duration + 1e-6)
            let allowed: Double = 1e-3 * max(1, abs(released)) + 1
            #expect(abs(after - released) < allowed, "\(distance) px in \(duration) s: \(released) then \(after)")
            #expect(a.phase(at: duration + 0.6) == .idle)
            #expect(a.offset(at: duration + 0.6).truncatingRemainder(dividingBy: w) == 0)
        }
    }

    @Test func pageByOneFromRestAndFromAMovingTarget() {
        var a = pager()
        a.page(by: 1, at: 0)
        #expect(a.phase(at: 0.1) == .paging)
        a.page(by: 1, at: 0.1)  // while going to page 1: on to page 2
        #expect(a.offset(at: 2) == 2 * w)
        a.page(by: 9, at: 2)
        #expect(a.offset(at: 4) == 4 * w)
    }
}

@Suite struct KeyScrollTests {
    @Test func animatedKeyScrollLandsExactlyOnTheClampedTarget() {
        var a = axis(content: 2000)
        a.scroll(by: 720, animated: true, at: 0)
        #expect(a.phase(at: 0.05) == .wheel)
        #expect(a.offset(at: 1) == 720)
        a.scroll(by: 720, animated: true, at: 1)
        #expect(a.offset(at: 2) == 1200)
        a.scroll(to: 0, animated: true, at: 2)
        #expect(a.offset(at: 3) == 0)
        a.scroll(by: 300, animated: false, at: 3)
        #expect(a.offset(at: 3) == 300)
    }
}

@Suite struct SpringToAnchorTests {
    @Test func springsToAnAnchorPastTheEdgeAndStaysThere() {
        var a = axis()
        a.pointerDown(300, at: 0)
        a.pointerMoved(600, at: 0.1)
        a.pointerUp(600, at: 0.3)  // held still, then released: springs towards 0
        let x0 = a.offset(at: 0.3)
        a.spring(to: -80, at: 0.3)
        for i in 0..<30 {
            let t = Double(i) / 60
            #expect(abs(a.offset(at: 0.3 + t) - (-80 + Reference.spring(x0: x0 + 80, v0: 0, t: t))) < 1e-9)
        }
        #expect(a.offset(at: 5) == -80)
        a.spring(to: 0, at: 5)
        #expect(a.offset(at: 8) == 0)
    }
}
