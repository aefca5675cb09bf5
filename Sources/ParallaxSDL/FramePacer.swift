import CSDL2

/// Paces frames at a fixed rate with SDL's performance counter: sleeps most of the interval and
/// waits out the last part precisely (vsync is not reliable under Xvfb). Late frames are not
/// caught up: the next deadline is the next one still ahead.
public struct FramePacer {
    public let rate: Double
    private let frequency: Double
    private let start: UInt64
    private var frame: UInt64 = 0
    /// How long before a deadline to stop sleeping and start spinning (sleep overshoots by ~1 ms).
    static let spinMargin = 0.002

    public init(rate: Double) {
        self.rate = rate
        frequency = Double(SDL_GetPerformanceFrequency())
        start = SDL_GetPerformanceCounter()
    }

    /// Seconds since the pacer started.
    public var elapsed: Double { Double(SDL_GetPerformanceCounter() &- start) / frequency }

    /// Waits until the next frame's deadline and returns that deadline: frames are stamped with the
    /// time they are meant to show, so motion stays even when a wake-up is a little late.
    public mutating func waitForNextFrame() -> Double {
        frame += 1
        var deadline = Double(frame) / rate
        let now = elapsed
        if now > deadline {
            frame = UInt64((now * rate).rounded(.up))
            deadline = Double(frame) / rate
        }
        let sleep = deadline - elapsed - Self.spinMargin
        if sleep > 0 { SDL_Delay(UInt32(sleep * 1000)) }
        while elapsed < deadline {}
        return deadline
    }
}
