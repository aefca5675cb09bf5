import Foundation
import Testing
@testable import ParallaxEngine

/// A vertical axis under `model` with a 800 px viewport over `content` px.
func axis(_ model: any ScrollPhysicsModel, content: Double = 100_000, viewport: Double = 800) -> ScrollAxis {
    var a = ScrollAxis(model: model)
    a.setExtent(viewport: viewport, content: content, at: 0)
    return a
}

/// Each model's fling written out from the formulas in docs/physics-models.md, independently of
/// the models' code: position and velocity `t` s after a release at `x0` with `v0`, and when it rests.
enum ModelReference {
    struct Fling { let position: (Double) -> Double; let velocity: (Double) -> Double; let duration: Double }

    static func exponential(x0: Double, v0: Double, k: Double, stop: Double) -> Fling {
        Fling(position: { x0 + v0 * (1 - exp(-k * $0)) / k }, velocity: { v0 * exp(-k * $0) }, duration: log(abs(v0) / stop) / k)
    }

    /// OverScroller: l = ln(0.35 v / (mu C)), T = e^(l / (r - 1)), D = mu C e^(r l / (r - 1)),
    /// along the spline table solved here with Newton's method to 1e-12 (upstream bisects to 1e-5).
    static func android(x0: Double, v0: Double) -> (fling: Fling, distance: Double) {
        let r = log(0.78) / log(0.9), muC = 0.015 * 9.80665 * 39.37 * 160 * 0.84
        let l = log(0.35 * abs(v0) / muC)
        let duration = exp(l / (r - 1)), distance = muC * exp(r * l / (r - 1)) * (v0 < 0 ? -1 : 1)
        var table = [Double](repeating: 1, count: 101)
        for i in 0..<100 {
            let alpha = Double(i) / 100
            var u = alpha
            for _ in 0..<50 {
                let time = 3 * u * (1 - u) * ((1 - u) * 0.175 + u * 0.35) + u * u * u
                let slope = 3 * 0.175 * ((1 - u) * (1 - u) - 2 * u * (1 - u)) + 3 * 0.35 * (2 * u * (1 - u) - u * u) + 3 * u * u
                u -= (time - alpha) / max(1e-9, slope)
            }
            table[i] = 3 * u * (1 - u) * ((1 - u) * 0.5 + u) + u * u * u
        }
        func fraction(_ t: Double) -> (Double, Double) {
            let s = t / duration, i = Int(s * 100)
            guard i < 100 else { return (1, 0) }
            let slope = (table[i + 1] - table[i]) * 100
            return (table[i] + (s - Double(i) / 100) * slope, slope)
        }
        return (Fling(position: { x0 + distance * fraction($0).0 }, velocity: { distance * fraction($0).1 / duration }, duration: duration),
                distance)
    }

    /// FlingCurve p(T) = a e^(-g T) - b T - a entered where -a g e^(-g T) - b = v0.
    static func chromium(x0: Double, v0: Double) -> Fling {
        let a = -5707.62, b = 172.0, g = 3.7, sign: Double = v0 < 0 ? -1 : 1
        let entry = log(-a * g / (abs(v0) + b)) / g, end = log(-a * g / b) / g
        func p(_ time: Double) -> Double { a * exp(-g * time) - b * time - a }
        return Fling(position: { x0 + sign * (p(entry + $0) - p(entry)) }, velocity: { sign * (-a * g * exp(-g * (entry + $0)) - b) },
                     duration: end - entry)
    }

    static func fling(_ model: String, x0: Double, v0: Double) -> Fling {
        switch model {
        case "uikit": exponential(x0: x0, v0: v0, k: -1000 * log(0.998), stop: 0.5 * -1000 * log(0.998))
        case "android": android(x0: x0, v0: v0).fling
        case "chromium": chromium(x0: x0, v0: v0)
        case "gtk": exponential(x0: x0, v0: v0, k: 4, stop: 1)
        case "flutter": exponential(x0: x0, v0: v0, k: -log(0.135), stop: -log(0.135))
        case "firefox": exponential(x0: x0, v0: v0, k: -1000 * log(0.998), stop: 10)
        default: fatalError("no reference for \(model)")
        }
    }
}

@Suite struct PhysicsModelTests {
    static let names = ["uikit", "android", "chromium", "gtk", "flutter", "firefox"]

    @Test func theRegistryOffersTheSixModelsByName() {
        #expect(ScrollPhysicsModels.names == Self.names)
        for name in Self.names { #expect(ScrollPhysicsModels.named(name)?.name == name) }
        #expect(ScrollPhysicsModels.named("aqua") == nil)
    }

    /// A drag at `speed` released at 0.1 s from 2000 px: the fit of a steady drag is exact, so the fling starts at `speed`.
    @Test(arguments: names, [1000.0, 2000, 4000, 8000])
    func aFlingFollowsTheModelsClosedForm(model: String, speed: Double) {
        var a = axis(ScrollPhysicsModels.named(model)!)
        fling(&a, from: 2000, speed: speed)
        let x0 = a.offset(at: 0.1)
        #expect(abs(x0 - (2000 + speed * 0.1)) < 1e-9)
        let reference = ModelReference.fling(model, x0: x0, v0: speed)
        // Model tables and bisections differ from the reference's by well under a pixel.
        let tolerance = model == "android" ? max(0.2, 1e-4 * speed) : 1e-6 * speed
        for t in [0.0, 0.05, 0.2, 0.5, 1.0, 2.0] where t < reference.duration - 1e-6 {
            #expect(abs(a.offset(at: 0.1 + t) - reference.position(t)) <= tolerance, "\(model) \(speed) px/s at \(t) s")
            #expect(abs(a.velocity(at: 0.1 + t) - reference.velocity(t)) <= (model == "android" ? 0.01 * speed : 1e-6 * speed),
                    "\(model) \(speed) px/s velocity at \(t) s")
            #expect(a.phase(at: 0.1 + t) == .decelerating)
        }
        let rest = 0.1 + reference.duration
        #expect(a.phase(at: rest - 1e-3) == .decelerating, "\(model) still moves just before \(reference.duration) s")
        #expect(a.phase(at: rest + 1e-3) == .idle, "\(model) rests just after \(reference.duration) s")
    }

    @Test(arguments: [1000.0, 4000, 8000])
    func androidGoesTheSplinesDistanceInItsDuration(speed: Double) {
        var a = axis(AndroidPhysics())
        fling(&a, from: 2000, speed: speed)
        let (reference, distance) = ModelReference.android(x0: 2000 + speed * 0.1, v0: speed)
        #expect(abs(a.offset(at: 30) - (2000 + speed * 0.1 + distance)) < 1e-6)
        // Distance grows as v^(r / (r - 1)) = v^1.74: 4x the speed goes 11x as far.
        #expect(abs(log(distance / ModelReference.android(x0: 0, v0: speed / 2).distance) / log(2) - 1.736) < 0.01)
        #expect(a.phase(at: 0.1 + reference.duration - 1e-3) == .decelerating && a.phase(at: 0.1 + reference.duration + 1e-3) == .idle)
    }

    @Test(arguments: [1000.0, 4000, 8000])
    func gtkTravelsAQuarterOfItsSpeed(speed: Double) {
        var a = axis(GTKPhysics())
        fling(&a, from: 2000, speed: speed)
        // It stops under 1 px/s, a quarter pixel short of v0 / 4.
        #expect(abs(a.offset(at: 30) - (2000 + speed * 0.1 + speed / 4)) <= 0.25 + 1e-9)
    }

    @Test(arguments: names)
    func theLandingIsTheSameAt30And60And144Hz(model: String) {
        var landings: [Double] = []
        for rate in [30.0, 60, 144] {
            var a = axis(ScrollPhysicsModels.named(model)!)
            fling(&a, from: 2000, speed: 3000, rate: rate)
            var t = 0.1
            while a.phase(at: t) != .idle, t < 30 { t += 1 / rate }
            landings.append(a.offset(at: t))
        }
        #expect(landings.allSatisfy { abs($0 - landings[0]) < 1e-6 }, "\(model): \(landings)")
    }

    @Test(arguments: names, names)
    func switchingMidFlingKeepsOffsetAndVelocity(from: String, to: String) {
        guard from != to else { return }
        var a = axis(ScrollPhysicsModels.named(from)!)
        fling(&a, from: 2000, speed: 5000)
        let before = a.sample(at: 0.3)
        a.setModel(ScrollPhysicsModels.named(to)!, at: 0.3)
        let after = a.sample(at: 0.3)
        #expect(a.model.name == to)
        #expect(after.offset == before.offset, "\(from) to \(to)")
        // Android's speed is its table's slope over the first hundredth: within 3% of the start.
        #expect(abs(after.velocity - before.velocity) <= (to == "android" ? 0.03 : 1e-6) * abs(before.velocity), "\(from) to \(to)")
        #expect(after.phase == .decelerating)
        let reference = ModelReference.fling(to, x0: before.offset, v0: before.velocity)
        #expect(abs(a.offset(at: 0.5) - reference.position(0.2)) <= max(0.2, 1e-4 * 5000), "\(from) to \(to) follows \(to) on")
    }

    @Test func switchingWhileAtRestOrHeldChangesNothingButTheModel() {
        var a = axis(UIKitPhysics())
        a.scroll(to: 500, animated: false, at: 0)
        a.setModel(GTKPhysics(), at: 1)
        #expect(a.sample(at: 1) == ScrollSample(time: 1, offset: 500, velocity: 0, phase: .idle))
        a.wheel(notches: 1, at: 2)
        let afterOneNotch: Double = 500 + pow(800, 2.0 / 3.0)
        #expect(a.offset(at: 2) == afterOneNotch, "GTK's notch is applied at once")
    }

    /// A pull past the top by `d` shows as each model's resistance says.
    @Test(arguments: [40.0, 200, 600])
    func aPullPastAnEdgeShowsEachModelsResistance(distance d: Double) {
        let p = 800.0, f = min(1, d / p)
        let expected: [String: Double] = [
            "uikit": (1 - 1 / (d * 0.55 / p + 1)) * p,
            "android": p * (0.016 * f + 0.016 * (1 - exp(-f / 0.33))),
            "chromium": d / 20,
            "gtk": min(d, 100),
            "flutter": (1 - 1 / (d * 0.52 / p + 1)) * p,
            "firefox": p * (1 - exp(-d / (16 * p)))
        ]
        for name in Self.names {
            var a = axis(ScrollPhysicsModels.named(name)!)
            a.pointerDown(100, at: 0)
            a.pointerMoved(100 + d, at: 0.05)
            #expect(abs(a.offset(at: 0.05) + expected[name]!) < 1e-6, "\(name) pulled \(d) px")
        }
    }

    /// Released 60 px past the top at rest (Android's stretch shows 25 px at most: 20 px), each model returns as its closed form says.
    @Test func aReleasePastTheTopReturnsAsEachModelsClosedForm() {
        func damped(_ w: Double, _ z: Double, _ t: Double) -> Double { spring(w, z, t, x0: -60) }
        func spring(_ w: Double, _ z: Double, _ t: Double, x0: Double) -> Double {
            if z < 1 {
                let wd = w * (1 - z * z).squareRoot()
                return exp(-z * w * t) * (x0 * cos(wd * t) + z * w * x0 / wd * sin(wd * t))
            }
            let s = (z * z - 1).squareRoot(), r1 = -w * (z - s), r2 = -w * (z + s), c2 = -r1 * x0 / (r2 - r1)
            return (x0 - c2) * exp(r1 * t) + c2 * exp(r2 * t)
        }
        let x0 = -60.0
        let expected: [String: (Double) -> Double] = [
            "uikit": { exp(-10 * $0) * (x0 + 10 * x0 * $0) },
            "gtk": { exp(-10 * $0) * (x0 + 10 * x0 * $0) },
            "android": { spring(24.657, 0.98, $0, x0: -20) },
            "chromium": { x0 * exp(-20 * $0 / 1.6) },
            "flutter": { damped((100 / 0.5).squareRoot(), 1.1, $0) },
            "firefox": { damped(200.0.squareRoot(), 1.1, $0) },
        ]
        for name in Self.names {
            let model = ScrollPhysicsModels.named(name)!, shown = name == "android" ? 20.0 : 60
            var a = axis(model)
            a.pointerDown(100, at: 0)
            // The pull that shows as `shown` px under this model, held still, then released.
            let pull = model.pullDistance(showing: shown, viewport: 800, settings: .init())
            a.pointerMoved(100 + pull, at: 0.05)
            a.pointerUp(100 + pull, at: 0.2)
            #expect(abs(a.offset(at: 0.2) + shown) < 1e-6, "\(name)")
            for t in [0.02, 0.05, 0.1, 0.2] {
                #expect(abs(a.offset(at: 0.2 + t) - expected[name]!(t)) < 1e-6, "\(name) at \(t) s")
                #expect(a.phase(at: 0.2 + t) == .bouncing)
            }
            #expect(a.offset(at: 5) == 0 && a.phase(at: 5) == .idle, "\(name) rests at the edge")
        }
    }

    @Test func aFlingIntoAnEdgeComesBackToItUnderEveryModel() {
        for name in Self.names {
            var a = axis(ScrollPhysicsModels.named(name)!, content: 3000)
            fling(&a, from: 1000, speed: 6000)
            var t = 0.1, furthest = 2200.0
            while a.phase(at: t) != .idle, t < 10 { furthest = max(furthest, a.offset(at: t)); t += 1 / 120 }
            #expect(furthest > 2200, "\(name) goes past the end")
            #expect(furthest <= 2200 + ScrollPhysicsSettings().maxOvershoot + 1e-6, "\(name) within the bound")
            #expect(a.offset(at: t) == 2200, "\(name) rests at the end")
        }
    }

    @Test func firefoxsWheelIsACriticallyDampedSpringStiffestAtTheStart() {
        var a = axis(FirefoxPhysics())
        let notch = min(pow(800, 2.0 / 3.0), 400)
        a.wheel(notches: 1, at: 1)
        // k = 1250 for the first notch: w = sqrt(1250).
        let w = 1250.0.squareRoot()
        for t in [0.01, 0.03, 0.06] {
            let x = notch + exp(-w * t) * (-notch - w * notch * t)
            #expect(abs(a.offset(at: 1 + t) - x) < 1e-6, "at \(t) s")
        }
        #expect(FirefoxPhysics.wheelStiffness(WheelContext(intervals: [0.02, 0.02])) == 1000)
        #expect(FirefoxPhysics.wheelStiffness(WheelContext(intervals: [0.02, 0.05])) == 2000)
        #expect(FirefoxPhysics.wheelStiffness(WheelContext(intervals: [0.2])) == 1250)
    }

    @Test func androidsNotchIs64PixelsAtOnce() {
        var a = axis(AndroidPhysics())
        a.wheel(notches: 2, at: 1)
        #expect(a.offset(at: 1) == 128 && a.phase(at: 1) == .idle)
    }

    @Test func pagingProjectsWithTheModelsOwnFling() {
        // A slow release (390 px/s, under the 400 px/s page rule) at 1150 px on a 800 px pager:
        // UIKit's fast rate (0.99/ms) lands at 1150 + 390 / 10.05 = 1188.8 (page 1); Android's spline
        // goes 37.9 px (page 1); GTK's v / 4 lands at 1247.5, past 1200 (page 2).
        for (name, page) in [("uikit", 1), ("android", 1), ("gtk", 2)] {
            var a = ScrollAxis(release: .paging, model: ScrollPhysicsModels.named(name)!)
            a.setExtent(viewport: 800, content: 4000, at: 0)
            a.scroll(to: 1150, animated: false, at: 0)
            a.pointerDown(400, at: 0)
            a.pointerMoved(400 - 3.9, at: 0.01)
            a.pointerUp(400 - 3.9, at: 0.01)
            #expect(abs(a.offset(at: 5) - Double(page) * 800) < 1e-9, "\(name)")
        }
    }

    /// Moves at 100, 200, 400 and 800 px/s pair by pair: Flutter's iOS tracker weighs the last three
    /// pairs 0.6, 0.35 and 0.05 (newest last); the least-squares one fits them all.
    @Test func flutterWeighsTheLastThreeMovePairs() {
        var a = axis(FlutterPhysics()), b = axis(UIKitPhysics())
        let moves: [(t: Double, x: Double)] = [(0.01, 1), (0.02, 3), (0.03, 7), (0.04, 15)]
        for i in [0, 1] {
            var axis = i == 0 ? a : b
            axis.pointerDown(700, at: 0)
            for m in moves { axis.pointerMoved(700 - m.x, at: m.t) }
            if i == 0 { a = axis } else { b = axis }
        }
        let expected = 0.6 * 200 + 0.35 * 400 + 0.05 * 800
        #expect(abs(a.velocity(at: 0.04) - expected) < 1e-9, "\(a.velocity(at: 0.04))")
        #expect(abs(b.velocity(at: 0.04) - expected) > 50, "the least-squares fit differs: \(b.velocity(at: 0.04))")
        a.pointerUp(700 - 15, at: 0.04)
        #expect(abs(a.velocity(at: 0.04) - expected) < 1e-9, "flings at the weighted mean")
        var late = axis(FlutterPhysics())
        late.pointerDown(700, at: 0)
        for m in moves { late.pointerMoved(700 - m.x, at: m.t) }
        late.pointerUp(700 - 15, at: 0.09)
        #expect(late.phase(at: 0.1) == .idle, "50 ms after the last move: no fling")
    }
}
