/// How long before a frame's present the window polls input: a high percentile of the recent
/// frames' work (poll, update, build, render) plus a margin. The later the poll, the sooner input
/// reaches the screen; the percentile keeps frames that then miss their present rare.
/// Durations come in as values, in seconds (docs/performance.md, "Frame pacing").
public struct LatchBudget: Sendable {
    /// Covers what the percentile does not: the sleep's overshoot and the wake-up delay of a
    /// process sharing a busy machine.
    public static let margin = 0.002
    /// Below this many samples the percentile means little; `value(unknown:)` answers instead.
    public static let minimumSamples = 10
    public let capacity: Int
    /// The last `capacity` durations in arrival order (a ring), and the same values sorted, so
    /// the percentile costs no sort per frame.
    private var samples: [Double] = []
    private var sorted: [Double] = []
    private var next = 0

    /// `capacity` frames: two seconds at 60 Hz, so a slower stretch is followed within seconds.
    public init(capacity: Int = 120) {
        precondition(capacity > 0, "capacity must be positive")
        self.capacity = capacity
        samples.reserveCapacity(capacity)
        sorted.reserveCapacity(capacity)
    }

    /// One frame's work, in seconds; non-finite or negative durations are not work and are ignored.
    public mutating func record(_ work: Double) {
        guard work.isFinite, work >= 0 else { return }
        if samples.count < capacity {
            samples.append(work)
        } else {
            sorted.remove(at: insertionIndex(of: samples[next]))
            samples[next] = work
        }
        sorted.insert(work, at: insertionIndex(of: work))
        next = (next + 1) % capacity
    }

    /// The first index of `sorted` whose value is not below `value`.
    private func insertionIndex(of value: Double) -> Int {
        var low = 0, high = sorted.count
        while low < high {
            let middle = (low + high) / 2
            if sorted[middle] < value { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The recent work's p99 plus `margin`; `unknown` until `minimumSamples` frames were recorded.
    public func value(unknown: Double) -> Double {
        sorted.count < Self.minimumSamples ? unknown : percentile(sorted: sorted, 0.99) + Self.margin
    }

    /// How long before a present to latch: the budget, or a whole `period` while the work is still
    /// unmeasured. The first frames upload photos and render text for the first time; at half a
    /// period, five of the window's first ten frames were late.
    public func lead(period: Double) -> Double { value(unknown: period) }
}

/// When frames are presented: on a fixed timer grid (`n * period` seconds), or on the display's
/// refresh, whose period and phase are fitted to the times at which vsync'd presents return.
/// A display's reported rate is rounded (59.94 Hz reports as 60) and its clock is not ours, so
/// only the fit keeps a frame per refresh over minutes. Pure: times come in as values, in seconds.
public struct PresentSchedule: Sendable {
    public enum Source: Equatable, Sendable { case timer, display }

    public private(set) var source: Source
    /// Seconds between presents: the timer's, or the display's as fitted.
    public private(set) var period: Double
    /// The display's rate as reported, kept for the fall-back to the timer.
    private let nominalPeriod: Double
    /// Display: the refresh numbered 0 on the fitted line `anchor + n * period`.
    private var anchor = 0.0
    /// Display: recent presents as (refresh number, return time), oldest first.
    private var observations: [(index: Int, time: Double)] = []
    /// Display: the least-squares sums over `observations`, relative to `reference` so they stay
    /// small; rebuilt from scratch every `fitWindow` presents so rounding cannot pile up.
    private var sums = FitSums()
    private var reference = (index: 0, time: 0.0)
    private var sinceRebuild = 0
    /// Display: presents so far; then those checked for the vsync verdict, and those of them that
    /// looked like a display's.
    private var presents = 0, checked = 0, regular = 0

    /// Observations the fit uses: a few seconds, enough that return jitter averages out.
    static let fitWindow = 240
    /// Fewer refreshes than this between the oldest and newest observation fit only the phase.
    static let minimumFitSpan = 30
    /// Presents left out at the start: a driver may queue the first few without waiting, so their
    /// return times say nothing about the refresh.
    public static let settlePresents = 10
    /// Presents watched after those before deciding whether vsync holds them to a display at all.
    public static let probeFrames = 30

    /// A fixed rate, with frame `n` due at `n / rate` seconds.
    public init(timerRate rate: Double) {
        precondition(rate.isFinite && rate > 0, "rate must be positive")
        source = .timer
        period = 1 / rate
        nominalPeriod = period
    }

    /// The display's refresh, starting from its reported rate, with refresh 0 at time 0 until
    /// presents show where the refreshes are.
    public init(displayRate rate: Double) {
        self.init(timerRate: rate)
        source = .display
    }

    /// The time to present the next frame at: the first refresh (or timer tick) at least
    /// `LatchBudget.margin` after `now`, the least a frame can be built in. Always the next one it
    /// can make: a frame whose work may not fit latches at once rather than aiming further.
    public func nextPresent(after now: Double) -> Double {
        let base = source == .timer ? 0 : anchor
        // A microsecond's tolerance keeps `n * period` itself from rounding up to n + 1.
        let n = ((now + LatchBudget.margin - base) / period - 1e-6).rounded(.up)
        return base + n * period
    }

    /// A present aimed at `target` returned at `time`. On a display this is its refresh (plus the
    /// wake-up's delay), which refits period and phase. If the `probeFrames` presents after the
    /// first `settlePresents` did not wait for refreshes on a regular grid (present returns at
    /// once, or a virtual server's irregular fake refresh), the schedule falls back to the timer
    /// at the reported rate.
    public mutating func presented(at time: Double, target: Double) {
        guard source == .display, time.isFinite, target.isFinite else { return }
        presents += 1
        guard presents > Self.settlePresents else { return }
        let index = Int(((time - anchor) / period).rounded())
        let residual = time - (anchor + Double(index) * period)
        let tolerance = max(0.0005, period / 20)
        // The first present only places the grid; the later ones show whether it holds.
        if !observations.isEmpty, checked < Self.probeFrames {
            checked += 1
            // A display's present returns at its refresh, never well before the one aimed at.
            if abs(residual) <= tolerance, time >= target - tolerance { regular += 1 }
            if checked == Self.probeFrames, Double(regular) < 0.9 * Double(checked) {
                source = .timer
                period = nominalPeriod
                observations.removeAll()
                return
            }
        }
        // A wake-up far from any refresh says nothing about where the refreshes are.
        guard abs(residual) <= period / 4 || observations.isEmpty else { return }
        if let last = observations.last, index <= last.index { return }
        observations.append((index, time))
        sums.add(index - reference.index, time - reference.time)
        if observations.count > Self.fitWindow {
            let oldest = observations.removeFirst()
            sums.remove(oldest.index - reference.index, oldest.time - reference.time)
        }
        sinceRebuild += 1
        if sinceRebuild >= Self.fitWindow || observations.count == 1 { rebuildSums() }
        fit()
    }

    private mutating func rebuildSums() {
        reference = observations[0]
        sums = FitSums()
        for o in observations { sums.add(o.index - reference.index, o.time - reference.time) }
        sinceRebuild = 0
    }

    /// Least squares of return time on refresh number; the period only once the observations
    /// span enough refreshes for its error to stay below the return jitter.
    private mutating func fit() {
        guard let first = observations.first, let last = observations.last else { return }
        let count = Double(observations.count)
        if last.index - first.index >= Self.minimumFitSpan {
            let spread = Double(observations.count * sums.nn - sums.n * sums.n)
            period = (count * sums.nt - Double(sums.n) * sums.t) / spread
        }
        let phase = (sums.t - period * Double(sums.n)) / count
        anchor = reference.time + phase - Double(reference.index) * period
    }
}

/// Sums for a least-squares line through (n, t) points: refresh numbers exact as integers.
private struct FitSums {
    var n = 0, nn = 0
    var t = 0.0, nt = 0.0
    mutating func add(_ n: Int, _ t: Double) {
        self.n += n; nn += n * n; self.t += t; nt += Double(n) * t
    }
    mutating func remove(_ n: Int, _ t: Double) {
        self.n -= n; nn -= n * n; self.t -= t; nt -= Double(n) * t
    }
}
