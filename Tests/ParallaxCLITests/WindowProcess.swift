import Foundation
import ParallaxTestSupport
import Testing

/// `parallax run` (or another program: `nice` in front of it) as a child of the test, its standard
/// error kept for the failure message; killed when the test lets go of it still running.
final class WindowProcess {
    let process: Process
    private let errors = Pipe()
    /// Where its standard error goes instead of a pipe, where it writes more than a pipe holds.
    private let errorFile: URL?

    init(_ arguments: [String], executable: String = parallaxBinary, environment: [String: String], directory: URL? = nil,
         errorFile: URL? = nil) throws {
        self.errorFile = errorFile
        process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = environment
        if let directory { process.currentDirectoryURL = directory }
        if let errorFile {
            _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)
            process.standardError = try FileHandle(forWritingTo: errorFile)
        } else {
            process.standardError = errors
        }
        process.standardOutput = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
    }

    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }

    var isRunning: Bool { process.isRunning }

    /// Waits (up to `timeout` s) until the window has written `frames` lines of its trace at
    /// `tracePath`, or has ended.
    func waitForFrames(_ frames: Int, tracePath: String, timeout: TimeInterval = 20) {
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline
                && ((try? String(contentsOfFile: tracePath, encoding: .utf8))?.split(separator: "\n").count ?? 0) < frames {
            Thread.sleep(forTimeInterval: 0.05)
        }
    }

    /// Waits (up to `timeout` s) until the window has been at rest for half a second of frames
    /// (phase idle, still) presented after `time` (CLOCK_MONOTONIC s), or has ended. Each look reads
    /// only the lines written since the last, beside windows that want the cores.
    func waitForRest(tracePath: String, after time: Double, timeout: TimeInterval = 30) {
        let deadline = Date().addingTimeInterval(timeout)
        var file: FileHandle?
        defer { try? file?.close() }
        var pending = Data(), resting = 0
        while process.isRunning && Date() < deadline {
            file = file ?? FileHandle(forReadingAtPath: tracePath)
            pending.append(file?.availableData ?? Data())
            // Whole lines only: the last may be half written.
            while let end = pending.firstIndex(of: UInt8(ascii: "\n")) {
                let line = pending[..<end]
                pending.removeSubrange(...end)
                let frame = ((try? JSONSerialization.jsonObject(with: line)) as? [String: Any]).flatMap { try? TraceFrame($0) }
                let still = frame.map { $0.phase == "idle" && $0.velocity == 0 && ($0.presentTime ?? 0) > time } ?? false
                resting = still ? resting + 1 : 0
            }
            if resting >= 30 { return }
            Thread.sleep(forTimeInterval: 0.1)
        }
    }

    /// What it wrote to standard error so far (it may still be running).
    var errorsSoFar: String {
        if let errorFile { return (try? String(contentsOf: errorFile, encoding: .utf8)) ?? "" }
        return String(decoding: errors.fileHandleForReading.availableData, as: UTF8.self)
    }

    /// Waits (up to `timeout` s) for it to end, and requires that it did, with status 0; `why`
    /// says what should have ended it.
    func requireEnded(within timeout: TimeInterval, why: String) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        try #require(!process.isRunning, "\(why) did not end the window")
        let said = errorFile == nil ? String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self) : errorsSoFar
        try #require(process.terminationStatus == 0, "parallax run: \(said.suffix(2000))")
    }
}

/// The frames of a `--trace` file.
func readTrace(_ path: String) throws -> [TraceFrame] {
    try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map { line in
        try TraceFrame(try #require(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]))
    }
}

/// A `--stats` file's object.
func readStats(_ path: String) throws -> [String: Any] {
    try #require(JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
}

/// A new folder for one real-input window's trace, stats and standard error, named after the test:
/// under `.build/window-traces`, which the first window of a test process empties, so the last
/// run's windows (a failed test's above all) can be read there after it (docs/testing.md,
/// "Real-input tests").
func windowRecordFolder(_ kind: String) throws -> URL {
    let test = (Test.current?.name ?? "window").prefix { $0 != "(" }
    let folder = windowRecords.appendingPathComponent("\(test)-\(kind)-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
}

private let windowRecords: URL = {
    let folder = packageRoot.appendingPathComponent(".build/window-traces")
    try? FileManager.default.removeItem(at: folder)
    return folder
}()
