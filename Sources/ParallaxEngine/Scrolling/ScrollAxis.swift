import Foundation

/// Phase of a scroll axis, as the trace reports it.
public enum ScrollPhase: String, Sendable, CaseIterable { case idle, dragging, decelerating, bouncing, wheel, paging }

public struct ScrollPhysicsSettings: Sendable, Equatable, Codable {
    /// Per millisecond, for flings (UIKit normal).
    public var decelerationRate: Double = 0.998
    /// Per millisecond, for projecting where a paging drag would land (UIKit fast).
    public var pagingDecelerationRate: Double = 0.99
    public var rubberBandConstant: Double = 0.55
    /// The bounce spring's angular frequency (critically damped), rad/s.
    public var springStiffness: Double = 10
    /// A fling, or a spring handed a fling's speed, goes no further than this past an edge, px.
    /// A held pull (pointer or trackpad) is not bounded: it follows the rubber band all the way.
    public var maxOvershoot: Double = 120
    /// A motion this close to its end is at its end, px.
    public var restThreshold: Double = 0.5
    /// Where the platform tells no finger lift (X11): this long without a precise delta ends the
    /// gesture, s (docs/input-and-trackpads.md, "Trackpads").
    public var preciseSettleDelay: Double = 0.120
    /// A precise-delta stream that ends while moving flings with its tracked velocity.
    public var trackpadMomentum: Bool = true
    /// Flings go no faster than this, px/s (Android's maximum fling velocity): pointer jitter must
    /// not throw the content thousands of pages.
    public var maxFlingVelocity: Double = 8000
    /// Pixels per wheel notch instead of `min(P^(2/3), P/2)`.
    public var wheelStepOverride: Double? = nil
    public init() {}
}

/// The axis at one moment: what a scene reads once a frame (docs/physics-and-effects.md, "Scrolling").
public struct ScrollSample: Sendable, Equatable {
    public var time: Double
    public var offset: Double
    /// px/s, d(offset)/dt.
    public var velocity: Double
    public var phase: ScrollPhase

    public init(time: Double, offset: Double, velocity: Double, phase: ScrollPhase) {
        self.time = time; self.offset = offset; self.velocity = velocity; self.phase = phase
    }
}

/// One scroll axis: drag with velocity tracking and an edge's resistance, fling, edge return,
/// notched wheel, precise deltas, keys, and what a release does (`ReleasePolicy`: fling or paging,
/// momentum). How each of these moves is its physics model's (`ScrollPhysicsModel`); the axis
/// composes them. Every input is stamped with its absolute time, and the axis keeps its motion as
/// closed-form pieces (`ScrollSimulation`; a fling and the edge return it hands over to are one
/// `FreeMotion`), so `offset(at:)` is exact at any time and the frame rate changes nothing.
public struct ScrollAxis: Sendable {
    public var settings: ScrollPhysicsSettings
    public let release: ReleasePolicy
    /// Change it with `setModel(_:at:)`, which takes over the motion under way.
    public private(set) var model: any ScrollPhysicsModel
    public private(set) var viewportLength = 0.0
    public private(set) var contentLength = 0.0

    struct Segment: Sendable {
        var start: Double
        var piece: any ScrollSimulation
        /// The phase while the piece moves; `idle` once it is done.
        var phase: ScrollPhase
        /// A precise-delta stream holds the content until this time, whatever the piece does:
        /// the phase reads `dragging`, and the next delta continues the stream.
        var heldUntil = -Double.infinity
    }

    struct Drag: Sendable {
        var pointerStart: Double
        var rawStart: Double
        /// The unresisted offset the pointer has reached.
        var raw: Double
        var offsetStart: Double
        var startPage: Int
    }

    private var segments = [Segment(start: 0, piece: ScrollRest(at: 0), phase: .idle)]
    private var lastEventTime = 0.0
    private var tracker: any VelocityEstimating
    /// The wheel events of the running wheel animation, for `WheelContext`.
    private var wheelTimes: [Double] = []
    private var drag: Drag?
    /// A precise-delta (trackpad) stream, while it lasts.
    struct PreciseStream: Sendable {
        /// The unresisted offset the fingers have reached.
        var raw: Double
        var offsetStart: Double
        var startPage: Int
    }
    private var stream: PreciseStream?
    /// Where the running wheel, key or paging animation is going (retargets add to it).
    private var animationTarget: Double?

    public init(settings: ScrollPhysicsSettings = .init(), release: ReleasePolicy = .fling,
                model: any ScrollPhysicsModel = ScrollPhysicsModels.standard) {
        self.settings = settings
        self.release = release
        self.model = model
        tracker = model.makeVelocityTracker()
    }

    /// Switches the physics at `t`: a fling or an edge return under way goes on from the same
    /// offset and velocity under the new model; a held drag, an animation or rest go on as they
    /// are, and the next input uses the new model.
    public mutating func setModel(_ new: any ScrollPhysicsModel, at t: Double) {
        guard new.name != model.name else { return }
        model = new
        guard let t = accept(t) else { return }
        let now = state(at: t)
        if now.phase == .decelerating || now.phase == .bouncing {
            segments = freeMotion(from: now.x, velocity: now.v, at: t)
        }
    }

    public var maxOffset: Double { max(0, contentLength - viewportLength) }
    public var pageLength: Double { viewportLength }
    public var pageCount: Int { viewportLength > 0 ? max(1, Int((contentLength / viewportLength).rounded())) : 1 }

    public func notchLength() -> Double {
        model.notchLength(viewport: viewportLength, settings: settings)
    }

    // MARK: Evaluation

    private func segment(at t: Double) -> Segment {
        segments.last { $0.start <= t } ?? segments[0]
    }

    private func state(at t: Double) -> (x: Double, v: Double, phase: ScrollPhase) {
        let segment = segment(at: t)
        let motion = state(of: segment, at: t)
        return t < segment.heldUntil ? (motion.x, motion.v, .dragging) : motion
    }

    private func state(of segment: Segment, at t: Double) -> (x: Double, v: Double, phase: ScrollPhase) {
        let local = t.isFinite ? max(0, t - segment.start) : 0
        let piece = segment.piece
        return (piece.position(at: local), piece.velocity(at: local), piece.phase(at: local, moving: segment.phase))
    }

    public func offset(at t: Double) -> Double { state(at: t).x }
    /// px/s, d(offset)/dt.
    public func velocity(at t: Double) -> Double { state(at: t).v }
    public func phase(at t: Double) -> ScrollPhase { state(at: t).phase }

    /// When the content came to rest, as seen at `t`: `t` itself while it moves or is held, else
    /// the time its last motion ended (to 1 µs; a rest set at once, as a resize or a jump does,
    /// ends where it starts). Closed form, so a fade that counts from it is frame-rate independent.
    public func restingSince(at t: Double) -> Double {
        guard t.isFinite else { return 0 }
        let segment = segment(at: t)
        if state(at: t).phase != .idle { return t }
        var moving = max(0, segment.heldUntil - segment.start), resting = max(moving, t - segment.start)
        if segment.piece.isDone(at: moving) { return segment.start + moving }
        // The piece is done at `t` and not at `moving`: bisect the boundary.
        while resting - moving > 1e-6 {
            let middle = (moving + resting) / 2
            if segment.piece.isDone(at: middle) { resting = middle } else { moving = middle }
        }
        return segment.start + resting
    }

    /// Where the motion under way comes to rest, in closed form (a fling's landing, a spring's
    /// anchor); nil while held by a pointer or a precise-delta stream.
    public var restingOffset: Double? {
        let last = segments[segments.count - 1]
        guard last.piece.isDone(at: .infinity) else { return nil }
        return last.piece.position(at: .infinity)
    }

    /// Seconds after `time` until `reached(offset)` first holds as the motion under way goes on,
    /// bisected on the closed form to a millisecond: 0 if it holds now, `.infinity` if not within
    /// 30 s. `reached` must stay true once true (an edge the content passes on its way): the
    /// prefetch's due times (`FeedPrefetch.due`, `PagerScene`).
    public func secondsUntil(from time: Double, _ reached: (_ offset: Double) -> Bool) -> Double {
        let horizon = 30.0
        func holds(_ t: Double) -> Bool { reached(offset(at: time + t)) }
        if holds(0) { return 0 }
        guard holds(horizon) else { return .infinity }
        var (lo, hi) = (0.0, horizon)
        while hi - lo > 1e-3 {
            let mid = (lo + hi) / 2
            if holds(mid) { hi = mid } else { lo = mid }
        }
        return hi
    }

    public func sample(at t: Double) -> ScrollSample {
        let now = state(at: t)
        return ScrollSample(time: t, offset: now.x, velocity: now.v, phase: now.phase)
    }

    // MARK: Extent

    /// Sets the extent, keeping the current position (clamped into the new range) and motion.
    public mutating func setExtent(viewport: Double, content: Double, at t: Double) {
        guard viewport.isFinite, content.isFinite, let t = accept(t) else { return }
        let now = state(at: t)
        viewportLength = max(0, viewport)
        contentLength = max(0, content)
        if let drag {
            // The pointer holds the same content; only its resistance past the new edges changes.
            segments = [Segment(start: t, piece: ScrollHold(at: visible(raw: drag.raw), velocity: now.v), phase: .dragging)]
            return
        }
        let x = clamp(now.x)
        switch now.phase {
        case .idle, .dragging:
            stream = nil
            segments = [Segment(start: t, piece: ScrollRest(at: x), phase: .idle)]
        case .wheel, .paging:
            animate(from: x, velocity: now.v, to: clamp(animationTarget ?? x), phase: now.phase, at: t)
        case .decelerating, .bouncing:
            segments = freeMotion(from: x, velocity: now.v, at: t)
        }
    }

    // MARK: Pointer

    public mutating func pointerDown(_ position: Double, at t: Double) {
        guard position.isFinite, let t = accept(t) else { return }
        // The content stops where it is, caught mid-motion.
        let x = offset(at: t)
        let rawOffset = raw(showing: x)
        drag = Drag(pointerStart: position, rawStart: rawOffset, raw: rawOffset, offsetStart: x, startPage: page(at: x))
        stream = nil
        animationTarget = nil
        tracker = model.makeVelocityTracker()
        tracker.add(x, at: t)
        segments = [Segment(start: t, piece: ScrollHold(at: x, velocity: 0), phase: .dragging)]
    }

    public mutating func pointerMoved(_ position: Double, at t: Double) {
        guard position.isFinite, drag != nil, let t = accept(t) else { return }
        drag!.raw = drag!.rawStart + (drag!.pointerStart - position)
        let x = visible(raw: drag!.raw)
        tracker.add(x, at: t)
        segments = [Segment(start: t, piece: ScrollHold(at: x, velocity: tracker.velocity), phase: .dragging)]
    }

    /// The release policy decides, from the moves' velocity; the release itself is no sample (`VelocityTracker`).
    public mutating func pointerUp(_ position: Double, at t: Double) {
        guard let drag, let t = accept(t) else { return }
        // A release away from the last move is a move first (a script may do that; SDL does not).
        if drag.rawStart + (drag.pointerStart - position) != drag.raw { pointerMoved(position, at: t) }
        self.drag = nil
        let x = offset(at: t)
        release(from: x, velocity: tracker.releaseVelocity(at: t), offsetStart: drag.offsetStart, startPage: drag.startPage, at: t)
    }

    /// A release at `x` with `v` of a gesture that started at `offsetStart` on page `startPage`,
    /// with where the model would fling it to.
    private func released(at x: Double, velocity v: Double, offsetStart: Double, startPage: Int) -> ReleasePolicy.Release {
        ReleasePolicy.Release(offset: x, velocity: v, dragDistance: x - offsetStart, startPage: startPage, pageLength: pageLength,
                              pageCount: pageCount, projectedLanding: model.projectedLanding(from: x, velocity: v, settings: settings))
    }

    /// What a pointer's release or the fingers' lift does, as the release policy says.
    private mutating func release(from x: Double, velocity v: Double, offsetStart: Double, startPage: Int, at t: Double) {
        apply(release.release(released(at: x, velocity: v, offsetStart: offsetStart, startPage: startPage)), from: x, velocity: v, at: t)
    }

    /// Starts what the release policy decided, from `x` moving at `v`.
    private mutating func apply(_ motion: ReleasePolicy.Motion, from x: Double, velocity v: Double, at t: Double) {
        switch motion {
        case let .fling(velocity): segments = freeMotion(from: x, velocity: velocity, at: t)
        case let .settle(target): animate(from: x, velocity: v, to: target, phase: .paging, at: t)
        }
    }

    // MARK: Wheel and keys

    /// A notched wheel: `notches` > 0 towards larger offsets. Animated; a notch during the animation
    /// retargets it, keeping the velocity; clamped to the range.
    public mutating func wheel(notches: Double, at t: Double) {
        guard notches.isFinite, drag == nil, let t = accept(t) else { return }
        if phase(at: t) != .wheel { wheelTimes = [] }
        scroll(by: limitedDelta(notches * notchLength()), animated: true, at: t)
        wheelTimes = wheelTimes.suffix(3) + [t]
    }

    /// Precise (trackpad) deltas in logical px, > 0 towards larger offsets: applied at once, 1:1,
    /// rubber-banded past an edge (docs/input-and-trackpads.md, "Trackpads").
    ///
    /// With `liftFollows` the platform reports the lift (`fingersLifted`): the content is held
    /// exactly where the fingers put it until then. Without (X11), the stream ends
    /// `preciseSettleDelay` after its last delta, and with momentum (`ReleasePolicy.momentum`) the
    /// content moves on from each delta as the fling the stream would end in (the stream's tracked
    /// velocity, 0 for fingers that rested): the next delta lands where that motion has nearly
    /// brought it, and a stream that ends carries on without a pause. Past an edge it holds, then
    /// springs back when the stream ends.
    public mutating func precise(pixels: Double, liftFollows: Bool = false, at t: Double) {
        guard pixels.isFinite, drag == nil, let t = accept(t) else { return }
        let delta = limitedDelta(pixels)
        if stream == nil || phase(at: t) != .dragging {
            // A new stream, from where the content is shown: no jump out of a fling or animation.
            let shown = offset(at: t)
            stream = PreciseStream(raw: raw(showing: shown), offsetStart: shown, startPage: page(at: shown))
            tracker = model.makeVelocityTracker()
        }
        stream!.raw += delta
        let x = visible(raw: stream!.raw)
        tracker.add(x, at: t)
        animationTarget = nil
        if liftFollows {
            segments = [Segment(start: t, piece: ScrollHold(at: x, velocity: tracker.velocity), phase: .dragging)]
            return
        }
        let end = t + settings.preciseSettleDelay
        let momentum = release.momentum(tracker.velocity, settings)
        let ending = release.release(released(at: x, velocity: momentum, offsetStart: stream!.offsetStart, startPage: stream!.startPage))
        if case .settle = ending {
            // A policy that settles (paging) holds the content until the stream ends, then settles
            // as a release there would.
            apply(ending, from: x, velocity: momentum, at: end)
            segments.insert(Segment(start: t, piece: ScrollHold(at: x, velocity: tracker.velocity), phase: .dragging, heldUntil: end), at: 0)
            return
        }
        var moving: [Segment]
        if x < 0 || x > maxOffset || momentum == 0 {
            moving = [Segment(start: t, piece: ScrollHold(at: x, velocity: 0), phase: .dragging)] + freeMotion(from: x, velocity: 0, at: end)
        } else {
            moving = freeMotion(from: x, velocity: momentum, at: t)
        }
        for i in moving.indices { moving[i].heldUntil = end }
        segments = moving
    }

    /// The fingers of a `liftFollows` stream lifted: the stream ends as a pointer's release does,
    /// with the fingers' velocity (none if they rested first) as the momentum.
    public mutating func fingersLifted(at t: Double) {
        guard let stream, drag == nil, let t = accept(t), phase(at: t) == .dragging else { return }
        self.stream = nil
        let x = offset(at: t)
        release(from: x, velocity: release.momentum(tracker.releaseVelocity(at: t), settings),
                offsetStart: stream.offsetStart, startPage: stream.startPage, at: t)
    }

    /// Keys: by `delta` px, animated with the wheel's curve (retargeting a running animation) or at once.
    public mutating func scroll(by delta: Double, animated: Bool, at t: Double) {
        guard delta.isFinite, let t = accept(t) else { return }
        let now = state(at: t)
        let base = animationTarget.flatMap { now.phase == .wheel || now.phase == .paging ? $0 : nil } ?? now.x
        scroll(to: base + delta, animated: animated, at: t)
    }

    public mutating func scroll(to target: Double, animated: Bool, at t: Double) {
        guard target.isFinite, let t = accept(t) else { return }
        drag = nil
        stream = nil
        let now = state(at: t), goal = clamp(target)
        if animated {
            animate(from: now.x, velocity: now.v, to: goal, phase: release.animation.phase, at: t)
        } else {
            animationTarget = nil
            segments = [Segment(start: t, piece: ScrollRest(at: goal), phase: .idle)]
        }
    }

    /// Springs from where the content is, keeping its velocity, to `anchor` and rests there, even
    /// past an edge (pull-to-refresh holds the content open this way); any later input moves it on.
    public mutating func spring(to anchor: Double, at t: Double) {
        guard anchor.isFinite, drag == nil, let t = accept(t) else { return }
        let now = state(at: t)
        stream = nil
        animationTarget = nil
        segments = [Segment(start: t, piece: boundedSpring(anchor: anchor, displacement: now.x - anchor, velocity: now.v), phase: .bouncing)]
    }

    /// Pages from the page being shown (or being gone to), animated.
    public mutating func page(by pages: Int, at t: Double) {
        guard let t = accept(t), pageLength > 0 else { return }
        let now = state(at: t)
        let current = now.phase == .paging ? page(at: animationTarget ?? now.x) : page(at: now.x)
        let target = min(pageCount - 1, max(0, current + pages))
        drag = nil
        stream = nil
        animate(from: now.x, velocity: now.v, to: Double(target) * pageLength, phase: .paging, at: t)
    }

    // MARK: Building motions

    /// Time never runs backwards; a non-finite time is refused.
    private mutating func accept(_ t: Double) -> Double? {
        guard t.isFinite else { return nil }
        lastEventTime = max(lastEventTime, t)
        return lastEventTime
    }

    private func clamp(_ x: Double) -> Double { min(maxOffset, max(0, x)) }

    /// A wheel or precise delta moves at most one viewport per event.
    private func limitedDelta(_ delta: Double) -> Double { min(viewportLength, max(-viewportLength, delta)) }

    private func page(at x: Double) -> Int {
        guard pageLength > 0 else { return 0 }
        return min(pageCount - 1, max(0, Int((x / pageLength).rounded())))
    }

    /// The shown offset for an unresisted one: resisted past the edges (`ScrollPhysicsModel.pulled`), as far as the pull goes.
    private func visible(raw: Double) -> Double {
        let resist = { (d: Double) in self.model.pulled(d, viewport: self.viewportLength, settings: self.settings) }
        if raw < 0 { return -resist(-raw) }
        if raw > maxOffset { return maxOffset + resist(raw - maxOffset) }
        return raw
    }

    private func raw(showing x: Double) -> Double {
        let distance = { (d: Double) in self.model.pullDistance(showing: d, viewport: self.viewportLength, settings: self.settings) }
        if x < 0 { return -distance(-x) }
        if x > maxOffset { return maxOffset + distance(x - maxOffset) }
        return x
    }

    private mutating func animate(from x: Double, velocity v: Double, to target: Double, phase: ScrollPhase, at t: Double) {
        animationTarget = target
        if target == x && v == 0 {
            segments = [Segment(start: t, piece: ScrollRest(at: x), phase: .idle)]
            return
        }
        let animation: (any ScrollSimulation)? = phase == .paging
            ? Paging.settle(from: x, to: target, velocity: v * (target - x) >= 0 ? v : 0)
            : model.wheelAnimation(from: x, to: target, velocity: v, context: WheelContext(intervals: wheelIntervals(at: t)))
        // A model whose wheel is applied at once (GTK's) jumps.
        segments = [Segment(start: t, piece: animation ?? ScrollRest(at: target), phase: animation == nil ? .idle : phase)]
    }

    /// The gaps between the running wheel animation's events and the event at `t`, oldest first.
    private func wheelIntervals(at t: Double) -> [Double] {
        let times = wheelTimes + [t]
        return zip(times.dropFirst(), times).map { $0 - $1 }
    }

    /// The model's free motion (`FreeMotion`) from `x` at `v`, or rest where it is (in range).
    private func freeMotion(from x: Double, velocity v: Double, at t: Double) -> [Segment] {
        guard let motion = FreeMotion.make(model: model, from: x, velocity: v, maxOffset: maxOffset, settings: settings) else {
            return [Segment(start: t, piece: ScrollRest(at: x), phase: .idle)]
        }
        // A fling too slow to move rests where it would land.
        if motion.isDone(at: 0) { return [Segment(start: t, piece: ScrollRest(at: clamp(motion.position(at: 0))), phase: .idle)] }
        return [Segment(start: t, piece: motion, phase: motion.phase(at: 0, moving: .decelerating))]
    }

    /// Springs to `anchor` from `displacement` (`spring(to:at:)`): the model's edge return.
    private func boundedSpring(anchor: Double, displacement x0: Double, velocity v0: Double) -> any ScrollSimulation {
        FreeMotion.edgeReturn(model, anchor: anchor, displacement: x0, velocity: v0, settings)
    }
}
