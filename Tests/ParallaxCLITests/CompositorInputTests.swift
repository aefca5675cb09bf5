import Foundation
import ParallaxEngine
import Testing

/// A trackpad's fingers, a wheel and a mouse through a real compositor (headless sway), into the
/// window on SDL's X11 driver (through Xwayland, XInput2's smooth scrolling) and on its Wayland
/// driver (the app's own `wl_pointer`), read back from the window's trace
/// (docs/input-and-trackpads.md, "Trackpads").
@Suite(.windowSlot) struct CompositorInputTests {
    /// UIKit's deceleration, per second: momentum from velocity v comes to rest v / k further on.
    static let k = 1000 * log(1 / 0.998)
    /// A wheel notch of the feed's 800 px viewport: min(800^(2/3), 800 / 2) px.
    static let notch = pow(800, 2.0 / 3.0)

    /// `step` as Wayland carries it: a 24.8 fixed-point number.
    static func fixed(_ step: Double) -> Double { (step * 256).rounded() / 256 }

    /// Least-squares slope of `y` over `x`.
    static func slope(_ points: [(x: Double, y: Double)]) -> Double {
        let n = Double(points.count), mx = points.map(\.x).reduce(0, +) / n, my = points.map(\.y).reduce(0, +) / n
        let sxy = points.map { ($0.x - mx) * ($0.y - my) }.reduce(0, +), sxx = points.map { ($0.x - mx) * ($0.x - mx) }.reduce(0, +)
        return sxy / sxx
    }

    /// 30 finger steps of `step` px, 8 ms apart (219 px at 912 px/s for 7.3 px), lifted `rest` s
    /// after the last: by default one step later, as a trackpad reports the lift in its next frame.
    /// Sent with the last step, the lift cost that step on its way through sway and Xwayland in 15
    /// of 50 swipes (the window's XInput2 motions ended one step short; 0 of 24 with a later lift).
    static func swipe(step: Double, rest: Double = 0.008, horizontal: Bool = false) -> [[String: Any]] {
        [["t": 0.0, "type": "move", "x": 640, "y": 400], ["t": 0.2, "type": "move", "x": 641, "y": 401],
         ["t": 0.5, "type": "fingers", horizontal ? "dx" : "dy": step, "steps": 30, "spacing": 0.008, "rest": rest]]
    }

    /// A swipe on `driver`, held against the finger steps as the window took them, with the times
    /// they were stamped with (Xwayland's on X11, the compositor's on Wayland; the trace's
    /// `input`), on the window's own clock, which its frames' times are on too: while the fingers
    /// move, the content follows them 1:1 (on Wayland each held frame at exactly the steps it took
    /// by then; on X11, where it coasts between steps, each dragging frame exactly (1e-6 px) at the
    /// fling from the last step it took at the tracked velocity of its stream's steps), every step
    /// arrives, and then the momentum runs on its closed form (every frame's offset plus velocity / k
    /// gives the same rest) from the stamped steps' velocity at the last (within 0.5%). A busy
    /// machine bends the stamps; the window must follow the stamps it got whatever they are.
    func swipeFollowsTheFingers(driver: String, step: Double) throws {
        let rig = try Compositor.start()
        defer { rig.stop() }
        let (trace, _, _) = try CompositorWindow.play(scene: "feed", driver: driver, events: Self.swipe(step: step), on: rig)
        let what = "\(driver), \(step) px"
        let taken = trace.flatMap(\.input).filter { $0.type == "scroll" }
        // Each step once: on Wayland all 30. Through Xwayland 29 are let pass (the 29s seen came
        // from a lift sent with the last step, which `swipe` no longer does), so there the content's
        // travel is what the window took; and the X server merges a device's motions still queued
        // into the last one (mieqEnqueue), so a busy Xwayland hands over two or more steps as one
        // motion of their whole travel.
        let travel = taken.map { abs($0.dy) }.reduce(0, +)
        if driver == "wayland" {
            #expect(taken.count == 30 && abs(travel - 30 * Self.fixed(step)) < 1e-6, "\(what): the window took \(taken.count) steps, \(travel) px")
        } else {
            let stepsPerMotion = taken.map { abs($0.dy) / Self.fixed(step) }
            let wholeSteps = stepsPerMotion.allSatisfy { $0 >= 1 - 1e-6 && abs($0 - $0.rounded()) < 1e-6 }
            let stepCount = stepsPerMotion.map { $0.rounded() }.reduce(0, +)
            #expect(wholeSteps && (29...30).contains(stepCount),
                    "\(what): the window took \(stepCount) steps for 30, in motions of \(stepsPerMotion) steps")
        }
        try #require(taken.count >= 2, "\(what): \(taken.count) steps")
        // The steps as streams, each step's stamp and the content's offset it puts it at (the script
        // format's dy is positive away from the user, where the content goes). On Wayland the lift
        // ends the one stream. On X11 a step 120 ms or more after the one before
        // (`ScrollPhysicsSettings.preciseSettleDelay`, which a loaded Xwayland can space two stamps
        // by) starts a new stream, with a new tracker, from where the coasting content then is.
        var streams: [[(t: Double, x: Double)]] = []
        for event in taken {
            if let last = streams.last?.last, driver == "wayland" || event.t < last.t + ScrollPhysicsSettings().preciseSettleDelay {
                streams[streams.count - 1].append((t: event.t, x: last.x + abs(event.dy)))
            } else {
                streams.append([(t: event.t, x: (streams.last.map { Self.coasting($0, at: event.t) } ?? 0) + abs(event.dy))])
            }
        }
        let steps = streams.flatMap { $0 }
        let fingerSpeed = Self.slope(steps.map { (x: $0.t, y: $0.x) })
        // The frames while the fingers moved in a stream, less its first ones, which may have latched none of its steps yet.
        let moving = trace.filter { frame in streams.contains { frame.t > $0[0].t + 0.04 && frame.t <= $0.last!.t } }
        #expect(moving.allSatisfy { $0.phase == "dragging" }, "\(what): phases \(Set(moving.map(\.phase))) while the fingers moved")
        let speed = Self.slope(moving.map { (x: $0.t, y: $0.offset) })
        // Each dragging frame against the steps it took by then: for each step, its stream's steps up to it.
        let upTo = streams.flatMap { stream in stream.indices.map { Array(stream[...$0]) } }
        var count = 0
        for frame in trace {
            count += frame.input.filter { $0.type == "scroll" }.count
            guard frame.phase == "dragging", count > 0 else { continue }
            let shown = upTo[count - 1]
            // On Wayland held at the steps taken; on X11 moving on from the last as the fling the
            // stream would end in (ScrollAxis.precise), at the tracked velocity of its steps so far
            // (`flingVelocity`).
            let expected = driver == "wayland" ? shown.last!.x : Self.coasting(shown, at: frame.t)
            #expect(abs(frame.offset - expected) < 1e-6,
                    "\(what), frame \(frame.frame): \(frame.offset) px, \(expected) from \(count) steps in \(streams.count) stream(s)")
        }
        let coasting = trace.filter { $0.phase == "decelerating" }
        try #require(coasting.count >= 10, "\(what): no momentum (phases \(trace.map(\.phase).suffix(5)))")
        let rests = coasting.map { $0.offset + $0.velocity / Self.k }
        #expect(rests.max()! - rests.min()! < 0.5, "\(what): the momentum is off its closed form, rests \(rests.min()!)...\(rests.max()!)")
        // The momentum carries on the last stream's velocity at its last step (the tracker's fit of
        // its steps as stamped), not their mean speed: a loaded machine that bunches some stamps sets the two apart.
        let last = streams.last!
        let momentum = (rests[0] - last.last!.x) * Self.k
        let tracked = Self.flingVelocity(last)
        #expect(abs(momentum / tracked - 1) <= 0.005,
                "\(what): momentum \(Int(momentum)) px/s against the stamped steps' \(Int(tracked)) at the last (\(Int(fingerSpeed)) over all)")
        print("compositor swipe \(driver) \(step): \(streams.count) stream(s), speed ratio \(speed / fingerSpeed), momentum to tracked \(momentum / tracked), rest \(rests[0]) px")
    }

    /// Where an X11 stream's content is at `t`, after its `steps` (stamp, offset): moving on from the
    /// last as the fling at their tracked velocity there, on the exponential's closed form.
    static func coasting(_ steps: [(t: Double, x: Double)], at t: Double) -> Double {
        let last = steps.last!
        return last.x + flingVelocity(steps) / k * (1 - exp(-k * (t - last.t)))
    }

    /// The fling an X11 stream's `steps` would end in: their tracked velocity at the last, no faster
    /// than `maxFlingVelocity`. A loaded Xwayland that stamped a stream's first steps close together
    /// gave them 14,600 and 15,000 px/s (in two whole runs of the suite), and the window's frames
    /// then coasted at 8,000: each failed frame's way past the last step was 8,000 / v of this
    /// test's, to the digits the failure printed.
    static func flingVelocity(_ steps: [(t: Double, x: Double)]) -> Double {
        let limit = ScrollPhysicsSettings().maxFlingVelocity
        return min(limit, max(-limit, RealInputTests.chromiumReleaseVelocity(steps, at: steps.last!.t)))
    }

    @Test func onX11AFingerSwipeMovesTheContentOneToOneThenCoasts() throws {
        try swipeFollowsTheFingers(driver: "x11", step: 7.3)
    }

    @Test func onX11AFingerSwipeInRoundStepsIsStillFingers() throws {
        try swipeFollowsTheFingers(driver: "x11", step: 7.5)
    }

    @Test func onWaylandAFingerSwipeMovesTheContentOneToOneThenCoasts() throws {
        try swipeFollowsTheFingers(driver: "wayland", step: 7.3)
    }

    @Test func onWaylandAFingerSwipeInRoundStepsIsStillFingers() throws {
        try swipeFollowsTheFingers(driver: "wayland", step: 7.5)
    }

    /// Wayland tells when the fingers lift: until then the content is held exactly where they put
    /// it, and the momentum starts in the next frame (where no lift is told, the stream ends 120 ms
    /// after its last step).
    @Test(.windowAlone) func onWaylandTheLiftStartsTheMomentumInTheNextFrame() throws {
        let rig = try Compositor.start()
        defer { rig.stop() }
        let travel = 30 * Self.fixed(7.3)
        var misses: [String] = []
        // A busy machine can hold a frame back past the bound: tried up to three times.
        for _ in 0..<3 {
            let (trace, sent, _) = try CompositorWindow.play(scene: "feed", driver: "wayland", events: Self.swipe(step: 7.3), on: rig)
            let lift = try #require(sent.first { $0.type == "lift" }).sent
            let held = trace.filter { $0.phase == "dragging" }
            // Every held frame shows a whole number of the fingers' steps, never more than they moved.
            for frame in held {
                let steps = frame.offset / Self.fixed(7.3)
                #expect(abs(steps - steps.rounded()) < 1e-9 && frame.offset <= travel, "frame \(frame.frame) at \(frame.offset) px")
            }
            // A frame held back past the whole swipe takes it and the lift at once: nothing held.
            guard let lastHeld = held.last else { misses.append("no frame held the fingers"); continue }
            let next = try #require(trace.first { $0.frame == lastHeld.frame + 1 })
            #expect(next.phase == "decelerating" && next.offset > lastHeld.offset, "after the hold: \(next.phase) at \(next.offset)")
            // The frame that latched the lift is the next one: the last held frame was presented
            // less than a frame period and a half after the lift.
            let heldFor = try #require(lastHeld.presentTime) - lift
            if heldFor < 1.5 / 60 { break }
            misses.append("held until \(Int(heldFor * 1000)) ms after the lift")
        }
        #expect(misses.count < 3, "\(misses)")
    }

    /// Fingers that rest 50 ms before they lift carry nothing on. The rest is in the events' own
    /// times (the player stamps each with the moment it was due), so a window beside others, taking
    /// the steps late, sees it as well.
    @Test func onWaylandFingersThatRestBeforeTheLiftCarryNothingOn() throws {
        let travel = 30 * Self.fixed(7.3)
        let (resting, _, _) = try CompositorWindow.play(scene: "feed", driver: "wayland", events: Self.swipe(step: 7.3, rest: 0.05))
        #expect(resting.contains { $0.phase == "dragging" })
        #expect(!resting.contains { $0.phase == "decelerating" }, "momentum after fingers that rested")
        #expect(resting.allSatisfy { $0.offset <= travel })
        #expect(resting.last?.offset == travel && resting.last?.phase == "idle")
    }

    /// One, three and ten wheel clicks, each its own event 30 ms apart, as a wheel turns, a burst every
    /// second (a burst's animation ends 0.2 s after its last click, `WheelAnimation.duration`): every
    /// burst animates (phase `wheel`), nothing is taken for fingers, and before the next burst the
    /// content rests exactly that many notches further (no legacy copy counted twice). Read by the
    /// player's send times, so a loaded machine that delivers a burst in pieces changes nothing. On
    /// X11, in 2 of about 12 full runs on a loaded machine, one click of the ten was lost (13 notches
    /// for 14), not yet explained (Xwayland's or ours): a window that rests anywhere else is tried
    /// again, up to three in all; one that takes a click for fingers or counts one twice fails at once.
    func wheelClicksAreNotches(driver: String) throws {
        var events: [[String: Any]] = [["t": 0.0, "type": "move", "x": 640, "y": 400], ["t": 0.2, "type": "move", "x": 641, "y": 401]]
        let bursts = [1, 3, 10]
        var t = 0.5
        for clicks in bursts {
            for i in 0..<clicks { events.append(["t": t + Double(i) * 0.03, "type": "wheel", "clicks": 1]) }
            t += 1.0
        }
        let rig = try Compositor.start()
        defer { rig.stop() }
        var misses: [String] = []
        for _ in 0..<3 {
            let (trace, sent, _) = try CompositorWindow.play(scene: "feed", driver: driver, events: events, on: rig)
            #expect(!trace.contains { $0.phase == "dragging" || $0.phase == "decelerating" }, "phases: \(Set(trace.map(\.phase)))")
            let wheels = sent.filter { $0.type == "wheel" }.map(\.sent)
            let clicks: Int = bursts.reduce(0, +)
            try #require(wheels.count == clicks)
            let starts = [0, 1, 4].map { wheels[$0] }, ends = [wheels[1], wheels[4], wheels[13] + 1.0]
            var missed: [String] = []
            for (burst, clicks) in bursts.enumerated() {
                let slot = trace.filter { frame in frame.presentTime.map { $0 > starts[burst] && $0 < ends[burst] - 0.05 } ?? false }
                #expect(slot.contains { $0.phase == "wheel" }, "burst of \(clicks): not animated")
                let expected = Double(bursts[...burst].reduce(0, +)) * Self.notch
                let rest = try #require(slot.last)
                #expect(rest.offset <= expected + 1e-6, "after the burst of \(clicks): \(rest.offset), past \(expected)")
                if rest.phase != "idle" || abs(rest.offset - expected) >= 1e-6 {
                    missed.append("after the burst of \(clicks): \(rest.phase) at \(rest.offset), expected \(expected)")
                }
            }
            if missed.isEmpty { return }
            misses.append(missed.joined(separator: ", "))
        }
        Issue.record("\(driver): \(misses)")
    }

    @Test(.windowAlone) func onX11WheelClicksAreOneAnimatedNotchEach() throws {
        try wheelClicksAreNotches(driver: "x11")
    }

    @Test(.windowAlone) func onWaylandWheelClicksAreOneAnimatedNotchEach() throws {
        try wheelClicksAreNotches(driver: "wayland")
    }

    /// A drag with the virtual pointer's button: on Wayland each move carries its device's
    /// millisecond (the player stamps the moment each was due), so the release flings at the drag's
    /// speed however late a loaded machine delivers the moves: at the velocity tracker's estimate
    /// from the moves the window took, and that within 1% of the drag's. The fling is read from the
    /// frame that took the release, so a drag taken whole in one frame counts too.
    @Test func onWaylandADragFlingsAtItsSpeed() throws {
        let speed = 1800.0, travel = 0.25, start = (x: 501.0, y: 700.0)
        let events: [[String: Any]] = [
            ["t": 0.0, "type": "move", "x": 500, "y": start.y], ["t": 0.2, "type": "move", "x": start.x, "y": start.y],
            ["t": 0.5, "type": "down"],
            ["t": 0.55, "type": "glide", "x": start.x, "y": start.y, "vx": 0, "vy": -speed, "duration": travel, "spacing": 0.008],
            ["t": 0.55 + travel, "type": "up"],
        ]
        let (trace, _, _) = try CompositorWindow.play(scene: "feed", driver: "wayland", events: events)
        let gesture = try #require(TraceInput.gestures(trace).first, "no press and release reached the window: \(trace.flatMap(\.input).map(\.type))")
        let up = try #require(gesture.last)
        let moves = gesture.dropLast().filter { $0.type == "mouseMove" }.map { (t: $0.t, x: start.y - $0.y) }
        let distance = try #require(moves.last?.x, "no move in the drag")
        #expect(abs(distance - speed * travel) < 1e-6, "dragged \(distance) px, not \(speed * travel)")
        let expected = RealInputTests.chromiumReleaseVelocity(moves, at: up.t)
        #expect(abs(expected / speed - 1) <= 0.01, "moves stamped at \(expected) px/s for a \(Int(speed)) px/s drag")
        let after = try #require(trace.first { $0.input.contains { $0.type == "mouseUp" } })
        try #require(after.phase == "decelerating", "\(after.phase) after the release")
        // On the fling's closed form, the release velocity is k times the way from the release
        // point to where the frame's motion rests (offset + velocity/k).
        let released = Self.k * (after.offset - distance) + after.velocity
        #expect(abs(released - expected) <= 0.005 * abs(expected) + 1, "flung at \(released) px/s, the moves at \(expected)")
        print("compositor drag on wayland: moves stamped at \(expected) px/s, released at \(released) px/s for \(speed)")
    }

    /// The Xvfb test's held pull, on Wayland: the pointer's positions there are in 1/256 px.
    @Test func onWaylandAHeldPullFollowsTheRubberBandAllTheWayAndSpringsBack() throws {
        let rig = try Compositor.start()
        defer { rig.stop() }
        try RealInputTests.expectHeldPull(pullUnit: 1.0 / 256) {
            try CompositorWindow.play(scene: "feed", driver: "wayland", events: RealInputTests.heldPull, on: rig).trace
        }
    }

    /// A horizontal two-finger swipe pages the pager: 219 px right at 912 px/s, lifted, settles on
    /// the next page. On X11, where the stream ends 120 ms after a step by the server's times, a
    /// loaded Xwayland that stalls mid-swipe ends it early (it rested at page 0 once in a full
    /// run): a miss is tried again in a new window, up to three times in all.
    func aHorizontalSwipePagesThePager(driver: String) throws {
        let rig = try Compositor.start()
        defer { rig.stop() }
        var misses: [String] = []
        for _ in 0..<3 {
            let (trace, _, _) = try CompositorWindow.play(scene: "pager", driver: driver, events: Self.swipe(step: 7.3, horizontal: true), on: rig)
            if trace.contains(where: { $0.phase == "dragging" }), trace.last?.offsetX == 1280, trace.last?.phase == "idle" { return }
            misses.append("rests at \(trace.last?.offsetX ?? -1) (\(trace.last?.phase ?? "no frame")), phases \(Set(trace.map(\.phase)).sorted())")
        }
        Issue.record("\(driver): \(misses.joined(separator: "; "))")
    }

    @Test func onX11AHorizontalSwipePagesThePager() throws {
        try aHorizontalSwipePagesThePager(driver: "x11")
    }

    @Test func onWaylandAHorizontalSwipePagesThePager() throws {
        try aHorizontalSwipePagesThePager(driver: "wayland")
    }
}
