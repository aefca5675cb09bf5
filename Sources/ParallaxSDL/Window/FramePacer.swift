import CSDL2
import Glibc
import ParallaxEngine
import ParallaxFrame

/// Paces the window's frames with SDL's performance counter (docs/performance.md, "Frame pacing"). Each frame
/// is aimed at a present time from its `PresentSchedule`: a display refresh when vsync holds
/// presents to one, else a fixed timer. Input is polled as late as the `LatchBudget` allows before
/// that time; then the frame is built and rendered, and presented: at once on a display (vsync
/// waits for the refresh), after a precise sleep on the timer.
public struct FramePacer {
    public private(set) var schedule: PresentSchedule
    private var budget = LatchBudget()
    private let start = Stopwatch()
    /// How long before a deadline to stop sleeping and start spinning. nanosleep overshoots by tens
    /// of microseconds; a longer spin would take a core from the rasteriser and the X server.
    static let spinMargin = 0.0002

    public init(schedule: PresentSchedule) {
        self.schedule = schedule
    }

    /// Seconds since the pacer started.
    public var elapsed: Double { start.elapsed }

    /// The next frame: when to poll input and when it will be presented (frames are stamped with
    /// that), in seconds since the start (`LatchBudget.lead`).
    public func nextFrame() -> (latch: Double, present: Double) {
        let now = elapsed
        let present = schedule.nextPresent(after: now)
        return (max(now, present - budget.lead(period: schedule.period)), present)
    }

    /// One frame's work from its latch to its rendered state, in seconds.
    public mutating func recordWork(_ work: Double) { budget.record(work) }

    /// The frame aimed at `target` was presented; the present returned now.
    public mutating func presented(target: Double) {
        schedule.presented(at: elapsed, target: target)
    }

    /// Sleeps, then spins, until `deadline`.
    public func wait(until deadline: Double) {
        let sleep = deadline - elapsed - Self.spinMargin
        if sleep > 0 {
            var request = timespec(tv_sec: Int(sleep), tv_nsec: Int((sleep - sleep.rounded(.down)) * 1e9))
            var remaining = timespec()
            while nanosleep(&request, &remaining) != 0, errno == EINTR { request = remaining }
        }
        while elapsed < deadline {}
    }
}

/// Seconds on CLOCK_MONOTONIC: the clock other processes (and `scripts/latency`) can read too.
public func monotonicSeconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
}
