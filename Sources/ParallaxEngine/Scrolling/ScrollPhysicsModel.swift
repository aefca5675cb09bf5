import Foundation

/// One platform's scroll physics (docs/physics-models.md): how a fling moves, how an edge resists a
/// pull and returns the content, what a wheel notch does, how a pointer's velocity is measured and
/// where a paging drag is projected to land. `ScrollAxis` composes whatever model it is given;
/// adding one is a new file with a type conforming to this and a line in `ScrollPhysicsModels.all`.
/// Every piece is closed-form in time since it started, so the frame rate changes nothing.
public protocol ScrollPhysicsModel: Sendable {
    /// The name on the command line, in the config file, in scripts and traces.
    var name: String { get }

    /// A fling from `x` at `v` px/s, ignoring the edges, done once at rest.
    func fling(from x: Double, velocity v: Double, settings: ScrollPhysicsSettings) -> any FlingSimulation

    /// How far past an edge a pull of `distance` px (> 0, unresisted) shows, for a viewport `viewport` long.
    func pulled(_ distance: Double, viewport: Double, settings: ScrollPhysicsSettings) -> Double
    /// The pull that shows as `shown` px past an edge (the inverse of `pulled`), so a drag can
    /// catch the content mid-return. Default: bisection on `pulled`, which must rise with the pull.
    func pullDistance(showing shown: Double, viewport: Double, settings: ScrollPhysicsSettings) -> Double

    /// The content's return to `anchor` (an edge) from `displacement` past it at `velocity` px/s
    /// (a release past the edge, or a fling that reached it), going no further out than `bound` px
    /// past the anchor, nor further than it already is.
    func edgeReturn(anchor: Double, displacement: Double, velocity: Double, bound: Double,
                    settings: ScrollPhysicsSettings) -> any ScrollSimulation

    /// One wheel notch, px, for a viewport `viewport` long.
    func notchLength(viewport: Double, settings: ScrollPhysicsSettings) -> Double
    /// A notch's (or a key's) move from `from` to `to`, starting at `velocity`; nil: applied at once.
    func wheelAnimation(from: Double, to: Double, velocity: Double, context: WheelContext) -> (any ScrollSimulation)?

    /// A new pointer velocity tracker.
    func makeVelocityTracker() -> any VelocityEstimating

    /// Where a release at `x` with `v` would come to rest, for choosing a page (`Paging.target`).
    func projectedLanding(from x: Double, velocity v: Double, settings: ScrollPhysicsSettings) -> Double
}

extension ScrollPhysicsModel {
    public func pullDistance(showing shown: Double, viewport: Double, settings: ScrollPhysicsSettings) -> Double {
        guard shown > 0, viewport > 0 else { return 0 }
        var low = 0.0, high = viewport
        while pulled(high, viewport: viewport, settings: settings) < shown {
            high *= 2
            // A resistance that saturates below `shown` (a GTK-style hard stop) is pulled to its limit.
            if high > 1e9 { return high }
        }
        for _ in 0..<60 {
            let middle = (low + high) / 2
            if pulled(middle, viewport: viewport, settings: settings) < shown { low = middle } else { high = middle }
        }
        return high
    }

    /// The shared notch: `wheelStepOverride`, else GTK's `min(P^(2/3), P/2)` (`WheelAnimation.notchLength`).
    public func notchLength(viewport: Double, settings: ScrollPhysicsSettings) -> Double {
        settings.wheelStepOverride ?? WheelAnimation.notchLength(viewport: viewport)
    }

    /// Chromium's least-squares tracker (`VelocityTracker`).
    public func makeVelocityTracker() -> any VelocityEstimating { VelocityTracker() }

    /// Where the model's own fling would land.
    public func projectedLanding(from x: Double, velocity v: Double, settings: ScrollPhysicsSettings) -> Double {
        fling(from: x, velocity: v, settings: settings).landing
    }
}

/// What a wheel animation may know of the notches before it (Firefox sizes its springs by it).
public struct WheelContext: Sendable, Equatable {
    /// Seconds between the wheel events so far, oldest first, the gap before this one last; empty
    /// for the first notch of a run.
    public var intervals: [Double]
    public init(intervals: [Double] = []) { self.intervals = intervals }
}

/// A fling: a piece that comes to rest at `landing` after `duration` seconds.
public protocol FlingSimulation: ScrollSimulation {
    var landing: Double { get }
    /// When it comes to rest, s.
    var duration: Double { get }
    /// When it passes `edge` before coming to rest, if it does.
    func crossingTime(of edge: Double) -> Double?
}

extension FlingSimulation {
    /// Bisection on the position, which a fling moves monotonically.
    public func crossingTime(of edge: Double) -> Double? {
        let start = position(at: 0)
        guard (landing - edge) * (edge - start) > 0 || (edge == start && landing != start) else { return nil }
        var low = 0.0, high = duration
        let forwards = landing > start
        for _ in 0..<60 {
            let middle = (low + high) / 2
            if (position(at: middle) < edge) == forwards { low = middle } else { high = middle }
        }
        return high
    }
}

/// Measures a pointer's velocity from its moves (`VelocityTracker` is Chromium's).
public protocol VelocityEstimating: Sendable {
    mutating func reset()
    mutating func add(_ x: Double, at t: Double)
    /// px/s at the newest sample.
    var velocity: Double { get }
    /// The velocity to fling with on a release at `t` (0 after a rest).
    func releaseVelocity(at t: Double) -> Double
}

extension VelocityTracker: VelocityEstimating {}

/// The models the playground offers, by name (docs/physics-models.md).
public enum ScrollPhysicsModels {
    public static let all: [any ScrollPhysicsModel] = [
        UIKitPhysics(), AndroidPhysics(), ChromiumPhysics(), GTKPhysics(), FlutterPhysics(), FirefoxPhysics(),
    ]

    public static var names: [String] { all.map(\.name) }

    public static func named(_ name: String) -> (any ScrollPhysicsModel)? { all.first { $0.name == name } }

    /// `name` if it names a model, else the error a config file or a script gives for field `path` of `file`.
    public static func checked(_ name: String, file: String, path: String) throws(InputFileError) -> String {
        guard named(name) != nil else {
            throw InputFileError(file: file, path: path, problem: "unknown physics '\(name)' (models: \(names.joined(separator: ", ")))")
        }
        return name
    }

    /// Today's default: UIKit's fling and edge with Chromium's wheel.
    public static let standard: any ScrollPhysicsModel = UIKitPhysics()
}

/// Limits an edge return's outward velocity so it goes no further than `bound` past its anchor
/// (a hard fling into an edge bounces as far as the bound allows): the largest fraction of
/// `velocity` whose `peak` stays within the bound, by bisection.
enum EdgeBound {
    static func limited(velocity v0: Double, bound: Double, peak: (Double) -> Double) -> Double {
        guard peak(v0) > bound else { return v0 }
        var low = 0.0, high = 1.0
        for _ in 0..<50 {
            let middle = (low + high) / 2
            if peak(v0 * middle) > bound { high = middle } else { low = middle }
        }
        return v0 * low
    }

    /// The return `make` builds for the largest fraction of `velocity` whose sampled peak stays within `bound`.
    static func bounded<S: ScrollSimulation>(velocity: Double, bound: Double, anchor: Double, make: (Double) -> S) -> S {
        make(limited(velocity: velocity, bound: bound) { sampledPeak(make($0), anchor: anchor) })
    }

    /// The largest distance from the anchor `simulation` reaches, sampled every millisecond for 2 s
    /// (every model's return has turned back well within that).
    static func sampledPeak(_ simulation: any ScrollSimulation, anchor: Double) -> Double {
        var peak = 0.0
        for i in 0...2000 { peak = max(peak, abs(simulation.position(at: Double(i) / 1000) - anchor)) }
        return peak
    }
}
