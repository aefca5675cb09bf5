import Foundation
import Testing

/// A private Xvfb for one test, so window tests never depend on (or disturb) a display of the
/// machine's. Where none can start, the test is cancelled with the reason.
struct XServer {
    let process: Process
    /// `:N`, the display Xvfb chose.
    let display: String

    /// Starts Xvfb on a free display (it writes the number once it accepts clients) with a screen of
    /// `screen` pixels, or cancels the calling test saying why it could not.
    static func start(screen: String = "1280x800") throws -> XServer {
        guard let xvfb = which("Xvfb") else {
            try Test.cancel("Xvfb is not installed (scripts/install-deps installs it): no window can be tried")
        }
        // XTest events take their X time when Xvfb handles them (a real server takes the device's),
        // so a busy machine that holds Xvfb back bends the times of a drag: Xvfb runs at nice -15
        // where that is allowed (as root), as scripts/xtest-play does. `nice` runs it as it is where not.
        let server = Process()
        server.executableURL = URL(fileURLWithPath: "/usr/bin/nice")
        // -noreset: what a client leaves on the root window (`xrdb`'s resources) stays when it disconnects.
        server.arguments = ["-n", "-15", xvfb, "-displayfd", "1", "-screen", "0", screen + "x24", "-nolisten", "tcp", "-noreset"]
        let out = Pipe(), err = Pipe()
        server.standardOutput = out
        server.standardError = err
        server.standardInput = FileHandle.nullDevice
        try server.run()
        let ready = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var number = ""
        Thread.detachNewThread {
            while !number.hasSuffix("\n") {
                let data = out.fileHandleForReading.availableData
                if data.isEmpty { break }
                number += String(decoding: data, as: UTF8.self)
            }
            ready.signal()
        }
        if ready.wait(timeout: .now() + 20) == .timedOut || !number.hasSuffix("\n") {
            let what = server.isRunning ? "Xvfb gave no display number in 20 s" : "Xvfb exited with status \(server.terminationStatus)"
            if server.isRunning { kill(server.processIdentifier, SIGKILL) }
            server.waitUntilExit()
            let log = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            let reason = ([what] + log.split(separator: "\n").suffix(3).map(String.init)).joined(separator: " / ")
            try Test.cancel("no X server could start here: \(reason)")
        }
        return XServer(process: server, display: ":" + number.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// The environment for a program on this display only: no other display, and no
    /// `SDL_VIDEODRIVER` (an inherited "dummy" would run with no window at all).
    var environment: [String: String] {
        var environment = environmentWithoutDisplay
        environment["DISPLAY"] = display
        return environment
    }

    /// Foundation's `Process` starts its children with most signals blocked, so Xvfb would never see
    /// a SIGTERM: it is killed, and its lock and socket, which it would have removed, go too.
    func stop() {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        Self.removeFiles(of: display)
    }

    /// What an X server on `display` (`:N`) would have removed when it ends: its lock and socket.
    static func removeFiles(of display: String) {
        let number = display.dropFirst()
        try? FileManager.default.removeItem(atPath: "/tmp/.X\(number)-lock")
        try? FileManager.default.removeItem(atPath: "/tmp/.X11-unix/X\(number)")
    }
}
