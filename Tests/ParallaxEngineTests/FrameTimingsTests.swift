import Testing
@testable import ParallaxEngine

@Suite struct FrameTimingsTests {
    func sample(_ ms: Double) -> FrameSample { FrameSample(interval: ms / 1000, update: 0.001, layout: 0.002, render: 0.003) }

    @Test func percentileIsTheNearestRank() {
        let values = (1...100).map(Double.init)
        #expect(percentile(values, 0.5) == 50)
        #expect(percentile(values, 0.99) == 99)
        #expect(percentile(values, 1) == 100)
        #expect(percentile([7], 0.99) == 7)
        #expect(percentile([], 0.5) == 0)
    }

    @Test func theRingKeepsTheLast120OldestFirst() {
        var timings = FrameTimings()
        for i in 0..<300 { timings.record(sample(Double(i))) }
        let recent = timings.recent
        #expect(recent.count == 120)
        #expect(abs(recent.first!.interval - 0.180) < 1e-12)
        #expect(abs(recent.last!.interval - 0.299) < 1e-12)
        #expect(timings.all.isEmpty, "history only when asked for")
    }

    @Test func framesPerSecondOverTheLastSecond() {
        var timings = FrameTimings()
        for _ in 0..<30 { timings.record(sample(50)) }     // 20 fps, long ago
        for _ in 0..<60 { timings.record(sample(1000.0 / 60)) }
        #expect(abs(timings.framesPerSecond() - 60) < 1e-6)
    }

    @Test func theSummaryReportsMillisecondsAndMeanFps() {
        var timings = FrameTimings(keepsHistory: true)
        for i in 0..<100 { timings.record(sample(i == 50 ? 30 : 1000.0 / 60)) }
        timings.firstFrame = 0.095
        guard case let .object(summary) = timings.summary,
              case let .object(interval)? = summary["intervalMs"],
              case let .number(mean)? = summary["meanFps"] else { Issue.record("shape"); return }
        #expect(summary["frames"] == .number(100))
        #expect(summary["firstFrameMs"] == .number(95))
        #expect(interval["max"] == .number(30))
        let frameMilliseconds: Double = 1000.0 / 60
        #expect(interval["p50"] == .number(frameMilliseconds))
        // The first sample's interval precedes the run, so 99 intervals count.
        #expect(abs(mean - 99 / ((98 * 1000.0 / 60 + 30) / 1000)) < 1e-9)
    }
}
