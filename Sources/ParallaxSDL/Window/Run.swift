import CSDL2
import ParallaxEngine
import ParallaxFrame

/// The window's loop, for `parallax run` and `record`: sleep, poll input late, build, render,
/// present at the frame's time; until the `Keymap`'s dismiss key with no panel open, the window
/// closing, or `frames` (docs/performance.md, "Frame pacing"). A frame that would draw what is on
/// screen already is kept there instead (docs/performance.md, "Frames kept at rest").
public enum Run {
    public struct Options {
        public var frames: Int?
        /// Forces a timer at this rate; nil follows the display (see `schedule(for:fps:)`).
        public var fps: Double?
        /// Drawn over the scene while shown; the `Keymap`'s frame-times key (F1) cycles it (`FrameStep.cycleOverlay`).
        public var overlay: FrameOverlay?
        public var showsOverlay = true
        /// Keep every frame's timings (for `--stats`), not only the overlay's last 120.
        public var keepsHistory = false
        /// Told of every input delivered to the scene, with its time (recording).
        public var onInput: ((TimedInput) -> Void)?
        /// The screenshot key (F12): told the time it was pressed (a capture point when recording)...
        public var onCapturePoint: ((Double) -> String)?
        /// ...and handed the pixels of the frame drawn after it, once per press (a screenshot: the
        /// loop copies them; `ScreenshotWriter` encodes them off its thread). Each answers what to
        /// tell the user: a scene that can (`Notifying`) shows it with a flash from the next frame on,
        /// so neither is in the screenshot.
        public var onScreenshot: ((PixelImage) -> String)?
        public init() {}
    }

    /// Where presents go: `fps` forces a timer; else the display's refresh when vsync holds presents
    /// to it, else a timer at the refresh SDL reports (none under Xvfb: `FrameClock.standardRate`).
    static func schedule(for target: any WindowRenderTarget, fps: Double?) -> PresentSchedule {
        if let fps { return PresentSchedule(timerRate: fps) }
        var mode = SDL_DisplayMode()
        let display = SDL_GetWindowDisplayIndex(target.window)
        let refresh = display >= 0 && SDL_GetCurrentDisplayMode(display, &mode) == 0 && mode.refresh_rate > 0
            ? Double(mode.refresh_rate) : nil
        if let refresh, target.presentsWithVSync { return PresentSchedule(displayRate: refresh) }
        return PresentSchedule(timerRate: refresh ?? FrameClock.standardRate)
    }

    /// Runs until asked to stop; returns the frames' timings.
    @discardableResult
    public static func run(target: any WindowRenderTarget, driver: SceneDriver, options: Options, onFrame: FrameObserver? = nil) -> FrameTimings {
        let events = WindowEvents(window: target.window, windowScale: target.windowScale)
        let schedule = schedule(for: target, fps: options.fps)
        // On the timer a present must not also wait for a refresh (Xvfb fakes one, irregularly).
        if schedule.source == .timer { target.disableVSync() }
        var pacer: FramePacer?
        let step = FrameStep(driver: driver, target: target, clock: Stopwatch(), overlay: options.overlay,
                             timings: FrameTimings(keepsHistory: options.keepsHistory))
        step.showsOverlay = options.showsOverlay
        step.keepsUnchangedFrames = true
        var screenshotsPending = 0
        var messages: [String] = []
        // SDL stamps events in milliseconds since SDL started; the pacer counts from its start.
        var ticksAtStart = Double(SDL_GetTicks64()) / 1000
        var time = 0.0
        var frameInput = FrameInput<EventTranslator.Output>()
        var frame = 0
        var watch = Stopwatch(), sincePresent = Stopwatch()
        // The pointer's last position in the window, and the cursor the scene wants there.
        let cursors = SystemCursors()
        cursors.apply(.arrow)
        var pointer: Point?
        while true {
            if let next = pacer?.nextFrame() {
                // Late latching: sleep first, so the input polled next is as fresh as the frame's
                // measured work allows.
                pacer!.wait(until: next.latch)
                time = next.present
            }
            _ = watch.lap()
            let polled = events.poll().map { (event: $0.output, time: $0.ticks / 1000 - ticksAtStart) }
            for (output, eventTime) in frameInput.take(polled, frameTime: time, holdsLate: pacer != nil) {
                let input: InputEvent
                switch output {
                case let .input(event): input = event
                case .redraw:
                    step.drawNextFrame()
                    continue
                case .quit: return step.timings
                }
                switch Keymap.action(for: input) {
                case .dismiss? where (driver.scene as? PanelHosting)?.hasOpenPanel != true: return step.timings
                case .toggleFrameTimes?: step.cycleOverlay()
                case .screenshot?:
                    if let message = options.onCapturePoint?(eventTime) { messages.append(message) }
                    if options.onScreenshot != nil { screenshotsPending += 1 }
                default:
                    options.onInput?(TimedInput(time: eventTime, event: input))
                    step.deliver(input, at: eventTime)
                }
                switch input {
                case let .mouseDown(p), let .mouseMove(p), let .mouseUp(p): pointer = p
                default: break
                }
            }
            if SDL_GetWindowFlags(target.window) & SDL_WINDOW_MINIMIZED.rawValue != 0 {
                // Nothing to show: wait for the window to come back instead of drawing unseen frames.
                // Waiting leaves the events queued for the next latch.
                SDL_WaitEventTimeout(nil, 100)
                continue
            }
            // Polling the events is part of the frame's update work.
            let polling = watch.lap()
            // A screenshot reads back the frame it draws.
            if screenshotsPending > 0 { step.drawNextFrame() }
            var phases = step.run(at: time)
            let drawn = !step.keptLastFrame
            if let pointer, let scene = driver.scene as? CursorProviding { cursors.apply(scene.cursor(at: pointer)) }
            _ = watch.lap()
            phases.update += polling
            pacer?.recordWork(phases.work)
            if screenshotsPending > 0, let pixels = try? target.readPixels() {
                // The read-back is once a press, not every frame's work: kept out of the latch budget.
                for _ in 0..<screenshotsPending { messages += options.onScreenshot.map { [$0(pixels)] } ?? [] }
                screenshotsPending = 0
                phases.handOff += watch.lap()
            }
            if let message = messages.last {
                (driver.scene as? Notifying)?.notify(message, flash: true, at: time)
                messages.removeAll()
            }
            // On a display vsync holds the present until the refresh; the timer waits here, as it
            // does for a frame kept on screen.
            let locked = pacer?.schedule.source == .display && drawn
            if !locked { pacer?.wait(until: time) }
            _ = watch.lap()
            // The interval is measured where pacing puts frames: at the present call on the timer,
            // at its return (the refresh) on a display.
            var interval = locked ? 0 : sincePresent.lap()
            if drawn { target.present() }
            if locked { interval = sincePresent.lap() }
            let present = WindowPresent(time: monotonicSeconds(), kept: !drawn)
            phases.handOff += watch.lap()
            if drawn, let before = pacer?.schedule.source {
                pacer!.presented(target: time)
                if before == .display, pacer!.schedule.source == .timer {
                    // The probe found presents not held to a display: the timer paces from now on.
                    target.disableVSync()
                }
            }
            if frame == 0 { step.timings.firstFrame = ProcessStart.elapsed() }
            if frame > 0 { step.record(phases, interval: interval) }
            onFrame?(frame, time, present, cursors.current, driver.scene)
            frame += 1
            if let limit = options.frames, frame >= limit { return step.timings }
            if pacer == nil {
                // The schedule starts once the first frame is up: its one-off costs (texture
                // uploads, the first text lines) must not make every later frame late.
                pacer = FramePacer(schedule: schedule)
                ticksAtStart = Double(SDL_GetTicks64()) / 1000
            }
        }
    }
}
