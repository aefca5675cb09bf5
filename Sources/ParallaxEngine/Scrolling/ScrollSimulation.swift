/// One closed-form piece of scroll motion, as Flutter's `Simulation`: where it is, how fast it
/// moves and whether it is done, at `t` seconds after it starts. A piece that is done is at rest
/// where it ended (velocity 0). The axis keeps its motion as a list of these, each started at an
/// absolute time, so any time evaluates exactly whatever the frame rate.
public protocol ScrollSimulation: Sendable {
    func position(at t: Double) -> Double
    /// px/s, d(position)/dt; a `ScrollHold` reports its pointer's measured velocity instead.
    func velocity(at t: Double) -> Double
    func isDone(at t: Double) -> Bool
    /// The phase at `t` of a piece started in phase `moving`: `idle` once done. A composed piece
    /// (`FreeMotion`: a fling, then its edge's return) tells its own parts apart.
    func phase(at t: Double, moving: ScrollPhase) -> ScrollPhase
}

extension ScrollSimulation {
    public func phase(at t: Double, moving: ScrollPhase) -> ScrollPhase { isDone(at: t) ? .idle : moving }
}

/// Still at `position`, done from the start.
public struct ScrollRest: ScrollSimulation, Equatable {
    public let position: Double
    public init(at position: Double) { self.position = position }
    public func position(at t: Double) -> Double { position }
    public func velocity(at t: Double) -> Double { 0 }
    public func isDone(at t: Double) -> Bool { true }
}

/// Held at `position` by a pointer or a precise-delta stream, moving at `velocity` as last
/// measured (what a release would fling with); never done: the next input replaces it.
public struct ScrollHold: ScrollSimulation, Equatable {
    public let position: Double
    public let velocity: Double
    public init(at position: Double, velocity: Double) { self.position = position; self.velocity = velocity }
    public func position(at t: Double) -> Double { position }
    public func velocity(at t: Double) -> Double { velocity }
    public func isDone(at t: Double) -> Bool { false }
}
