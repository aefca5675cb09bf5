import Testing
@testable import ParallaxEngine

@Suite struct LatchBudgetTests {
    @Test func answersUnknownUntilEnoughFramesWereMeasured() {
        var budget = LatchBudget()
        for _ in 0..<(LatchBudget.minimumSamples - 1) { budget.record(0.005) }
        #expect(budget.value(unknown: 0.008) == 0.008)
        budget.record(0.005)
        #expect(budget.value(unknown: 0.008) == 0.005 + LatchBudget.margin)
    }

    @Test func isTheNearestRankP99OfTheLast120FramesPlusTheMargin() {
        var budget = LatchBudget(capacity: 120)
        // 1 ... 120 ms: the nearest rank of p99 over 120 values is the 119th smallest.
        for ms in 1...120 { budget.record(Double(ms) / 1000) }
        #expect(abs(budget.value(unknown: 0) - (0.119 + 0.002)) < 1e-12)
        // 120 newer frames of 5 ms push all of those out.
        for _ in 0..<120 { budget.record(0.005) }
        #expect(abs(budget.value(unknown: 0) - 0.007) < 1e-12)
        // One slow frame is the largest of 120, above p99's rank: it does not move the budget...
        budget.record(0.030)
        #expect(abs(budget.value(unknown: 0) - 0.007) < 1e-12)
        // ...a second one within the window does.
        budget.record(0.020)
        #expect(abs(budget.value(unknown: 0) - 0.022) < 1e-12)
    }

    @Test func ignoresDurationsThatAreNotWork() {
        var budget = LatchBudget()
        for _ in 0..<20 { budget.record(0.004) }
        budget.record(.nan)
        budget.record(-1)
        budget.record(.infinity)
        budget.record(.infinity)
        #expect(abs(budget.value(unknown: 0) - 0.006) < 1e-12)
    }
}

@Suite struct PresentScheduleTests {
    @Test func theTimerAimsAtTheNextTickAtLeastTheMarginAhead() {
        let timer = PresentSchedule(timerRate: 60)
        #expect(timer.source == .timer)
        let firstTick: Double = 1.0 / 60, secondTick: Double = 2.0 / 60
        #expect(timer.nextPresent(after: 0) == firstTick)
        // 14 ms + the 2 ms margin is before the tick at 16.67 ms.
        #expect(timer.nextPresent(after: 0.014) == firstTick)
        // 15 ms + 2 ms is not: the next tick.
        #expect(timer.nextPresent(after: 0.015) == secondTick)
        // Exactly the margin ahead is enough.
        #expect(abs(timer.nextPresent(after: firstTick - 0.002) - firstTick) < 1e-12)
        // Far behind (a stall): the next tick still ahead, none caught up.
        #expect(abs(timer.nextPresent(after: 1.0) - 61.0 / 60) < 1e-12)
    }

    /// A display that holds each present until the first refresh after the frame is ready, the
    /// present returning that refresh plus a wake-up delay.
    struct SimulatedDisplay {
        let rate: Double
        /// Refresh 0, on the pacer's clock (which starts just after the first frame's present).
        let phase: Double
        func refresh(atOrAfter time: Double) -> Int { Int(((time - phase) * rate).rounded(.up)) }
        func time(ofRefresh n: Int) -> Double { phase + Double(n) / rate }
    }

    struct Frame {
        var refresh: Int
        var stamped: Double
        var shownAt: Double
        var onTime: Bool
    }

    /// The window's loop (`FramePacer` in ParallaxSDL) against `display`: latch, work, present.
    /// The first `queued` presents return at once, as from a driver filling its swap queue.
    static func simulate(_ display: SimulatedDisplay, reportedRate: Double, minutes: Double, work: ClosedRange<Double>,
                         seed: UInt64, queued: Int = 0) -> (frames: [Frame], schedule: PresentSchedule) {
        var random = SplitMix64(state: seed)
        var schedule = PresentSchedule(displayRate: reportedRate)
        var budget = LatchBudget()
        var frames: [Frame] = []
        var now = 0.0
        while now < minutes * 60 {
            let lead = budget.lead(period: schedule.period)
            let target = schedule.nextPresent(after: now)
            let latch = max(now, target - lead)
            // Mostly steady work, and one frame in 500 slower than the budget.
            var duration = Double.random(in: work, using: &random)
            if Int.random(in: 0..<500, using: &random) == 0 { duration *= 2 }
            budget.record(duration)
            let ready = latch + duration
            let refresh = display.refresh(atOrAfter: ready)
            let shownAt = display.time(ofRefresh: refresh)
            // The wake-up after the refresh: up to 0.3 ms, and one in 100 up to 1.5 ms.
            let wake = Int.random(in: 0..<100, using: &random) == 0
                ? Double.random(in: 0...0.0015, using: &random) : Double.random(in: 0...0.0003, using: &random)
            let aimedAt = display.time(ofRefresh: display.refresh(atOrAfter: target - 0.5 / display.rate))
            frames.append(Frame(refresh: refresh, stamped: target, shownAt: shownAt, onTime: ready <= aimedAt))
            let returned = frames.count <= queued ? ready + 0.0002 : shownAt + wake
            schedule.presented(at: returned, target: target)
            now = returned + 0.00002
        }
        return (frames, schedule)
    }

    @Test(arguments: [(59.94, 60.0), (60.0, 60.0), (60.02, 60.0), (144.0, 144.0)])
    func locksToTheDisplayOneNewFramePerRefresh(rate: Double, reported: Double) {
        var random = SplitMix64(state: 7)
        let display = SimulatedDisplay(rate: rate, phase: -Double.random(in: 0...0.0003, using: &random))
        // Work as measured in the window: a few milliseconds, within a refresh at 144 Hz too.
        let period = 1 / rate
        let (frames, schedule) = Self.simulate(display, reportedRate: reported, minutes: 10,
                                               work: (0.2 * period)...(0.5 * period), seed: 11)
        #expect(schedule.source == .display)
        #expect(abs(schedule.period - period) < 1e-6, "fitted \(schedule.period), display \(period)")
        let settled = frames.drop { $0.shownAt < 1 }
        var doubles = 0, skips = 0, onTime = 0, stampErrors = 0
        for (previous, frame) in zip(settled, settled.dropFirst()) {
            if frame.refresh == previous.refresh { doubles += 1 }
            guard frame.onTime else { continue }
            onTime += 1
            if frame.refresh > previous.refresh + 1 { skips += 1 }
            // The motion is computed for the frame's stamp: it must be when the frame is seen.
            if abs(frame.stamped - frame.shownAt) > 0.0005 { stampErrors += 1 }
        }
        #expect(Double(settled.count) > 599 * rate * 0.99, "ten minutes of refreshes, less the first second")
        #expect(Double(onTime) > 0.99 * Double(settled.count))
        #expect(doubles == 0)
        #expect(skips == 0)
        #expect(stampErrors == 0)
    }

    @Test func aDriverQueueingItsFirstPresentsStillLocks() {
        let display = SimulatedDisplay(rate: 59.94, phase: -0.008)
        let (frames, schedule) = Self.simulate(display, reportedRate: 60, minutes: 1, work: 0.003...0.008, seed: 5,
                                               queued: 8)
        #expect(schedule.source == .display)
        let settled = frames.drop { $0.shownAt < 1 }
        #expect(!settled.isEmpty)
        #expect(zip(settled, settled.dropFirst()).allSatisfy { !$1.onTime || $1.refresh == $0.refresh + 1 })
    }

    @Test func fallsBackToTheTimerWhenPresentsReturnAtOnce() {
        // vsync with no effect: a present returns as soon as it is made.
        var schedule = PresentSchedule(displayRate: 60)
        var now = 0.0
        for _ in 0..<PresentSchedule.settlePresents + PresentSchedule.probeFrames + 1 {
            let target = schedule.nextPresent(after: now)
            let returned = max(now, target - 0.008) + 0.003
            schedule.presented(at: returned, target: target)
            now = returned
        }
        #expect(schedule.source == .timer)
        let timerPeriod: Double = 1.0 / 60
        #expect(schedule.period == timerPeriod)
    }

    @Test func fallsBackToTheTimerOnAnIrregularFakeRefresh() {
        // Xvfb's fake refresh, as measured: 16 ms on average, presents returning up to 10 ms off.
        var random = SplitMix64(state: 3)
        var schedule = PresentSchedule(displayRate: 60)
        var fake = 0.0
        for _ in 0..<PresentSchedule.settlePresents + PresentSchedule.probeFrames + 1 {
            let target = schedule.nextPresent(after: fake)
            fake += Double.random(in: 0.006...0.026, using: &random)
            schedule.presented(at: max(fake, target - 0.008), target: target)
        }
        #expect(schedule.source == .timer)
    }
}
