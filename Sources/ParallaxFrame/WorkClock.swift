/// Times a frame's work: `FrameStep` reads one lap per phase. The platform's own counter adopts it
/// (SDL's `Stopwatch`); a test can give one that steps by a fixed amount.
public protocol WorkClock {
    /// Seconds since the previous lap (or since the clock was made).
    mutating func lap() -> Double
}
