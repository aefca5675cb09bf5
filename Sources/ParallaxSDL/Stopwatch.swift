import CSDL2
import ParallaxFrame

/// Seconds from SDL's performance counter: the platform's one clock, and the one `FrameStep` times
/// a frame's phases with.
public struct Stopwatch: WorkClock {
    private static let frequency = Double(SDL_GetPerformanceFrequency())
    private let started = SDL_GetPerformanceCounter()
    private var last: UInt64
    public init() { last = started }

    /// Seconds since the stopwatch was made.
    public var elapsed: Double { Double(SDL_GetPerformanceCounter() &- started) / Self.frequency }

    /// Seconds since the previous lap (or since the stopwatch was made).
    public mutating func lap() -> Double {
        let now = SDL_GetPerformanceCounter()
        defer { last = now }
        return Double(now &- last) / Self.frequency
    }
}
