import Foundation
import ParallaxFrame
import Testing

/// `ProcessStart` (Sources/ParallaxFrame/ProcessStart.swift) against the one clock that knows when a
/// child started: its parent's, read just before and just after the spawn.
@Suite(.childProcesses) struct ProcessStartTests {
    /// Whichever resolution the child reports, its reading lies within the spawn, or before it by
    /// at most one kernel tick and the millisecond `ProcessStart` lets the microsecond reading stray
    /// from its tick: the tick truncates the start, and the microsecond reading is kept only within
    /// its tick. That the microsecond reading is exact is not a test's to say: on a busy machine
    /// this one has read 2 ms before the spawn began (the kernel's run-queue counters lag under
    /// load), so it is `bench`'s (`firstFrameResolution`, `processStartBootTime`).
    @Test func benchTimesTheFirstFrameFromTheSpawnWithinItsResolution() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: parallaxBinary)
        process.arguments = ["bench", "--frames", "2", "--json"]
        process.environment = environmentWithoutDisplay
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        let before = ProcessStart.bootClock()
        try process.run()
        let after = ProcessStart.bootClock()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let report = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let start = try #require(report["processStartBootTime"] as? Double)
        let resolution = try #require(report["firstFrameResolution"] as? String)
        let firstFrame = try #require(report["firstFrameMs"] as? Double)
        #expect(firstFrame > 0)
        #expect([ProcessStart.Resolution.microsecond.rawValue, ProcessStart.Resolution.kernelTick.rawValue].contains(resolution))
        let earliest = before - 1 / Double(sysconf(Int32(_SC_CLK_TCK))) - 0.001
        #expect(start >= earliest && start <= after + 0.0002,
                "\(resolution): \((start - before) * 1000) ms after the spawn began, which took \((after - before) * 1000) ms")
    }
}
