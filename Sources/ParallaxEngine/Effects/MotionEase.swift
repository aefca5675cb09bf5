/// How much of the parallax shows: 1 all of it, 0 none (reduced motion). Toggled, it eases to the
/// other end over `duration`, closed-form in absolute time:
///
///     amount(t) = from + (to - from) * e(u),  u = (t - start) / (duration * |to - from|) clamped to 0...1,
///     e(u) = u^2 (3 - 2u)  (smoothstep: leaves and lands at rest)
///
/// A toggle mid-ease starts from the amount at that moment, so nothing jumps, and takes the part of
/// `duration` that the distance back is.
public struct MotionEase: Sendable, Equatable {
    public static let duration = 0.2
    public private(set) var reduced: Bool
    private var from: Double
    private var to: Double
    private var start = -Double.infinity

    /// Already at rest at its end: no ease at start-up.
    public init(reduced: Bool = false) {
        self.reduced = reduced
        from = reduced ? 0 : 1
        to = from
    }

    public mutating func setReduced(_ on: Bool, at time: Double) {
        guard on != reduced, time.isFinite else {
            if !time.isFinite { self = MotionEase(reduced: on) }
            return
        }
        from = amount(at: time)
        to = on ? 0 : 1
        start = time
        reduced = on
    }

    public func amount(at time: Double) -> Double {
        let span = Self.duration * abs(to - from)
        guard span > 0, time < start + span else { return to }
        let u = max(0, (time - start) / span)
        return from + (to - from) * u * u * (3 - 2 * u)
    }

    /// A parallax factor `k` (1: moves with the content) at `amount`: from `k` to 1 as the amount goes to 0.
    public static func factor(_ k: Double, amount: Double) -> Double { 1 + (k - 1) * amount }
}
