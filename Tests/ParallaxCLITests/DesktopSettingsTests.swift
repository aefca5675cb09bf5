import Foundation
import ParallaxTestSupport
import Testing

/// A private session bus (dbus-daemon) with a mock of the settings portal (python3-dbusmock) that
/// answers `org.gnome.desktop.interface enable-animations` as told and logs every call.
struct MockPortal {
    let bus: Process
    let portal: Process
    let folder: URL
    let address: String
    var callLog: String { (try? String(contentsOf: folder.appendingPathComponent("calls.log"), encoding: .utf8)) ?? "" }

    /// The portal's Settings interface as xdg-desktop-portal 1.16 serves it: `Read` answers a
    /// variant holding the setting's variant, and an unknown key with its NotFound error.
    static let template = """
    import dbus
    BUS_NAME = "org.freedesktop.portal.Desktop"
    MAIN_OBJ = "/org/freedesktop/portal/desktop"
    MAIN_IFACE = "org.freedesktop.portal.Settings"
    SYSTEM_BUS = False

    def load(mock, parameters):
        mock.animations = parameters["enable-animations"]
        mock.AddMethod(MAIN_IFACE, "Read", "ss", "v",
            'if (args[0], args[1]) != ("org.gnome.desktop.interface", "enable-animations"):\\n'
            '    raise dbus.exceptions.DBusException("no such key", name="org.freedesktop.portal.Error.NotFound")\\n'
            'ret = dbus.Boolean(self.animations, variant_level=2)')

    """

    static func start(enableAnimations: Bool) throws -> MockPortal {
        guard let daemon = which("dbus-daemon"), let dbusSend = which("dbus-send") else {
            try Test.cancel("dbus-daemon or dbus-send is not installed (scripts/install-deps --tests installs dbus): no session bus to try")
        }
        guard try run(RealWindow.python, ["-c", "import dbusmock"]).status == 0 else {
            try Test.cancel("python3-dbusmock is not installed for /usr/bin/python3 (scripts/install-deps --tests installs it)")
        }
        let folder = try newScratchFolder("portal")
        let templatePath = folder.appendingPathComponent("portal_settings.py").path
        _ = FileManager.default.createFile(atPath: templatePath, contents: Data(template.utf8))
        let bus = Process()
        bus.executableURL = URL(fileURLWithPath: daemon)
        // Its socket in the mock's folder (the session config's is in /tmp, where it stayed behind).
        bus.arguments = ["--session", "--nofork", "--print-address=1", "--address=unix:dir=\(folder.path)"]
        let out = Pipe()
        bus.standardOutput = out
        bus.standardError = FileHandle.nullDevice
        try bus.run()
        var address = ""
        while !address.hasSuffix("\n") {
            let data = out.fileHandleForReading.availableData
            if data.isEmpty { break }
            address += String(decoding: data, as: UTF8.self)
        }
        address = address.trimmingCharacters(in: .whitespacesAndNewlines)
        let portal = Process()
        portal.executableURL = URL(fileURLWithPath: RealWindow.python)
        portal.arguments = ["-m", "dbusmock", "--template", templatePath, "-l", folder.appendingPathComponent("calls.log").path,
                            "-p", "{\"enable-animations\": \(enableAnimations)}"]
        portal.environment = ["DBUS_SESSION_BUS_ADDRESS": address, "PATH": "/usr/bin:/bin"]
        portal.standardOutput = FileHandle.nullDevice
        portal.standardError = FileHandle.nullDevice
        try portal.run()
        let mock = MockPortal(bus: bus, portal: portal, folder: folder, address: address)
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline {
            let owned = try run(dbusSend, ["--bus=\(address)", "--print-reply", "--dest=org.freedesktop.DBus", "/org/freedesktop/DBus",
                                           "org.freedesktop.DBus.NameHasOwner", "string:org.freedesktop.portal.Desktop"])
            if owned.stdout.contains("boolean true") { return mock }
            Thread.sleep(forTimeInterval: 0.1)
        }
        mock.stop()
        throw MockPortalNotUp(address: address)
    }

    struct MockPortalNotUp: Error, CustomStringConvertible {
        let address: String
        var description: String { "the mock portal did not take its name on \(address) in 20 s" }
    }

    func stop() {
        for process in [portal, bus] where process.isRunning { kill(process.processIdentifier, SIGKILL) }
        portal.waitUntilExit()
        bus.waitUntilExit()
        try? FileManager.default.removeItem(at: folder)
    }
}

/// Reduced motion follows the desktop's "reduce animations" through the settings portal, below
/// what the user says (docs/physics-and-effects.md, "Reduced motion").
extension RealInputTests {
    /// `parallax run` for a few frames under a private Xvfb with `environment` added; its `--stats`
    /// and its standard error's lines.
    static func startingWindow(adding environment: [String: String]) throws -> (stats: [String: Any], errorLines: [String]) {
        let server = try XServer.start()
        defer { server.stop() }
        let stats = scratchURL("stats", suffix: ".json").path
        defer { try? FileManager.default.removeItem(atPath: stats) }
        let outcome = try parallax(["run", "--frames", "20", "--no-overlay", "--stats", stats],
                                   environment: server.environment.merging(environment) { $1 })
        try #require(outcome.status == 0, "\(outcome.stderr)")
        return (try readStats(stats), outcome.errorLines)
    }

    @Test func theDesktopsReduceAnimationsStartsTheWindowWithReducedMotionAndTheUserStillWins() throws {
        let reduced = try MockPortal.start(enableAnimations: false)
        defer { reduced.stop() }
        let started = try Self.startingWindow(adding: ["DBUS_SESSION_BUS_ADDRESS": reduced.address])
        #expect(started.stats["reducedMotion"] as? Bool == true && started.stats["reducedMotionSource"] as? String == "desktop", "\(started.stats)")
        #expect(started.errorLines.isEmpty, "\(started.errorLines)")
        #expect(reduced.callLog.contains("Read \"org.gnome.desktop.interface\" \"enable-animations\""), "calls: \(reduced.callLog)")
        let overruled = try Self.startingWindow(adding: ["DBUS_SESSION_BUS_ADDRESS": reduced.address, "PARALLAX_REDUCED_MOTION": "0"])
        #expect(overruled.stats["reducedMotion"] as? Bool == false && overruled.stats["reducedMotionSource"] as? String == "environment",
                "\(overruled.stats)")

        let animated = try MockPortal.start(enableAnimations: true)
        defer { animated.stop() }
        let plain = try Self.startingWindow(adding: ["DBUS_SESSION_BUS_ADDRESS": animated.address])
        #expect(plain.stats["reducedMotion"] as? Bool == false && plain.stats["reducedMotionSource"] as? String == "desktop", "\(plain.stats)")
    }

    /// No bus where the address points: off, and nothing said about it (gsettings, where installed,
    /// answers its default from memory here).
    @Test func withoutASessionBusReducedMotionIsOffAndNothingIsSaid() throws {
        let runtime = try newScratchFolder("no-bus")
        defer { try? FileManager.default.removeItem(at: runtime) }
        let started = try Self.startingWindow(adding: ["DBUS_SESSION_BUS_ADDRESS": "unix:path=\(runtime.path)/no-bus", "XDG_RUNTIME_DIR": runtime.path,
                                                       "GSETTINGS_BACKEND": "memory"])
        #expect(started.stats["reducedMotion"] as? Bool == false, "\(started.stats)")
        #expect(started.errorLines.isEmpty, "\(started.errorLines)")
    }

    /// `capture` draws what the script says, whatever the desktop: it never asks.
    @Test func captureDoesNotAskTheDesktop() throws {
        let portal = try MockPortal.start(enableAnimations: false)
        defer { portal.stop() }
        let out = scratchURL("cap").path
        defer { try? FileManager.default.removeItem(atPath: out) }
        var environment = withoutUserConfig(ProcessInfo.processInfo.environment)
        environment["DBUS_SESSION_BUS_ADDRESS"] = portal.address
        let outcome = try parallax(["capture", "--scene", "feed", "--at", "0", "--size", "320x200", "--out", out], environment: environment)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(!portal.callLog.contains("Read"), "calls: \(portal.callLog)")
    }
}
