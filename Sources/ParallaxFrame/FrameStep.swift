import ParallaxEngine

/// How long each phase of one frame took, in seconds: one meaning of each, whoever runs the frame.
public struct FramePhases: Sendable, Equatable {
    /// The frame's input (the window's polling, which its caller adds) and the scene brought to the
    /// frame's time: due scripted input and `Scene.update` (`SceneDriver.advance`).
    public var update = 0.0
    /// The scene's display list (`SceneDriver.draw`).
    public var layout = 0.0
    /// The overlay's commands added to the list (0 when none is shown).
    public var overlay = 0.0
    /// The render target executing the list (0 for a frame not drawn).
    public var render = 0.0
    /// Handing the drawn frame over, which the caller times: the present, or the read-back of a
    /// capture or a screenshot.
    public var handOff = 0.0

    public init(update: Double = 0, layout: Double = 0, overlay: Double = 0, render: Double = 0, handOff: Double = 0) {
        self.update = update; self.layout = layout; self.overlay = overlay; self.render = render; self.handOff = handOff
    }

    /// The work of the frame, without the wait for its deadline.
    public var work: Double { update + layout + overlay + render + handOff }

    /// The one way a frame becomes a sample for the frame-time panel and `--stats`: update and
    /// layout as they are; render is everything from the overlay to the hand-off.
    public func sample(interval: Double) -> FrameSample {
        FrameSample(interval: interval, update: update, layout: layout, render: overlay + render + handOff)
    }
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
    /// Whether `overlay` is drawn (F1 cycles it in the window: `cycleOverlay`).
    public var showsOverlay = true
    /// The overlay's commands, kept between frames so drawing them allocates nothing.
    private var overlayList = DisplayList()
    /// The frames' timings as the caller records them (`record`): the overlay draws from these.
    public var timings: FrameTimings
    private var clock: any WorkClock
    /// A frame whose list is the one drawn last, on a target that keeps it on screen
    /// (`FrameKeepingTarget`), is kept rather than drawn again (the window at rest: its frames cost
    /// their update and layout only).
    public var keepsUnchangedFrames = false
    /// The commands of the last frame drawn, while frames may be kept; nil: the next frame is drawn.
    private var lastDrawnCommands: [DrawCommand]?
    /// The last `run` kept the frame before it on screen instead of drawing (nothing for its caller
    /// to present or read back).
    public private(set) var keptLastFrame = false

    public init(driver: SceneDriver, target: any RenderTarget, clock: any WorkClock, overlay: FrameOverlay? = nil,
                timings: FrameTimings = FrameTimings()) {
        self.driver = driver
        self.target = target
        self.clock = clock
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
        _ = clock.lap()
        driver.advance(to: time)
        phases.update = clock.lap()
        let hosting = scene as? FrameOverlayHosting
        // Measured once, for the scene's layout and for the panel's place.
        let overlaySize = showsOverlay && draws ? overlay?.size(in: scene.viewport) : nil
        hosting?.frameOverlaySize = overlaySize
        var list = driver.draw()
        phases.layout = clock.lap()
        // The one place the target follows the scene's viewport: window resizes and scripted ones.
        if scene.viewport != target.logicalSize {
            target.resize(to: scene.viewport)
            lastDrawnCommands = nil
        }
        keptLastFrame = false
        guard draws else {
            lastDrawnCommands = nil
            return phases
        }
        if let overlay, let size = overlaySize {
            // A hosting scene placed it among its layers, or hid it; any other scene has it on top, at the top right.
            let slot = hosting == nil ? OverlaySlot(index: list.commands.count,
                                                     frame: Rect(x: target.logicalSize.width - size.width - 12, y: 12, width: size.width, height: size.height))
                                      : list.overlaySlot
            if let slot {
                overlayList.removeAll()
                overlay.draw(into: &overlayList, in: slot.frame, timings: timings, time: time, scene: scene)
                list.insert(overlayList, at: slot.index)
            }
            phases.overlay = clock.lap()
        }
        if keepsUnchangedFrames, let keeping = target as? FrameKeepingTarget, keeping.lastDrawIsCurrent, list.commands == lastDrawnCommands {
            keeping.keepFrame(list)
            keptLastFrame = true
        } else {
            target.draw(list)
            lastDrawnCommands = keepsUnchangedFrames ? list.commands : nil
        }
        phases.render = clock.lap()
        return phases
    }

    /// The next frame is drawn even if its list is the last one drawn: the window system lost the
    /// window's pixels, or they are to be read back (a screenshot).
    public func drawNextFrame() {
        lastDrawnCommands = nil
    }

    /// F1: the compact panel, then its detail, then none, then the compact panel again.
    public func cycleOverlay() {
        guard let overlay else { return }
        if !showsOverlay {
            showsOverlay = true
            overlay.expanded = false
        } else if !overlay.expanded {
            overlay.expanded = true
        } else {
            showsOverlay = false
        }
    }

    /// Times the caller's hand-off of the frame just run (its present or read-back), from the end of
    /// `run` or the previous hand-off.
    public func timeHandOff(_ handOff: () throws -> Void) rethrows -> Double {
        _ = clock.lap()
        try handOff()
        return clock.lap()
    }

    /// Records the frame for the overlay and the summary.
    public func record(_ phases: FramePhases, interval: Double) {
        timings.record(phases.sample(interval: interval))
        if keptLastFrame { timings.keptFrames += 1 }
    }
}

/// Called after every frame with its index, its time (when it is meant to be seen) and, in the
/// window, when it was shown (`WindowPresent`) and the cursor SDL shows (read back from SDL); for
/// traces.
public typealias FrameObserver = (_ frame: Int, _ time: Double, _ present: WindowPresent?, _ cursor: CursorKind?, _ scene: Scene) -> Void

/// When a window frame was shown: the CLOCK_MONOTONIC seconds at which its present returned, or, for
/// a frame kept on screen instead (`FrameStep.keepsUnchangedFrames`), at which its present time passed.
public struct WindowPresent: Sendable, Equatable {
    public var time: Double
    public var kept: Bool
    public init(time: Double, kept: Bool) { self.time = time; self.kept = kept }
}
