import Foundation
import ParallaxSDL
import ParallaxTestSupport
import Testing

/// Real X input into `parallax run` under Xvfb: XTest events go through the X server and SDL's
/// event path, as a hand's would, and the assertions read the window's `--trace`
/// (docs/testing.md, "Real-input tests"). Each test starts its own X server; where none can start, the
/// test is cancelled with the reason.
@Suite(.windowSlot) struct RealInputTests {
    /// UIKit's deceleration, per second: a fling from velocity v comes to rest v / k further on.
    static let k = 1000 * log(1 / 0.998)
    /// The feed scrolls the whole 800 px window (under its bar): a notch is min(800^(2/3), 800/2) px.
    static let notch = pow(800, 2.0 / 3.0)

    /// Each drag is held against the events the window took, with the times the X server stamped
    /// them with (the trace's `input`): the release flings at the velocity Chromium's fit of those
    /// moves gives (written out here from `VelocityTracker`'s formula), or rests where they rested 40 ms
    /// before the button came up. XTest events take their X time when Xvfb handles them, so a busy
    /// machine bends the stamps, and with them the speed and the rest the window must act on; it
    /// never makes the window's answer to them differ. The drag's own speed, by the player's clock, is
    /// printed beside them.
    @Test(arguments: [300.0, 1800, 4000])
    func aDragFlingsAtTheSpeedOfItsMovesHoweverSoonTheButtonComesUp(speed: Double) throws {
        // Each drag: Home (the content at rest at the top), the pointer hovers to the start, presses,
        // moves up at `speed` every 8 ms, and lets go `delay` after its last move: 0, 8, 10 and 20 ms
        // (a fling), 50 ms (a rest).
        let delays = [0.0, 0.008, 0.010, 0.020, 0.050]
        let travel = min(0.3, 600 / speed)
        var events: [[String: Any]] = []
        var t = 0.3
        for delay in delays {
            events.append(["t": t, "type": "key", "key": "Home"])
            events.append(["t": t + 1.0, "type": "glide", "x": 300, "y": 750, "vx": 1000, "vy": 0, "duration": 0.2, "spacing": 0.008])
            events.append(["t": t + 1.25, "type": "down"])
            events.append(["t": t + 1.3, "type": "glide", "x": 500, "y": 750, "vx": 0, "vy": -speed, "duration": travel, "spacing": 0.008])
            events.append(["t": t + 1.3 + travel + delay, "type": "up"])
            t += 1.3 + travel + delay + 0.4
        }
        let trace = try RealWindow.trace(scene: "feed", events: events)
        let drags = trace.runs { $0.phase == "dragging" }
        let gestures = TraceInput.gestures(trace)
        try #require(drags.count == delays.count && gestures.count == delays.count,
                     "one drag per gesture: \(drags.count) dragging runs, \(gestures.count) presses")
        let distance = (speed * travel).rounded()
        for ((delay, drag), moves) in zip(zip(delays, drags), gestures) {
            let what = "\(Int(speed)) px/s released \(delay * 1000) ms after the last move"
            // At rest at the top when the button went down (a window held back may show moves already in the drag's first frame).
            let before = try #require(trace.last { $0.frame < drag.first!.frame })
            #expect(before.phase == "idle" && before.offset == 0, "\(what): the drag started from \(before.phase) at \(before.offset), not at rest at the top")
            let up = try #require(moves.last, "\(what): no release")
            let samples = moves.dropLast().filter { $0.type == "mouseMove" }.map { (t: $0.t, x: 750 - $0.y) }
            let lastMove: Double = samples.last.map { 750 - $0.x } ?? .nan
            try #require(samples.last?.x == distance, "\(what): the last move at \(lastMove), not 750 - \(distance)")
            let expected = Self.chromiumReleaseVelocity(samples, at: up.t)
            let after = try #require(trace.first { $0.frame > drag.last!.frame })
            let stamped = "moves stamped at \(Int(expected)) px/s, the last \(Int(((up.t - samples.last!.t) * 1000).rounded())) ms before the release"
            print("drag \(what): \(stamped)")
            if expected == 0 {
                #expect(after.phase == "idle" && after.offset == distance && after.velocity == 0,
                        "\(what), \(stamped): \(after.phase) at \(after.offset), \(after.velocity) px/s, not at rest at \(distance)")
                continue
            }
            // On the fling's closed form, any frame gives where it rests (offset + velocity/k), and the
            // release velocity is k times the way from the release point there.
            guard after.phase == "decelerating" else { Issue.record("\(what), \(stamped): \(after.phase), no fling"); continue }
            let released = Self.k * (after.offset - distance) + after.velocity
            #expect(abs(released - expected) <= 0.005 * abs(expected) + 1, "\(what), \(stamped): flung at \(released) px/s")
        }
    }

    /// Chromium's fling velocity (`VelocityTracker`, docs/input-and-trackpads.md): the slope at the
    /// newest move of the least-squares quadratic through the moves of the last 100 ms (at most 20,
    /// none before a 40 ms gap); where moves share a stamp, each stamp counts once at its newest
    /// position, the newest stamp is left out (of more than 3) and the fit is a line; 0 where the
    /// newest move is 40 ms or more before the release or the last 40 ms moved less than 1 px. Gaps
    /// are measured to 1 µs: the stamps are whole milliseconds in seconds, where a gap of 40 ms can
    /// round a hair short.
    static func chromiumReleaseVelocity(_ moves: [(t: Double, x: Double)], at release: Double) -> Double {
        var samples: [(t: Double, x: Double)] = []
        for move in moves {
            if let last = samples.last, move.t - last.t >= 0.040 - 1e-6 { samples = [] }
            samples.append((max(move.t, samples.last?.t ?? move.t), move.x))
        }
        samples = Array(samples.suffix(20))
        guard let newest = samples.last, release - newest.t < 0.040 - 1e-6 else { return 0 }
        let recent = samples.filter { newest.t - $0.t <= 0.100 + 1e-6 }
        let lately = recent.filter { newest.t - $0.t <= 0.040 + 1e-6 }.map(\.x)
        if lately.count >= 2, lately.max()! - lately.min()! < 1 { return 0 }
        var stamps: [(t: Double, x: Double)] = []
        for sample in recent {
            if stamps.last?.t == sample.t { stamps[stamps.count - 1].x = sample.x } else { stamps.append(sample) }
        }
        if stamps.count == recent.count { return slope(recent, at: newest.t, quadratic: true) }
        if stamps.count > 3 { stamps.removeLast() }
        return slope(stamps, at: stamps.last!.t, quadratic: false)
    }

    /// The slope at `t0` of the least-squares quadratic (or line) through `points`, by the normal
    /// equations in times from `t0` (Cramer's rule).
    static func slope(_ points: [(t: Double, x: Double)], at t0: Double, quadratic: Bool) -> Double {
        guard Set(points.map(\.t)).count >= 2 else { return 0 }
        func sum(_ term: ((t: Double, x: Double)) -> Double) -> Double { points.map(term).reduce(0, +) }
        let n = Double(points.count), st = sum { $0.t - t0 }, stt = sum { pow($0.t - t0, 2) }
        let sx = sum(\.x), stx = sum { ($0.t - t0) * $0.x }
        if quadratic, Set(points.map(\.t)).count >= 3 {
            let st3 = sum { pow($0.t - t0, 3) }, st4 = sum { pow($0.t - t0, 4) }, sttx = sum { pow($0.t - t0, 2) * $0.x }
            func det(_ m: [[Double]]) -> Double {
                m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1]) - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
                    + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0])
            }
            let d = det([[n, st, stt], [st, stt, st3], [stt, st3, st4]])
            if abs(d) > 1e-30 { return det([[n, sx, stt], [st, stx, st3], [stt, sttx, st4]]) / d }
        }
        return (n * stx - st * sx) / (n * stt - st * st)
    }

    /// 300 px down from the top at 500 px/s, held, released still (xtest-play's and
    /// wayland-pointer-play's format). Slow enough that a window beside others shows frames past the
    /// old 120 px stop: the pull spends about 90 ms there (45 ms at 1,000 px/s, where a loaded
    /// machine showed one frame of it and the test ran alone).
    static var heldPull: [[String: Any]] { [
        ["t": 0.5, "type": "move", "x": 640, "y": 200], ["t": 0.55, "type": "down"],
        ["t": 0.6, "type": "glide", "x": 640, "y": 200, "vx": 0, "vy": 500, "duration": 0.6, "spacing": 0.008],
        ["t": 1.4, "type": "up"],
    ] }

    /// The held pull's trace: every frame of the pull shows a pull in whole `pullUnit`s (an X
    /// pixel; Wayland's 1/256) on the rubber band's formula, never less far out than before, to the
    /// formula's 136.8 px for 300 px; released, it springs back without going further out and rests
    /// at the top. Returns what a loaded machine can bend: fewer than two frames shown past the old
    /// 120 px stop (`heldPull`).
    static func heldPullMiss(_ trace: [TraceFrame], pullUnit: Double) throws -> String? {
        let drag = try #require(trace.runs { $0.phase == "dragging" }.first)
        func rubberBand(_ pulled: Double) -> Double { -(1 - 1 / (pulled * 0.55 / 800 + 1)) * 800 }
        for (previous, frame) in zip(drag, drag.dropFirst()) {
            #expect(frame.offset <= previous.offset, "frame \(frame.frame) moved back in while pulling")
            let units = 800 * (1 / (1 + frame.offset / 800) - 1) / 0.55 / pullUnit
            #expect(abs(units - units.rounded()) < 1e-6 && abs(frame.offset - rubberBand(units.rounded() * pullUnit)) < 1e-9,
                    "frame \(frame.frame): \(frame.offset) is no pull's rubber band")
        }
        #expect(abs(drag.last!.offset - rubberBand(300)) < 1e-9)
        #expect(trace.allSatisfy { $0.offset >= rubberBand(300) - 1e-9 })
        let back = trace.filter { $0.frame > drag.last!.frame }
        for (previous, frame) in zip(back, back.dropFirst()) { #expect(frame.offset >= previous.offset - 1e-9) }
        #expect(back.last?.offset == 0)
        let beyond = Set(drag.map(\.offset).filter { $0 < -120.5 })
        return beyond.count >= 2 ? nil : "frames past 120 px: \(beyond.sorted())"
    }

    /// Past the old 120 px stop the content still moves with the pointer: shown in two frames at
    /// least, in one of three windows (a loaded machine can show one).
    static func expectHeldPull(pullUnit: Double, trace: () throws -> [TraceFrame]) throws {
        var misses: [String] = []
        for _ in 0..<3 {
            guard let miss = try heldPullMiss(try trace(), pullUnit: pullUnit) else { return }
            misses.append(miss)
        }
        Issue.record("\(misses)")
    }

    @Test func aHeldPullPastTheTopFollowsTheRubberBandAllTheWayAndSpringsBack() throws {
        try Self.expectHeldPull(pullUnit: 1) { try RealWindow.trace(scene: "feed", events: Self.heldPull) }
    }

    @Test func wheelNotchesKeysAndATabSwitch() throws {
        // Three notches down (button 5), PageDown, then 2: the header.
        let events: [[String: Any]] = [
            ["t": 0.5, "type": "move", "x": 640, "y": 400],
            ["t": 0.6, "type": "click", "button": 5], ["t": 0.7, "type": "click", "button": 5], ["t": 0.8, "type": "click", "button": 5],
            ["t": 1.8, "type": "key", "key": "Next"],
            ["t": 2.8, "type": "key", "key": "2"],
        ]
        let trace = try RealWindow.trace(scene: "feed", events: events)
        let feed = trace.filter { $0.scene == "feed" }
        #expect(feed.contains { $0.phase == "wheel" })
        // Where the feed came to rest, in order (the player's clock starts when it finds the window, so
        // rests are told apart by order, not by time). Notches retarget the running animation: at rest
        // at the top, after three whole notches, then after PageDown, one viewport less the bar, less 10%.
        let rests = feed.runs { $0.phase == "idle" }.map { $0.last!.offset }
        let expected = [0, 3 * Self.notch, 3 * Self.notch + (800 - 56) * 0.9]
        #expect(rests.count == expected.count && zip(rests, expected).allSatisfy { abs($0 - $1) < 1e-9 }, "rests at \(rests)")
        #expect(trace.last?.scene == "header")
    }

    /// At rest the window keeps its frame on screen instead of drawing it again; a wheel notch draws
    /// every frame of its animation, and the rest after it is kept again once its photos are in
    /// (docs/performance.md, "Frames kept at rest").
    @Test func framesAtRestAreKeptAndAWheelNotchIsDrawn() throws {
        let events: [[String: Any]] = [["t": 0.3, "type": "move", "x": 640, "y": 400], ["t": 0.4, "type": "click", "button": 5]]
        let trace = try RealWindow.trace(scene: "feed", events: events, beforeQuitting: { folder in
            // The photos the notch brings in arrive and fade in first: up to a minute on a busy machine.
            let deadline = Date().addingTimeInterval(60)
            let path = folder.appendingPathComponent("trace.jsonl").path
            while Date() < deadline {
                // The window is writing it: a last line half written is left for the next look.
                let lines = (try? String(contentsOfFile: path, encoding: .utf8))?.split(separator: "\n") ?? []
                let frames = lines.compactMap { (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any] }
                    .map { (phase: $0["phase"] as? String ?? "", kept: $0["kept"] as? Bool ?? false) }
                if Self.keptAfterTheNotch(frames) >= 30 { return }
                Thread.sleep(forTimeInterval: 0.1)
            }
        })
        let notch = try #require(trace.runs { $0.phase == "wheel" }.first, "no notch")
        let keptInTheNotch: [Int] = notch.filter(\.kept).map(\.frame)
        #expect(keptInTheNotch.isEmpty, "frames of the notch's animation were kept: \(keptInTheNotch)")
        #expect(Self.keptAfterTheNotch(trace.map { ($0.phase, $0.kept) }) >= 30, "the rest after the notch kept no half second of frames")
        for (before, frame) in zip(trace, trace.dropFirst()) where frame.kept {
            #expect(frame.offset == before.offset && frame.phase == before.phase, "frame \(frame.frame) kept though it moved")
            #expect(frame.presentTime! > before.presentTime!, "frame \(frame.frame) kept before its time")
        }
    }

    /// How many frames in a row the trace ends with kept, after the first frame of a wheel notch.
    static func keptAfterTheNotch(_ frames: [(phase: String, kept: Bool)]) -> Int {
        guard let notch = frames.firstIndex(where: { $0.phase == "wheel" }) else { return 0 }
        return frames[notch...].reversed().prefix(while: \.kept).count
    }

    @Test func thePagerTakesTheHorizontalWheelShiftWheelAndItsDots() throws {
        // Wheel right (button 7): page 1. Shift+wheel down: page 2. A click on the fifth dot: page 4.
        // Five dots 22 px apart centred on x = 640, 36 px above the bottom: the fifth at x = 684, y = 764.
        let events: [[String: Any]] = [
            ["t": 0.5, "type": "move", "x": 640, "y": 400],
            ["t": 0.6, "type": "click", "button": 7],
            ["t": 1.6, "type": "keydown", "key": "Shift_L"], ["t": 1.65, "type": "click", "button": 5], ["t": 1.7, "type": "keyup", "key": "Shift_L"],
            ["t": 2.7, "type": "move", "x": 684, "y": 764], ["t": 2.75, "type": "down"], ["t": 2.8, "type": "up"],
        ]
        let trace = try RealWindow.trace(scene: "pager", events: events)
        // Where the pager came to rest, in order: pages 0, 1, 2 and 4.
        let rests = trace.runs { $0.phase == "idle" }.map { $0.last!.offsetX }
        let expected: [Double] = [0, 1280, 2 * 1280, 4 * 1280]
        #expect(rests.count == expected.count && zip(rests, expected).allSatisfy { abs($0 - $1) < 1e-6 }, "rests at \(rests)")
        let lastFraction: Double = try #require(trace.last?.fraction)
        #expect(abs(lastFraction - 4) < 1e-9)
    }

    /// The cursor SDL shows (the trace reads it back from SDL each frame) as the pointer moves over a
    /// tab, the pager, a page dot, a tuning slider's track and a row's label; and Esc closing the help,
    /// then the tuning panel, before the last Esc quits.
    @Test func aHandOverTabsDotsAndButtonsAndEscClosesPanelsBeforeItQuits() throws {
        let events: [[String: Any]] = [
            ["t": 0.5, "type": "move", "x": 640, "y": 28],        // the middle tab: hand
            ["t": 1.0, "type": "move", "x": 640, "y": 400],       // the page: arrow
            ["t": 1.5, "type": "move", "x": 684, "y": 764],       // the fifth dot: hand
            ["t": 2.0, "type": "key", "key": "p"],                // the sheet opens; the pager, 950 px wide, moves its dots away: arrow
            ["t": 2.5, "type": "move", "x": 1100, "y": 136],      // the first row's slider: hand
            ["t": 3.0, "type": "move", "x": 1000, "y": 114],      // its label: arrow
            ["t": 3.5, "type": "key", "key": "h"],
            ["t": 4.0, "type": "key", "key": "Escape"],           // closes the help only
            ["t": 4.5, "type": "move", "x": 1100, "y": 184],      // the second row's slider, still there: hand
            ["t": 5.0, "type": "key", "key": "Escape"],           // closes the tuning panel: the pager there, arrow
        ]
        let trace = try RealWindow.trace(scene: "pager", events: events)
        var shown: [String] = []
        for cursor in trace.compactMap(\.cursor) where cursor != shown.last { shown.append(cursor) }
        #expect(shown == ["arrow", "hand", "arrow", "hand", "arrow", "hand", "arrow", "hand", "arrow"], "cursors in turn: \(shown)")
    }
}

/// One frame of `--trace`.
struct TraceFrame {
    let frame: Int
    let t: Double
    let scene: String
    let phase: String
    /// The vertical offset and velocity (the feed and the header).
    let offset: Double
    let velocity: Double
    let offsetX: Double
    let fraction: Double?
    /// The cursor SDL shows (`run` only).
    let cursor: String?
    /// CLOCK_MONOTONIC seconds at which the frame's present returned (`run` only).
    let presentTime: Double?
    /// The window kept the frame before on screen instead of drawing this one (`run` only).
    let kept: Bool
    /// The panels shown, bottom to top, a toast's text, and the flash's opacity (the playground's).
    let panels: [String]
    let toast: String?
    let flash: Double?
    /// The scroll physics model's name.
    let physics: String?
    /// The events the frame took (`run` only).
    let input: [TraceInput]

    init(_ object: [String: Any]) throws {
        func optionalNumber(_ value: Any?) -> Double? { value as? Double ?? (value as? Int).map(Double.init) }
        func number(_ value: Any?) throws -> Double { try #require(optionalNumber(value)) }
        let offset = try #require(object["offset"] as? [String: Any]), velocity = try #require(object["velocity"] as? [String: Any])
        frame = Int(try number(object["frame"]))
        t = try number(object["t"])
        scene = try #require(object["scene"] as? String)
        phase = try #require(object["phase"] as? String)
        self.offset = try number(offset["y"])
        self.velocity = try number(velocity["y"])
        offsetX = try number(offset["x"])
        fraction = optionalNumber(object["fraction"])
        cursor = object["cursor"] as? String
        presentTime = optionalNumber(object["presentTime"])
        kept = object["kept"] as? Bool ?? false
        panels = object["panels"] as? [String] ?? []
        toast = object["toast"] as? String
        flash = optionalNumber(object["flash"])
        physics = object["physics"] as? String
        input = try (object["input"] as? [[String: Any]] ?? []).map(TraceInput.init)
    }
}

/// One event a frame took, at the time it was delivered at (the X server's on X11).
struct TraceInput {
    let t: Double
    /// The script format's: `mouseDown`, `mouseMove`, `mouseUp`, `key`, `wheel`, `scroll`.
    let type: String
    let x: Double
    let y: Double
    /// A wheel's or a trackpad's, in the script's sense (positive away from the user).
    let dy: Double

    init(_ object: [String: Any]) throws {
        t = try #require(object["t"] as? Double ?? (object["t"] as? Int).map(Double.init))
        type = try #require(object["type"] as? String)
        x = object["x"] as? Double ?? (object["x"] as? Int).map(Double.init) ?? 0
        y = object["y"] as? Double ?? (object["y"] as? Int).map(Double.init) ?? 0
        dy = object["dy"] as? Double ?? (object["dy"] as? Int).map(Double.init) ?? 0
    }

    /// The pointer's events from each press to its release, in order.
    static func gestures(_ trace: [TraceFrame]) -> [[TraceInput]] {
        var gestures: [[TraceInput]] = []
        var current: [TraceInput]?
        for event in trace.flatMap(\.input) {
            if event.type == "mouseDown" { current = [event] } else if current != nil, event.type == "mouseMove" || event.type == "mouseUp" {
                current!.append(event)
            }
            if event.type == "mouseUp", let gesture = current { gestures.append(gesture); current = nil }
        }
        return gestures
    }
}

extension Array where Element == TraceFrame {
    /// The maximal runs of consecutive frames that match.
    func runs(where matches: (TraceFrame) -> Bool) -> [[TraceFrame]] {
        var runs: [[TraceFrame]] = []
        var current: [TraceFrame] = []
        for frame in self {
            if matches(frame) { current.append(frame) } else if !current.isEmpty { runs.append(current); current = [] }
        }
        if !current.isEmpty { runs.append(current) }
        return runs
    }
}

/// `parallax run` in a 1280x800 window on a fresh Xvfb, driven by `scripts/xtest-play`.
enum RealWindow {
    static let player = packageRoot.appendingPathComponent("scripts/xtest-play").path
    /// Debian's python3, which has python3-xlib (a python3 first in PATH may not).
    static let python = "/usr/bin/python3"

    /// Plays `events` (xtest-play's format) and then Esc into the window, under the physics model
    /// named `physics` if given, and returns its trace.
    /// `beforeQuitting` gets the window's working folder (where F12 saves) once the window has
    /// rested, before Esc; `inspect` gets it after the window ended (it is kept: `windowRecordFolder`).
    static func trace(scene: String, physics: String? = nil, events: [[String: Any]], beforeQuitting: (URL) throws -> Void = { _ in },
                      inspect: (URL) throws -> Void = { _ in }) throws -> [TraceFrame] {
        guard try run(python, ["-c", "import Xlib.ext.xtest"]).status == 0 else {
            try Test.cancel("python3-xlib is not installed for /usr/bin/python3 (scripts/install-deps installs it): no real input can be sent")
        }
        let server = try XServer.start()
        defer { server.stop() }
        let folder = try windowRecordFolder("xvfb")
        let tracePath = folder.appendingPathComponent("trace.jsonl").path

        let environment = server.environment
        // At nice -10 where that is allowed, as the compositor rig's windows: beside two busy loops
        // a window at nice 0 was held back past a whole 0.3 s drag (no frame of it dragging).
        let window = try WindowProcess(["-n", "-10", parallaxBinary, "run", "--scene", scene, "--size", "1280x800", "--no-overlay",
                                        "--trace", tracePath] + (physics.map { ["--physics", $0] } ?? []),
                                       executable: "/usr/bin/nice", environment: environment, directory: folder,
                                       errorFile: folder.appendingPathComponent("stderr.txt"))
        // The player starts once frames are up, not once the window is mapped: beside other tests'
        // windows a first frame came more than 0.6 s after the map, and a quiet run's wheel notches
        // at 0.6 s found no frame at rest before them.
        window.waitForFrames(10, tracePath: tracePath)
        try #require(window.isRunning, "parallax run ended early: \(window.errorsSoFar)")

        let played = try run(python, [player, "Parallax Playground"],
                             environment: environment, input: try JSONSerialization.data(withJSONObject: events))
        try #require(played.status == 0, "xtest-play: \(played.stderr)")
        // Esc once the window has rested for half a second after the last event, as the compositor
        // rig closes its windows: a fixed time after it outlasted the longest fling and held every
        // shorter one open.
        window.waitForRest(tracePath: tracePath, after: monotonicSeconds())
        try beforeQuitting(folder)
        let quit = try run(python, [player, "Parallax Playground"],
                           environment: environment, input: try JSONSerialization.data(withJSONObject: [["t": 0.0, "type": "key", "key": "Escape"]]))
        try #require(quit.status == 0, "xtest-play: \(quit.stderr)")
        try window.requireEnded(within: 30, why: "Esc")
        try inspect(folder)
        return try readTrace(tracePath)
    }
}

