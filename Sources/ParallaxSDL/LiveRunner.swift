import CSDL2
import ParallaxEngine

/// The window's loop: events, a paced frame, present; until Esc, the window closing, or `frames`.
public enum LiveRunner {
    public struct Options {
        public var frames: Int?
        public var fps: Double = 60
        /// Drawn over the scene while shown; F1 toggles it.
        public var overlay: FrameOverlay?
        public var showsOverlay = true
        /// Keep every frame's timings (for `--stats`), not only the overlay's last 120.
        public var keepsHistory = false
        /// Told of every input delivered to the scene, with its time (recording).
        public var onInput: ((TimedInput) -> Void)?
        /// F12: told the time it was pressed (a capture point when recording)...
        public var onCapturePoint: ((Double) -> Void)?
        /// ...and handed the next frame's pixels (a screenshot).
        public var onScreenshot: ((PixelImage) -> Void)?
        public init() {}
    }

    /// Called after every frame with its index and time, for traces.
    public typealias FrameObserver = (_ frame: Int, _ time: Double, _ scene: Scene) -> Void

    /// Runs until asked to stop; returns the frames' timings.
    @discardableResult
    public static func run(canvas: Canvas, driver: SceneDriver, options: Options, onFrame: FrameObserver? = nil) -> FrameTimings {
        var translator = EventTranslator()
        var serverClock = ServerEventClock()
        var pacer: FramePacer?
        var timings = FrameTimings(keepsHistory: options.keepsHistory)
        var showsOverlay = options.showsOverlay
        var screenshotPending = false
        // SDL stamps events in milliseconds since SDL started; the pacer counts from now.
        var ticksAtStart = Double(SDL_GetTicks64()) / 1000
        var time = 0.0, lastEventTime = 0.0
        var frame = 0
        var event = SDL_Event()
        var watch = Stopwatch(), sincePresent = Stopwatch()
        while true {
            _ = watch.lap()
            while SDL_PollEvent(&event) != 0 {
                if serverClock.observe(event) { continue }
                // Never before the previous event (nor 0), never after the frame it is part of.
                let eventTime = min(time, max(lastEventTime, serverClock.ticks(of: event) / 1000 - ticksAtStart))
                lastEventTime = eventTime
                switch translator.translate(event, at: eventTime) {
                case .quit?: return timings
                case .input(.key(.f1, _))?: showsOverlay.toggle()
                case .input(.key(.f12, _))?:
                    options.onCapturePoint?(eventTime)
                    screenshotPending = options.onScreenshot != nil
                case let .input(input)?:
                    if case let .resize(size) = input { canvas.resize(to: size) }
                    options.onInput?(TimedInput(time: eventTime, event: input))
                    driver.deliver(input, at: eventTime)
                case nil: break
                }
            }
            if SDL_GetWindowFlags(canvas.window) & SDL_WINDOW_MINIMIZED.rawValue != 0 {
                // Nothing to show: wait for the window to come back instead of drawing unseen frames.
                SDL_WaitEventTimeout(nil, 100)
                time = pacer?.nextDeadline() ?? time
                continue
            }
            driver.advance(to: time)
            let update = watch.lap()
            var list = driver.draw()
            let layout = watch.lap()
            if driver.scene.viewport != canvas.logicalSize { canvas.resize(to: driver.scene.viewport) }
            if showsOverlay, let overlay = options.overlay {
                overlay.draw(into: &list, viewport: canvas.logicalSize, timings: timings, time: time, scene: driver.scene)
            }
            canvas.draw(list)
            if screenshotPending, let pixels = try? canvas.readPixels() {
                screenshotPending = false
                options.onScreenshot?(pixels)
            }
            var render = watch.lap()
            pacer?.wait(until: time)
            _ = watch.lap()
            // The interval is measured where frames are handed to the driver: what pacing controls.
            // Present's own cost (a copy to the X server under Xvfb) stays in the render time.
            let interval = sincePresent.lap()
            canvas.present()
            render += watch.lap()
            if frame == 0 { timings.firstFrame = Benchmark.processUptime() }
            if frame > 0 { timings.record(FrameSample(interval: interval, update: update, layout: layout, render: render)) }
            onFrame?(frame, time, driver.scene)
            frame += 1
            if let limit = options.frames, frame >= limit { return timings }
            if pacer == nil {
                // The schedule starts once the first frame is up: its one-off costs (texture
                // uploads, the first text lines) must not make every later frame late.
                pacer = FramePacer(rate: options.fps)
                ticksAtStart = Double(SDL_GetTicks64()) / 1000
            }
            time = pacer!.nextDeadline()
        }
    }
}
