import Foundation
import Testing

@Suite(.childProcesses) struct WindowTests {
    @Test func runsThirtyFramesUnderXvfbAndExitsCleanly() throws {
        let server = try XServer.start()
        defer { server.stop() }
        let stats = writeTemporary("", name: "stats.json")
        let outcome = try parallax(["run", "--frames", "30", "--stats", stats], environment: server.environment)
        #expect(outcome.status == 0, "stderr: \(outcome.stderr)")
        let summary = (try? Data(contentsOf: URL(fileURLWithPath: stats))).flatMap { try? JSONSerialization.jsonObject(with: $0) } as? [String: Any]
        // 30 frames presented; each frame's sample holds its interval since the one before, so the
        // stats sample the 29 frames after the first, whose own time is firstFrameMs.
        #expect(summary?["frames"] as? Double == 29, "\(String(describing: summary))")
        #expect((summary?["firstFrameMs"] as? Double).map { $0 > 0 } == true, "\(String(describing: summary))")
    }

    @Test func withoutADisplayItSaysSoAndPointsAtCapture() throws {
        let outcome = try parallax(["run", "--frames", "1"], environment: environmentWithoutDisplay)
        #expect(outcome.status == 1)
        #expect(outcome.errorLines.count == 1)
        #expect(outcome.errorLines.first?.contains("no display available") == true)
        #expect(outcome.errorLines.first?.contains("parallax capture") == true)
    }
}
