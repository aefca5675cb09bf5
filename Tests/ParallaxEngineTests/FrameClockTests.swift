import Testing
@testable import ParallaxEngine

@Suite struct FrameClockTests {
    @Test func stepsAtExactMultiplesOfTheInterval() {
        var clock = FrameClock()
        #expect(clock.time == 0)
        for n in 1...600 {
            #expect(clock.step() == Double(n) / 60)
        }
    }

    @Test func doesNotDriftOverALongRun() {
        var clock = FrameClock(rate: 60)
        for _ in 0..<1_000_000 { clock.step() }
        let millionFramesTime: Double = 1_000_000.0 / 60
        #expect(clock.time == millionFramesTime)
    }

    @Test func advanceStepsWholeFramesOnly() {
        var clock = FrameClock(rate: 60)
        #expect(clock.advance(to: 0.01) == 0)
        #expect(clock.advance(to: 1.0 / 60) == 1)
        #expect(clock.advance(to: 0.1) == 5)
        #expect(clock.frame == 6)
        #expect(clock.advance(to: 0.05) == 0, "time going backwards steps nothing")
        #expect(clock.advance(to: .nan) == 0)
        #expect(clock.advance(to: .infinity) == 0)
        #expect(clock.frame == 6)
    }

    @Test func otherRates() {
        var clock = FrameClock(rate: 144)
        #expect(clock.advance(to: 1) == 144)
        #expect(clock.time == 1)
    }
}
