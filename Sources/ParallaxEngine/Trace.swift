/// How a scroller stands at one moment, as the trace reports it (velocity in px/s).
public struct ScrollState: Equatable, Sendable {
    public var offset: Point
    public var velocity: Point
    public var phase: ScrollPhase
    public init(offset: Point, velocity: Point, phase: ScrollPhase) {
        self.offset = offset; self.velocity = velocity; self.phase = phase
    }
}

/// A scene that can say, for the trace, how it scrolls and where its parallax layers are.
public protocol Traceable: Scene {
    /// The scroll state at the time of the last update.
    var scrollState: ScrollState { get }
    /// The scene's own geometry fields (e.g. the feed's visible items and their shifts).
    var traceGeometry: [String: JSONValue] { get }
    /// What the scene shows, for the frame-time panel: "200 items", "5 pages".
    var contentSummary: String { get }
    /// The frame's motion as a motion golden keeps it (`MotionSample`); by default the scroll state alone.
    var motionSample: MotionSample { get }
}

extension Rect {
    public var traceValue: JSONValue {
        .object(["x": .number(minX), "y": .number(minY), "width": .number(width), "height": .number(height)])
    }
}

extension Point {
    public var traceValue: JSONValue { .object(["x": .number(x), "y": .number(y)]) }
}

/// One line of the trace: `{"frame": 12, "t": 0.2, "scene": "feed", "offset": {...}, "velocity": {...}, "phase": "...", ...}`.
/// `presentTime` (CLOCK_MONOTONIC seconds at which the frame's present returned) and `cursor` (the
/// one shown) only where there was a present and a pointer: the window's frames, not headless captures.
/// `kept`: the window kept the frame before on screen, unchanged, instead of drawing this one (its
/// `presentTime` is when it was due).
/// `input`: what the frame took, with the times it was delivered at (the X server's on X11), in the
/// script format, so a test can hold the frame against the events it was made from.
public func traceLine(frame: Int, time: Double, presentTime: Double? = nil, kept: Bool = false, cursor: CursorKind? = nil,
                      input: [TimedInput] = [], scene: Traceable) -> String {
    let state = scene.scrollState
    var fields = scene.traceGeometry
    fields["frame"] = .number(Double(frame))
    fields["t"] = .number(time)
    if let presentTime { fields["presentTime"] = .number(presentTime) }
    if kept { fields["kept"] = .bool(true) }
    if let cursor { fields["cursor"] = .string(cursor.rawValue) }
    fields["scene"] = .string(scene.name)
    fields["offset"] = state.offset.traceValue
    fields["velocity"] = state.velocity.traceValue
    fields["phase"] = .string(state.phase.rawValue)
    if !input.isEmpty { fields["input"] = .array(input.map(InputScript.encode)) }
    return JSONValue.object(fields).jsonText
}
