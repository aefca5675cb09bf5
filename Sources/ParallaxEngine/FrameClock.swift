/// Steps frames at a fixed rate from time values handed to it; it never reads a clock.
///
/// Frame `n` is at exactly `n / rate` seconds, computed by division rather than by summing
/// steps, so a long run does not drift.
public struct FrameClock: Sendable {
    /// The frame rate of every virtual clock (capture, verify, bench, soak) and of the window's timer
    /// when the display reports none.
    public static let standardRate = 60.0

    public let rate: Double
    public private(set) var frame: Int = 0

    public init(rate: Double = FrameClock.standardRate) {
        precondition(rate.isFinite && rate > 0, "frame rate must be positive")
        self.rate = rate
    }

    public var time: Double { time(ofFrame: frame) }
    public func time(ofFrame n: Int) -> Double { Double(n) / rate }

    /// Advances by one frame and returns the new frame's time.
    @discardableResult
    public mutating func step() -> Double {
        frame += 1
        return time
    }

    /// Advances to the last whole frame at or before `now` and returns how many frames that was;
    /// 0 when `now` is not yet a frame later (or not finite).
    @discardableResult
    public mutating func advance(to now: Double) -> Int {
        guard now.isFinite else { return 0 }
        // A tolerance of a microsecond keeps `n/rate` itself from rounding down to frame n-1.
        let target = Int(((now * rate) + 1e-6).rounded(.down))
        guard target > frame else { return 0 }
        let stepped = target - frame
        frame = target
        return stepped
    }
}
