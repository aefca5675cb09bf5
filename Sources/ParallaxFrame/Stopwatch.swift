import Glibc

/// Seconds from CLOCK_MONOTONIC (what SDL's performance counter reads on Linux): the clock
/// `FrameStep` times a frame's phases with, and the photos' decode queue its decodes, with no
/// platform library.
public struct Stopwatch: WorkClock {
    private let started = Self.nanoseconds()
    private var last: UInt64
    public init() { last = started }

    private static func nanoseconds() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }

    /// Seconds since the stopwatch was made.
    public var elapsed: Double { Double(Self.nanoseconds() &- started) / 1e9 }

    /// Seconds since the previous lap (or since the stopwatch was made).
    public mutating func lap() -> Double {
        let now = Self.nanoseconds()
        defer { last = now }
        return Double(now &- last) / 1e9
    }
}
