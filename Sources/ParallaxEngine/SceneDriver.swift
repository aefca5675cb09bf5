/// Runs a scene frame by frame, the same way live and headless: hands it the events due (scripted and
/// live, in time order), brings it to the frame's time and collects its display list.
public final class SceneDriver {
    public private(set) var scene: Scene
    public private(set) var list = DisplayList()
    private var script: [TimedInput]
    private var nextScripted = 0
    /// Events never go back in time, and a frame is never earlier than the events it follows.
    private var lastEventTime = 0.0
    /// The time of the last `advance`: the frame the next list is drawn for.
    private var frameTime = 0.0

    public init(scene: Scene, script: [TimedInput] = []) {
        self.scene = scene
        self.script = script
    }

    /// Told of every event dropped for carrying a NaN or an infinity (the platform logs it).
    public var onDroppedInput: ((InputEvent, Double) -> Void)?

    /// The time of the last scripted event (0 without a script).
    public var scriptDuration: Double { script.last?.time ?? 0 }

    /// Delivers one event at `time` (clamped so time never runs backwards); a non-finite one is dropped.
    public func deliver(_ event: InputEvent, at time: Double) {
        guard event.isFinite else {
            onDroppedInput?(event, time)
            return
        }
        lastEventTime = max(lastEventTime, time.isFinite ? time : lastEventTime)
        scene.handle(event, at: lastEventTime)
    }

    /// Delivers the scripted events up to `time` and updates the scene to `time`.
    public func advance(to time: Double) {
        frameTime = time
        while nextScripted < script.count, script[nextScripted].time <= time {
            deliver(script[nextScripted].event, at: script[nextScripted].time)
            nextScripted += 1
        }
        scene.update(to: max(time, lastEventTime))
    }

    /// Rebuilds the display list from the scene's current state, for the time of the last `advance`.
    @discardableResult
    public func draw() -> DisplayList {
        list.removeAll()
        list.time = frameTime
        scene.draw(into: &list)
        return list
    }
}
