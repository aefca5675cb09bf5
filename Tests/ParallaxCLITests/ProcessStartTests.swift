import Foundation
import ParallaxSDL
import Testing

/// `ProcessStart` (Sources/ParallaxSDL/ProcessStart.swift) against the one clock that knows when a
/// child started: its parent's, read just before and just after the spawn.
@Suite struct ProcessStartTests {
    /// Whichever resolution the child reports, its reading lies within the spawn, widened by what that
    /// resolution allows: a fraction of a millisecond for the microsecond reading, one kernel tick
    /// earlier for the tick (which truncates the start). A busy machine can make the child sleep
    /// before its first reading (a page fault waiting on disk), which makes it a tick reading, not a
    /// wrong one; how often it is microsecond is `bench`'s to say (`firstFrameResolution`).
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
        let tick = 1 / Double(sysconf(Int32(_SC_CLK_TCK)))
        let earliest: Double
        switch resolution {
        case ProcessStart.Resolution.microsecond.rawValue: earliest = before - 0.0002
        case ProcessStart.Resolution.kernelTick.rawValue: earliest = before - tick
        default: Issue.record("unknown resolution \(resolution)"); return
        }
        #expect(start >= earliest && start <= after + 0.0002,
                "\(resolution): \((start - before) * 1000) ms after the spawn began, which took \((after - before) * 1000) ms")
    }
}
