/// Times a frame's work: `FrameStep` reads one lap per phase. `Stopwatch` (CLOCK_MONOTONIC) adopts it;
/// a test can give one that steps by a fixed amount.
public protocol WorkClock {
    /// Seconds since the previous lap (or since the clock was made).
    mutating func lap() -> Double
}
