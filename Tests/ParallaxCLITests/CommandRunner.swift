import Foundation
import ParallaxTestSupport
import Testing

/// The built `parallax`, beside the test bundle in SwiftPM's build folder.
let parallaxBinary: String = {
    let exe = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    return exe.deletingLastPathComponent().appendingPathComponent("parallax").path
}()

struct Outcome {
    let status: Int32
    let stdout: String
    let stderr: String
    /// Standard error without the noise of libraries that print on their own.
    var errorLines: [String] { stderr.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("libpng warning") } }
}

/// Runs a command with a time limit (a hung command is killed and fails the test), `input` on its
/// standard input.
func run(_ executable: String, _ arguments: [String], environment: [String: String]? = nil, input: Data? = nil,
         timeout: TimeInterval = 120) throws -> Outcome {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    if let environment { process.environment = environment }
    let out = Pipe(), err = Pipe(), stdin = Pipe()
    process.standardOutput = out
    process.standardError = err
    process.standardInput = input == nil ? FileHandle.nullDevice : stdin
    try process.run()
    // Read while it runs: output beyond a pipe's buffer (64 KiB) would otherwise block it for good.
    let collected = Collected()
    let readers = DispatchGroup()
    for (pipe, isOutput) in [(out, true), (err, false)] {
        DispatchQueue.global().async(group: readers) { collected.set(pipe.fileHandleForReading.readDataToEndOfFile(), output: isOutput) }
    }
    if let input {
        try stdin.fileHandleForWriting.write(contentsOf: input)
        try stdin.fileHandleForWriting.close()
    }
    let deadline = Date().addingTimeInterval(timeout)
    while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
    if process.isRunning {
        process.terminate()
        Issue.record("\(executable) \(arguments) did not finish in \(timeout) s")
    }
    process.waitUntilExit()
    readers.wait()
    return Outcome(status: process.terminationStatus, stdout: String(decoding: collected.output, as: UTF8.self),
                   stderr: String(decoding: collected.errors, as: UTF8.self))
}

/// A child's standard output and error, read on two threads.
private final class Collected: @unchecked Sendable {
    private let lock = NSLock()
    private var data: (output: Data, errors: Data) = (Data(), Data())
    var output: Data { lock.withLock { data.output } }
    var errors: Data { lock.withLock { data.errors } }
    func set(_ bytes: Data, output isOutput: Bool) {
        lock.withLock { if isOutput { data.output = bytes } else { data.errors = bytes } }
    }
}

func parallax(_ arguments: [String], environment: [String: String]? = nil, timeout: TimeInterval = 120) throws -> Outcome {
    try run(parallaxBinary, arguments, environment: environment ?? withoutUserConfig(ProcessInfo.processInfo.environment), timeout: timeout)
}

/// `environment` with an empty folder as `XDG_CONFIG_HOME`, so a `run` in a test never reads the
/// config file of whoever runs the tests (UserConfigTests sets its own).
func withoutUserConfig(_ environment: [String: String]) -> [String: String] {
    var environment = environment
    environment["XDG_CONFIG_HOME"] = emptyConfigHome
    return environment
}

let emptyConfigHome = temporaryFolder("no-config")

func which(_ tool: String) -> String? {
    for dir in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
        let path = "\(dir)/\(tool)"
        if FileManager.default.isExecutableFile(atPath: path) { return path }
    }
    return nil
}

func writeTemporary(_ text: String, name: String) -> String {
    let path = temporaryFolder("cli") + "/" + name
    _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
    return path
}

/// The environment without any display, as on a server (and without the user's config file), and
/// without a session bus: a bus address where nothing listens. With none set and a `DISPLAY`, libdbus
/// in SDL autolaunches a bus of its own for every window (left running after it), and on Wayland SDL
/// then reads the cursor theme from the settings portal, blocking, on the pointer's first entry:
/// activating the portal there (its GTK backend, the accessibility bus) held a window's frames back
/// for over a second on a cold, busy machine. The tests of the desktop's settings bring their own bus.
var environmentWithoutDisplay: [String: String] {
    var env = withoutUserConfig(ProcessInfo.processInfo.environment)
    env["DISPLAY"] = nil
    env["WAYLAND_DISPLAY"] = nil
    env["SDL_VIDEODRIVER"] = nil
    env["DBUS_SESSION_BUS_ADDRESS"] = "unix:path=\(scratchFolder.path)/no-session-bus"
    return env
}
