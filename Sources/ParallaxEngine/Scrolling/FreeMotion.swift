/// The motion of content let go: a model's fling, handed to the model's edge return where it
/// crosses an edge (a release already past an edge is the return alone). One closed-form piece:
/// before `handover` the fling (`decelerating`), from it the return (`bouncing`).
public struct FreeMotion: ScrollSimulation {
    public let fling: (any FlingSimulation)?
    /// When the edge return takes over, s (infinity: never).
    public let handover: Double
    public let edgeReturn: (any ScrollSimulation)?

    public func position(at t: Double) -> Double {
        guard let edgeReturn, t >= handover else { return fling?.position(at: t) ?? 0 }
        return edgeReturn.position(at: t - handover)
    }

    public func velocity(at t: Double) -> Double {
        guard let edgeReturn, t >= handover else { return fling?.velocity(at: t) ?? 0 }
        return edgeReturn.velocity(at: t - handover)
    }

    public func isDone(at t: Double) -> Bool {
        guard let edgeReturn, t >= handover else { return fling?.isDone(at: t) ?? true }
        return edgeReturn.isDone(at: t - handover)
    }

    public func phase(at t: Double, moving: ScrollPhase) -> ScrollPhase {
        isDone(at: t) ? .idle : (edgeReturn != nil && t >= handover ? .bouncing : .decelerating)
    }

    /// The free motion from `x` at `v` within `0...maxOffset` under `model`: the edge's return if
    /// past an edge; else the fling (no faster than `maxFlingVelocity`), handing its velocity to the
    /// return where it crosses an edge; nil when it would not move.
    public static func make(model: any ScrollPhysicsModel, from x: Double, velocity v: Double, maxOffset: Double,
                            settings: ScrollPhysicsSettings) -> FreeMotion? {
        if x < 0 || x > maxOffset {
            let edge = x < 0 ? 0 : maxOffset
            return FreeMotion(fling: nil, handover: 0, edgeReturn: edgeReturn(model, anchor: edge, displacement: x - edge, velocity: v, settings))
        }
        guard v != 0 else { return nil }
        let speed = min(settings.maxFlingVelocity, max(-settings.maxFlingVelocity, v))
        let fling = model.fling(from: x, velocity: speed, settings: settings)
        let edge = v > 0 ? maxOffset : 0
        if let crossing = fling.crossingTime(of: edge), fling.landing != edge {
            // The fling runs until the return takes over; it never settles on its own.
            return FreeMotion(fling: fling, handover: crossing,
                              edgeReturn: edgeReturn(model, anchor: edge, displacement: 0, velocity: fling.velocity(at: crossing), settings))
        }
        guard fling.duration > 0 else { return nil }
        return FreeMotion(fling: fling, handover: .infinity, edgeReturn: nil)
    }

    /// Bounded by `maxOvershoot`, or by how far a held pull already took it.
    static func edgeReturn(_ model: any ScrollPhysicsModel, anchor: Double, displacement: Double, velocity: Double,
                           _ settings: ScrollPhysicsSettings) -> any ScrollSimulation {
        model.edgeReturn(anchor: anchor, displacement: displacement, velocity: velocity,
                         bound: max(settings.maxOvershoot, abs(displacement)), settings: settings)
    }
}
