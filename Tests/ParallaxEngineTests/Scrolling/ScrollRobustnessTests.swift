import Foundation
import Testing
@testable import ParallaxEngine
import ParallaxTestSupport

@Suite struct FrameRateIndependenceTests {
    /// The same continuous drag x(t) = 0.5 a t^2 + b t sampled at `rate` Hz, released at 0.3 s.
    func restingPlace(rate: Double) -> Double {
        var a = axis()
        a.scroll(to: 5000, animated: false, at: 0)
        a.pointerDown(700, at: 0)
        let release = 0.3
        let motion = { (t: Double) in 700 - (0.5 * 4000 * t * t + 600 * t) }
        var t = 1 / rate
        while t < release - 1e-9 {
            a.pointerMoved(motion(t), at: t)
            t += 1 / rate
        }
        a.pointerUp(motion(release), at: release)
        // Sample the rest of the motion at the same rate, as a renderer would.
        var frame = release
        while a.phase(at: frame) != .idle { frame += 1 / rate }
        return a.offset(at: frame)
    }

    @Test func theSameDragComesToRestAtTheSamePlaceAt30To144Hz() {
        // The fit is exact for this quadratic drag: released at 0.3 s from 5000 + 2000 * 0.3^2 + 600 * 0.3
        // = 5360 px at 4000 * 0.3 + 600 = 1800 px/s, a 0.998/ms fling rests 1800 / (1000 ln(1/0.998))
        // = 899.10 px further on, whatever the rate that sampled the drag and renders the fling.
        let places = [30.0, 60, 120, 144].map(restingPlace)
        for place in places { #expect(abs(place - 6259.10) < 0.01, "\(places)") }
    }
}

@Suite(.ownThread) struct RandomInputTests {
    /// Thousands of random events on one axis, checking after each that the offset is finite and
    /// within the range plus the overshoot bound. Returns the axis and the last event's time.
    func play(seed: UInt64, drags: Bool) -> (ScrollAxis, Double) {
        var rng = SplitMix64(state: seed)
        var settings = ScrollPhysicsSettings()
        settings.trackpadMomentum = seed % 2 == 0
        var a = ScrollAxis(settings: settings, release: seed % 5 == 3 ? .paging : .fling)
        a.setExtent(viewport: 800, content: 5000, at: 0)
        var t = 0.0
        var pressed = false
        let wild: [Double] = [0, 1e-9, -1e-9, 1e9, -1e9, .nan, .infinity, -.infinity, 0.35, -2, 7]
        for _ in 0..<5000 {
            t += Double.random(in: 0...0.05, using: &rng)
            switch Int.random(in: drags ? 0..<10 : 4..<9, using: &rng) {
            case 0: a.pointerDown(Double.random(in: -2000...2000, using: &rng), at: t); pressed = true
            case 1, 2: if pressed { a.pointerMoved(Double.random(in: -5000...5000, using: &rng), at: t) }
            case 3: a.pointerUp(Double.random(in: -2000...2000, using: &rng), at: t); pressed = false
            case 4: a.wheel(notches: wild.randomElement(using: &rng)!, at: t)
            case 5:
                a.precise(pixels: wild.randomElement(using: &rng)! * Double.random(in: 0...40, using: &rng),
                          liftFollows: Bool.random(using: &rng), at: t)
                if Bool.random(using: &rng) { a.fingersLifted(at: t + Double.random(in: 0...0.05, using: &rng)) }
            case 6: a.setExtent(viewport: [0, 1, 800, 333].randomElement(using: &rng)!,
                                content: [0, 10, 5000, 1e6].randomElement(using: &rng)!, at: t)
            case 7: a.scroll(by: wild.randomElement(using: &rng)! * 100, animated: Bool.random(using: &rng), at: t)
            case 8: a.page(by: Int.random(in: -3...3, using: &rng), at: t)
            default: a.pointerMoved(.nan, at: t)
            }
            for probe in [t, t + 0.004, t + 0.03] {
                let x = a.offset(at: probe)
                #expect(x.isFinite && a.velocity(at: probe).isFinite)
                // Flings stop at the overshoot bound; a held pull follows the rubber band, which
                // never reaches the viewport's length (800 at most here).
                let bound = max(settings.maxOvershoot, 800)
                #expect(x >= -bound - 1e-6 && x <= a.maxOffset + bound + 1e-6,
                        "seed \(seed): offset \(x) outside 0...\(a.maxOffset) plus the bound at \(probe)")
            }
        }
        if pressed { a.pointerUp(0, at: t) }
        // Fingers still on the trackpad lift at the end, as the platform says they always do.
        a.fingersLifted(at: t)
        return (a, t)
    }

    @Test(arguments: Array(UInt64(1)...40))
    func randomDeltasAndResizesStayBoundedAndRestWithinThreeSeconds(seed: UInt64) {
        let (a, last) = play(seed: seed, drags: false)
        let rest = a.offset(at: last + 3)
        #expect(a.phase(at: last + 3) == .idle)
        #expect(rest >= 0 && rest <= a.maxOffset)
    }

    /// With drags, the last event may start a fling, which UIKit's 0.998/ms takes up to
    /// ln(0.5 |λ| / 8000) / λ ≈ 4.5 s to finish at the fastest fling allowed.
    @Test(arguments: Array(UInt64(1)...40))
    func randomDragsToo(seed: UInt64) {
        let (a, last) = play(seed: seed, drags: true)
        let rest = a.offset(at: last + 5)
        #expect(a.phase(at: last + 5) == .idle)
        #expect(rest >= 0 && rest <= a.maxOffset)
    }

    @Test func nonFiniteInputChangesNothing() {
        var a = axis()
        a.scroll(to: 400, animated: false, at: 0)
        a.wheel(notches: .nan, at: 1)
        a.precise(pixels: .infinity, at: 1)
        a.fingersLifted(at: .nan)
        a.pointerDown(.nan, at: 1)
        a.scroll(to: .infinity, animated: true, at: 1)
        a.setExtent(viewport: .nan, content: 10, at: 1)
        a.wheel(notches: 1, at: .nan)
        #expect(a.offset(at: 5) == 400)
        #expect(a.viewportLength == 800)
    }

    @Test func aZeroSizeViewportStopsNothingFromWorking() {
        var a = axis(content: 0, viewport: 0)
        a.wheel(notches: 3, at: 0)
        a.precise(pixels: 86, at: 0.1)
        a.pointerDown(10, at: 0.2)
        a.pointerMoved(-500, at: 0.3)
        a.pointerUp(-500, at: 0.3)
        #expect(a.offset(at: 2) == 0)
        a.setExtent(viewport: 800, content: 3000, at: 2)
        a.wheel(notches: 1, at: 2)
        #expect(a.offset(at: 3) == Reference.notch(800))
    }

    @Test func eventsFromThePastCountAsNow() {
        var a = axis()
        a.wheel(notches: 1, at: 2)
        a.wheel(notches: 1, at: 1)  // stamped earlier: taken as at 2
        #expect(a.offset(at: 3) == 2 * Reference.notch(800))
    }
}
