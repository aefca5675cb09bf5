/// The input a window's frame takes, on the frame clock (seconds): each event at its own time,
/// never before the one before it, and never after the frame it is part of.
///
/// An event stamped after the frame's time was polled late: the machine held the window back past
/// the frame's latch, and the device kept stamping. It waits for the next frame, whose time is after
/// that poll and so after every stamp polled by then. Stamped to the frame's time instead, the moves
/// of a late frame would share one time, and a fling measured from them would be off
/// (docs/input-and-trackpads.md, "Flings and event times").
public struct FrameInput<Event> {
    private var held: [(event: Event, time: Double)] = []
    private var lastTime = 0.0

    public init() {}

    /// The events for a frame at `frameTime`: those held back and `polled` (several sources', each in
    /// its order) merged by time, up to the frame's time; later ones wait for the next frame, unless
    /// `holdsLate` is false (the first frame, before the pacing starts), when they take the frame's
    /// time.
    public mutating func take(_ polled: [(event: Event, time: Double)], frameTime: Double, holdsLate: Bool = true) -> [(event: Event, time: Double)] {
        // A stable sort: equal times keep the order they came in.
        let merged = (held + polled).enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)
        held = []
        var taken: [(event: Event, time: Double)] = []
        for (index, entry) in merged.enumerated() {
            let time = max(lastTime, entry.time)
            if holdsLate, time > frameTime {
                held = Array(merged[index...])
                break
            }
            lastTime = min(frameTime, time)
            taken.append((entry.event, lastTime))
        }
        return taken
    }
}
