import CSDL2
import Glibc
import ParallaxEngine

/// Paces frames at a fixed rate with SDL's performance counter: sleeps most of the interval and
/// waits out the last part precisely (vsync is not reliable under Xvfb). A frame is built and
/// rendered for its deadline ahead of time and presented at it, so presents land on the deadlines
/// however long the rendering took. Late frames are not caught up: the next deadline is the next
/// one still ahead.
public struct FramePacer {
    public var rate: Double { clock.rate }
    /// The schedule: frame n is due n / rate seconds after the start.
    private var clock: FrameClock
    private let start = Stopwatch()
    /// How long before a deadline to stop sleeping and start spinning. nanosleep overshoots by tens
    /// of microseconds; a longer spin would take a core from the rasteriser and the X server.
    static let spinMargin = 0.0002

    public init(rate: Double) {
        clock = FrameClock(rate: rate)
    }

    /// Seconds since the pacer started.
    public var elapsed: Double { start.elapsed }

    /// The next frame's deadline, in seconds since the start (frames are stamped with it).
    public mutating func nextDeadline() -> Double {
        // Skip the frames whose time has passed, then take the next one still ahead.
        clock.advance(to: elapsed)
        return clock.step()
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
