import Foundation
import ParallaxTestSupport
import Testing

/// GNOME's own compositor, headless, for one test: Debian 12's mutter 43 with one 1280x800 virtual
/// monitor and no X11, on a private session bus (`dbus-run-session`), in a runtime folder of its
/// own, as `nobody` where the tests run as root (docs/testing.md, "The compositor rig"). GNOME draws
/// no server-side decorations, so SDL2 draws the window's through libdecor. Input comes through
/// mutter's remote-desktop D-Bus API (`scripts/mutter-remote-play`). Where mutter is not installed or
/// does not start, the test is cancelled with the reason.
struct Mutter {
    let process: Process
    let runtimeDirectory: URL
    /// mutter's socket, as an absolute path.
    let waylandDisplay: String
    /// mutter's session bus, where its remote-desktop API is.
    let busAddress: String
    static let player = packageRoot.appendingPathComponent("scripts/mutter-remote-play").path

    static func start() throws -> Mutter {
        for tool in ["mutter", "dbus-run-session"] where which(tool) == nil {
            try Test.cancel("\(tool) is not installed (scripts/install-deps --tests installs mutter and dbus): the mutter rig cannot start")
        }
        let runtime = try newScratchFolder("mutter")
        chmod(runtime.path, 0o700)
        let bus = runtime.appendingPathComponent("bus")
        // The bus's address is written once mutter's child shell has it; mutter then replaces that shell.
        let inside = "echo \"$DBUS_SESSION_BUS_ADDRESS\" > \(bus.path).part && mv \(bus.path).part \(bus.path) && "
            + "exec mutter --wayland --headless --no-x11 --wayland-display=wayland-parallax --virtual-monitor 1280x800"
        // The session bus listens in the runtime folder, which goes with the rig, rather than in /tmp
        // (the session config's unix:tmpdir), where its socket stayed behind.
        let daemon = runtime.appendingPathComponent("dbus-daemon").path
        let wrapper = "#!/bin/sh\nexec \(try #require(which("dbus-daemon"))) --address=unix:dir=\(runtime.path) \"$@\"\n"
        try #require(FileManager.default.createFile(atPath: daemon, contents: Data(wrapper.utf8), attributes: [.posixPermissions: 0o755]))
        // mutter and the window share the two cores with the other suites: both at nice -10 where allowed.
        let command = ["/usr/bin/nice", "-n", "-10"]
            + (try unprivileged([try #require(which("dbus-run-session")), "--dbus-daemon=\(daemon)", "--", "/bin/sh", "-c", inside],
                                owning: runtime, what: "mutter"))
        let log = runtime.appendingPathComponent("mutter.log")
        let mutter = try startCompositor(command, runtime: runtime, log: log)
        let socket = runtime.appendingPathComponent("wayland-parallax").path
        let rig = Mutter(process: mutter, runtimeDirectory: runtime, waylandDisplay: socket, busAddress: "")
        let deadline = Date().addingTimeInterval(20)
        while mutter.isRunning && Date() < deadline && !(FileManager.default.fileExists(atPath: socket) && FileManager.default.fileExists(atPath: bus.path)) {
            Thread.sleep(forTimeInterval: 0.05)
        }
        let address = ((try? String(contentsOf: bus, encoding: .utf8)) ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        guard mutter.isRunning, FileManager.default.fileExists(atPath: socket), !address.isEmpty else {
            let what = mutter.isRunning ? "mutter was not up in 20 s" : "mutter exited with status \(mutter.terminationStatus)"
            let tail = ((try? String(contentsOf: log, encoding: .utf8)) ?? "").split(separator: "\n").suffix(3).joined(separator: " / ")
            rig.stop()
            try Test.cancel("the mutter rig could not start: \(what) / \(tail)")
        }
        return Mutter(process: mutter, runtimeDirectory: runtime, waylandDisplay: socket, busAddress: address)
    }

    /// For the window on mutter only: no X display, no inherited `SDL_VIDEODRIVER`, and not
    /// mutter's session bus (the desktop's settings are not what these tests look at).
    var environment: [String: String] {
        var environment = environmentWithoutDisplay
        environment["WAYLAND_DISPLAY"] = waylandDisplay
        return environment
    }

    /// Plays `events` (`scripts/mutter-remote-play`'s format) through mutter's remote-desktop API, as
    /// mutter's user on its bus; returns when each was sent.
    func play(_ events: [[String: Any]]) throws -> [SentEvent] {
        guard try run(RealWindow.python, ["-c", "import dbus, Xlib"]).status == 0 else {
            try Test.cancel("python3-dbus or python3-xlib is not installed for /usr/bin/python3 (scripts/install-deps installs them)")
        }
        let command = try unprivileged(["/usr/bin/env", "DBUS_SESSION_BUS_ADDRESS=\(busAddress)", RealWindow.python, Self.player],
                                       owning: runtimeDirectory, what: "mutter-remote-play")
        let played = try run(command[0], Array(command.dropFirst()), input: try JSONSerialization.data(withJSONObject: events))
        try #require(played.status == 0, "mutter-remote-play: \(played.stderr)")
        return try played.stdout.split(separator: "\n").map { try JSONDecoder().decode(SentEvent.self, from: Data($0.utf8)) }
    }

    /// mutter, its bus and whatever else `dbus-run-session` started are killed (signals other than
    /// SIGKILL are blocked in Foundation's children and theirs), and the runtime folder goes.
    func stop() {
        for pid in descendants(of: process.processIdentifier) { kill(pid, SIGKILL) }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        try? FileManager.default.removeItem(at: runtimeDirectory)
    }
}

/// Every process below `pid`, from /proc's parent links, children before their parents' parents.
func descendants(of pid: pid_t) -> [pid_t] {
    let parents: [pid_t: pid_t] = Dictionary(uniqueKeysWithValues: ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []).compactMap { entry in
        guard let child = pid_t(entry), let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return nil }
        // After "pid (name) state ": the parent's pid.
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        return fields.count > 1 ? pid_t(fields[1]).map { (child, $0) } : nil
    })
    var found: [pid_t] = []
    var frontier = [pid]
    while let next = frontier.popLast() {
        let children = parents.filter { $0.value == next }.map(\.key)
        found += children
        frontier += children
    }
    return found.reversed()
}
