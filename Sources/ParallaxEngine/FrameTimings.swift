/// Per-frame durations measured by the platform, kept for the overlay and the stats summary.
/// Pure bookkeeping: durations come in as values, in seconds.
public struct FrameSample: Sendable, Equatable {
    /// From the previous frame's present to this one's.
    public var interval: Double
    /// Events and physics (`SceneDriver.advance`).
    public var update: Double
    /// Layout and display-list building (`SceneDriver.draw`).
    public var layout: Double
    /// Executing the display list and presenting.
    public var render: Double
    public init(interval: Double, update: Double, layout: Double, render: Double) {
        self.interval = interval; self.update = update; self.layout = layout; self.render = render
    }
    /// The work of the frame, without the wait for its deadline.
    public var work: Double { update + layout + render }
}

/// The last `capacity` frames in a ring, plus every frame's durations for percentiles at exit.
public struct FrameTimings: Sendable {
    public let capacity: Int
    private var ring: [FrameSample] = []
    private var next = 0
    public private(set) var all: [FrameSample] = []
    /// Whether to keep every sample (for `--stats` and bench); the overlay needs only the ring.
    public let keepsHistory: Bool
    /// From process start to the first frame presented, when the platform measured it.
    public var firstFrame: Double?
    /// Of the frames recorded, those kept on screen rather than drawn (a window at rest): their
    /// render time is that of keeping them.
    public var keptFrames = 0

    public init(capacity: Int = 120, keepsHistory: Bool = false) {
        self.capacity = capacity
        self.keepsHistory = keepsHistory
        ring.reserveCapacity(capacity)
    }

    public mutating func record(_ sample: FrameSample) {
        if ring.count < capacity { ring.append(sample) } else { ring[next] = sample }
        next = (next + 1) % capacity
        if keepsHistory { all.append(sample) }
    }

    /// The ring's samples, oldest first.
    public var recent: [FrameSample] {
        ring.count < capacity ? ring : Array(ring[next...] + ring[..<next])
    }

    /// Frames per second over the most recent frames that fit in `window` seconds of intervals.
    public func framesPerSecond(over window: Double = 1) -> Double {
        var total = 0.0, count = 0
        for sample in recent.reversed() {
            guard total + sample.interval <= window + 1e-9 else { break }
            total += sample.interval
            count += 1
        }
        return total > 0 ? Double(count) / total : 0
    }
}

/// The value below which `p` (0...1) of `values` lie: nearest rank on the sorted values.
public func percentile(_ values: [Double], _ p: Double) -> Double {
    percentile(sorted: values.sorted(), p)
}

/// `percentile(_:_:)` of values already sorted ascending.
public func percentile(sorted: [Double], _ p: Double) -> Double {
    guard !sorted.isEmpty else { return 0 }
    let rank = Int((p * Double(sorted.count)).rounded(.up)) - 1
    return sorted[min(sorted.count - 1, max(0, rank))]
}

extension FrameTimings {
    /// The `--stats` summary in milliseconds: frames (and of them kept), mean fps, interval p50/p99/max, update and render p50/p99.
    public var summary: JSONValue {
        let ms = { (values: [Double]) in values.map { $0 * 1000 } }
        let intervals = ms(all.dropFirst().map(\.interval))
        let updates = ms(all.map(\.update)), renders = ms(all.map(\.render)), layouts = ms(all.map(\.layout))
        let elapsed = intervals.reduce(0, +) / 1000
        return .object([
            "firstFrameMs": firstFrame.map { .number($0 * 1000) } ?? .null,
            "frames": .number(Double(all.count)),
            "keptFrames": .number(Double(keptFrames)),
            "meanFps": .number(elapsed > 0 ? Double(intervals.count) / elapsed : 0),
            "intervalMs": .object(["p50": .number(percentile(intervals, 0.5)), "p99": .number(percentile(intervals, 0.99)),
                                   "max": .number(intervals.max() ?? 0)]),
            "updateMs": .object(["p50": .number(percentile(updates, 0.5)), "p99": .number(percentile(updates, 0.99))]),
            "layoutMs": .object(["p50": .number(percentile(layouts, 0.5)), "p99": .number(percentile(layouts, 0.99))]),
            "renderMs": .object(["p50": .number(percentile(renders, 0.5)), "p99": .number(percentile(renders, 0.99))]),
        ])
    }
}

/// Something drawn over a scene from the platform's measurements (the frame-time panel).
public protocol FrameOverlay: AnyObject {
    /// Its detailed form (F1 a second time) rather than its compact one.
    var expanded: Bool { get set }
    /// Its size in a window of `viewport`, the same whatever the numbers it shows.
    func size(in viewport: Size) -> Size
    func draw(into list: inout DisplayList, in frame: Rect, timings: FrameTimings, time: Double, scene: Scene)
}
