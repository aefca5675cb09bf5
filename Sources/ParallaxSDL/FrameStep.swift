import ParallaxEngine

/// How long each phase of one frame took, in seconds.
public struct FramePhases: Sendable {
    /// Due scripted input and the scene brought to the frame's time (`SceneDriver.advance`).
    public var update = 0.0
    /// The scene's display list (`SceneDriver.draw`).
    public var layout = 0.0
    /// The overlay's commands added to the list (0 when none is shown).
    public var overlay = 0.0
    /// The render target executing the list (0 for a frame not drawn).
    public var render = 0.0
}

/// One frame, the same for every command: deliver due input, advance the scene to the frame's time,
/// build its display list, add the overlay, draw it on the render target; each phase timed. The
/// commands differ only in their clock (the window's late-latched `FramePacer`, or a virtual
/// `FrameClock`) and in what they do with the drawn frame (present it, read its pixels, time it).
/// The one place a scene is advanced for a frame (docs/architecture.md, "One frame's path").
public final class FrameStep {
    public let driver: SceneDriver
    public let target: any RenderTarget
    public var overlay: FrameOverlay?
    /// Whether `overlay` is drawn (F1 toggles it in the window).
    public var showsOverlay = true
    /// The frames' timings as the caller records them: the overlay draws from these.
    public var timings: FrameTimings
    private var watch = Stopwatch()

    public init(driver: SceneDriver, target: any RenderTarget, overlay: FrameOverlay? = nil, timings: FrameTimings = FrameTimings()) {
        self.driver = driver
        self.target = target
        self.overlay = overlay
        self.timings = timings
    }

    public var scene: Scene { driver.scene }

    /// Hands the scene one input that is not scripted (the window's events, random input) at `time`.
    public func deliver(_ event: InputEvent, at time: Double) {
        driver.deliver(event, at: time)
    }

    /// Runs the frame at `time` up to the drawn list; presenting (or reading back) is the caller's.
    /// Without `draws` the list is built but not drawn: a capture's frames that no one sees.
    @discardableResult
    public func run(at time: Double, draws: Bool = true) -> FramePhases {
        var phases = FramePhases()
        _ = watch.lap()
        driver.advance(to: time)
        phases.update = watch.lap()
        var list = driver.draw()
        phases.layout = watch.lap()
        // The one place the target follows the scene's viewport: window resizes and scripted ones.
        if scene.viewport != target.logicalSize { target.resize(to: scene.viewport) }
        guard draws else { return phases }
        if showsOverlay, let overlay {
            overlay.draw(into: &list, viewport: target.logicalSize, timings: timings, time: time, scene: scene)
            phases.overlay = watch.lap()
        }
        target.draw(list)
        phases.render = watch.lap()
        return phases
    }
}
