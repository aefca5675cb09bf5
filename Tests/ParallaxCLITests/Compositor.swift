import Foundation
import ParallaxTestSupport
import Testing

/// A private headless Wayland compositor (sway, wlroots' pixman renderer, no input devices of its
/// own) with Xwayland, for one test: the window runs on it through SDL's Wayland driver or through
/// Xwayland on the X11 driver, and `scripts/wayland-pointer-play` moves, clicks and scrolls its
/// virtual pointer as a trackpad's fingers and a mouse wheel would (docs/testing.md, "The compositor
/// rig"). Where it cannot start, the test is cancelled with the reason.
struct Compositor {
    let process: Process
    let runtimeDirectory: URL
    /// The compositor's socket, as an absolute path.
    let waylandDisplay: String
    /// Xwayland's `:N`.
    let xDisplay: String

    /// Starts sway with one output of 1280x800 logical pixels at `scale` (2560x1600 device pixels at 2). sway refuses to run as root, so a root test
    /// (CI's) runs it as `nobody`, in a runtime folder of its own, and lets root into Xwayland.
    static func start(scale: Int = 1) throws -> Compositor {
        for tool in ["sway", "swaymsg", "Xwayland", "xhost"] where which(tool) == nil {
            try Test.cancel("\(tool) is not installed (scripts/install-deps --tests installs it): the compositor rig cannot start")
        }
        let runtime = try newScratchFolder("sway")
        var command = try unprivileged([try #require(which("sway")), "-c", runtime.appendingPathComponent("config").path],
                                       owning: runtime, what: "sway")
        // The other suites run beside these on CI's two cores: the compositor and the window run at
        // nice -10 where that is allowed (as root; `nice` runs them as they are where not), so the
        // frames a swipe is measured by are not the load's. The player raises itself too.
        command = ["/usr/bin/nice", "-n", "-10"] + command
        chmod(runtime.path, 0o700)
        let ready = runtime.appendingPathComponent("ready")
        let user = String(cString: getpwuid(getuid())!.pointee.pw_name)
        let config = """
            xwayland force
            default_border none
            output HEADLESS-1 resolution \(1280 * scale)x\(800 * scale) scale \(scale)
            exec sh -c 'xhost +si:localuser:\(user) >/dev/null 2>&1; echo "$WAYLAND_DISPLAY $DISPLAY" > \(ready.path).part; mv \(ready.path).part \(ready.path)'

            """
        let configPath = runtime.appendingPathComponent("config").path
        guard FileManager.default.createFile(atPath: configPath, contents: Data(config.utf8), attributes: [.posixPermissions: 0o644]) else {
            try Test.cancel("cannot write sway's config in \(runtime.path)")
        }
        let log = runtime.appendingPathComponent("sway.log")
        let sway = try startCompositor(command, runtime: runtime, log: log,
                                       environment: ["WLR_BACKENDS": "headless", "WLR_RENDERER": "pixman", "WLR_LIBINPUT_NO_DEVICES": "1"])
        let deadline = Date().addingTimeInterval(20)
        while sway.isRunning && Date() < deadline && !FileManager.default.fileExists(atPath: ready.path) {
            Thread.sleep(forTimeInterval: 0.05)
        }
        let words = ((try? String(contentsOf: ready, encoding: .utf8)) ?? "").split(separator: " ").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
        guard sway.isRunning, words.count == 2, words[1].hasPrefix(":") else {
            let what = sway.isRunning ? "sway and Xwayland were not up in 20 s" : "sway exited with status \(sway.terminationStatus)"
            if sway.isRunning { kill(sway.processIdentifier, SIGKILL) }
            sway.waitUntilExit()
            let tail = ((try? String(contentsOf: log, encoding: .utf8)) ?? "").split(separator: "\n").suffix(3).joined(separator: " / ")
            try? FileManager.default.removeItem(at: runtime)
            try Test.cancel("the compositor rig could not start: \(what) / \(tail)")
        }
        return Compositor(process: sway, runtimeDirectory: runtime,
                          waylandDisplay: runtime.appendingPathComponent(words[0]).path, xDisplay: words[1])
    }

    /// For a program on this compositor and its Xwayland only: no other display, no inherited
    /// `SDL_VIDEODRIVER` (the tests choose the driver with `--video-driver`).
    var environment: [String: String] {
        var environment = environmentWithoutDisplay
        environment["WAYLAND_DISPLAY"] = waylandDisplay
        environment["DISPLAY"] = xDisplay
        return environment
    }

    /// `swaymsg` with `arguments`, on this compositor's IPC socket (which sway makes in its runtime folder).
    func message(_ arguments: [String]) throws -> Outcome {
        let socket = try #require(try FileManager.default.contentsOfDirectory(atPath: runtimeDirectory.path)
            .first { $0.hasPrefix("sway-ipc.") && $0.hasSuffix(".sock") }, "no sway-ipc socket in \(runtimeDirectory.path)")
        return try run(try #require(which("swaymsg")), ["-s", runtimeDirectory.appendingPathComponent(socket).path] + arguments)
    }

    /// Waits (up to 20 s) until sway shows `window`, focused: its `focus` finds the window by its
    /// process once it is mapped.
    func waitUntilShown(_ window: WindowProcess) throws {
        let deadline = Date().addingTimeInterval(20)
        while window.isRunning && Date() < deadline {
            if try message(["[pid=\(window.process.processIdentifier)] focus"]).status == 0 { return }
            Thread.sleep(forTimeInterval: 0.05)
        }
        Issue.record("sway did not show the window in 20 s")
    }

    /// Closes `window` as its close button would: sway's `kill` asks it to close (xdg_toplevel's
    /// close on Wayland, WM_DELETE_WINDOW through Xwayland), and it quits as it does for a user.
    func close(_ window: WindowProcess) throws {
        guard window.isRunning else { return }
        // A window that has just ended is in sway's tree no more: "No matching node" then.
        let closed = try message(["[pid=\(window.process.processIdentifier)] kill"])
        if closed.status != 0 { try window.requireEnded(within: 2, why: "its own --frames (sway's kill found no window: \(closed.stdout))") }
    }

    /// sway and its Xwayland are killed (signals are blocked in Foundation's children), and what
    /// Xwayland would have removed goes too.
    func stop() {
        let lock = "/tmp/.X\(xDisplay.dropFirst())-lock"
        let xwayland = (try? String(contentsOfFile: lock, encoding: .utf8)).flatMap { pid_t($0.trimmingCharacters(in: .whitespaces)) }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        if let xwayland { kill(xwayland, SIGKILL) }
        XServer.removeFiles(of: xDisplay)
        try? FileManager.default.removeItem(at: runtimeDirectory)
    }
}

/// Starts a compositor's `command` with `runtime` as its home and runtime folder, `environment`
/// added, its output to `log`.
func startCompositor(_ command: [String], runtime: URL, log: URL, environment: [String: String] = [:]) throws -> Process {
    let compositor = Process()
    compositor.executableURL = URL(fileURLWithPath: command[0])
    compositor.arguments = Array(command.dropFirst())
    compositor.environment = ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "HOME": runtime.path, "XDG_RUNTIME_DIR": runtime.path]
        .merging(environment) { $1 }
    _ = FileManager.default.createFile(atPath: log.path, contents: nil, attributes: [.posixPermissions: 0o666])
    compositor.standardOutput = try FileHandle(forWritingTo: log)
    compositor.standardError = compositor.standardOutput
    compositor.standardInput = FileHandle.nullDevice
    try compositor.run()
    return compositor
}

/// `command` as it runs a compositor: as `nobody` (setpriv) where the tests run as root, which
/// sway and mutter refuse to be, with `runtime` (its runtime folder) given to that user; as it is
/// where they do not. Cancels the test where root has no `nobody` or no setpriv.
func unprivileged(_ command: [String], owning runtime: URL, what: String) throws -> [String] {
    guard getuid() == 0 else { return command }
    guard let nobody = getpwnam("nobody"), let setpriv = which("setpriv") else {
        try Test.cancel("running as root, with no user 'nobody' or no setpriv to run \(what) as: the compositor rig cannot start")
    }
    chown(runtime.path, nobody.pointee.pw_uid, nobody.pointee.pw_gid)
    return [setpriv, "--reuid=nobody", "--regid=nogroup", "--clear-groups"] + command
}

/// One event the virtual pointer sent, with when (CLOCK_MONOTONIC seconds, as the trace's `presentTime`).
struct SentEvent: Decodable {
    let type: String
    let sent: Double
}

/// `parallax run` on the compositor, on one driver, driven by `scripts/wayland-pointer-play`.
enum CompositorWindow {
    static let player = packageRoot.appendingPathComponent("scripts/wayland-pointer-play").path

    /// Plays `events` (the player's format) into a 1280x800 window of `scene` on `driver`, then runs
    /// `afterwards` while the window still shows; returns the window's trace, what the player sent,
    /// and the window's `--stats`.
    static func play(scene: String, driver: String, events: [[String: Any]], scale: Int = 1, on compositor: Compositor? = nil,
                     afterwards: (Compositor) throws -> Void = { _ in }) throws -> (trace: [TraceFrame], sent: [SentEvent], stats: [String: Any]) {
        let rig = try compositor ?? Compositor.start(scale: scale)
        defer { if compositor == nil { rig.stop() } }
        let folder = try windowRecordFolder("\(driver)-on-sway")
        let tracePath = folder.appendingPathComponent("trace.jsonl").path, statsPath = folder.appendingPathComponent("stats.json").path

        // The window is closed once it has come to rest after the last event; its --frames, a
        // minute at 60 Hz, only ends one that never rests.
        let window = try WindowProcess(["-n", "-10", parallaxBinary, "run", "--scene", scene, "--size", "1280x800", "--no-overlay",
                                        "--video-driver", driver, "--frames", "3600", "--trace", tracePath, "--stats", statsPath],
                                       executable: "/usr/bin/nice", environment: rig.environment,
                                       errorFile: folder.appendingPathComponent("stderr.txt"))
        // A second of frames is up and sway shows the window before the pointer moves: a first
        // frame drawn is not yet a window mapped (a click there went to no window), and the first
        // frames, beside the start's decodes of the bundled photos, can each take longer than a
        // wheel notch's animation (a click at 0.5 s then showed no frame of it).
        window.waitForFrames(60, tracePath: tracePath)
        try #require(window.isRunning, "parallax run on \(driver) ended early: \(window.errorsSoFar)")
        try rig.waitUntilShown(window)
        // No events, no virtual pointer: the compositor then has no pointer device at all.
        var sent: [SentEvent] = []
        if !events.isEmpty {
            var environment = rig.environment
            environment["PARALLAX_OUTPUT"] = "1280x800"
            let played = try run("/usr/bin/python3", [player], environment: environment, input: try JSONSerialization.data(withJSONObject: events))
            try #require(played.status == 0, "wayland-pointer-play: \(played.stderr)")
            sent = try played.stdout.split(separator: "\n").map { try JSONDecoder().decode(SentEvent.self, from: Data($0.utf8)) }
        }
        try afterwards(rig)
        window.waitForRest(tracePath: tracePath, after: sent.map(\.sent).max() ?? 0)
        try rig.close(window)
        try window.requireEnded(within: 60, why: "sway's kill (or its --frames)")
        let trace = try readTrace(tracePath), stats = try readStats(statsPath)
        try #require(stats["videoDriver"] as? String == driver, "the window ran on \(stats["videoDriver"] ?? "nothing"), not \(driver)")
        return (trace, sent, stats)
    }
}
