import CSDL2
import ParallaxEngine

/// The window's loop: events, a paced frame, present; until Esc, the window closing, or `frames`.
public enum LiveRunner {
    public struct Options {
        public var frames: Int?
        public var fps: Double = 60
        public init(frames: Int? = nil, fps: Double = 60) { self.frames = frames; self.fps = fps }
    }

    /// Called after every frame with its index and time, for traces.
    public typealias FrameObserver = (_ frame: Int, _ time: Double, _ scene: Scene) -> Void

    public static func run(canvas: Canvas, driver: SceneDriver, options: Options, onFrame: FrameObserver? = nil) {
        var translator = EventTranslator()
        var pacer = FramePacer(rate: options.fps)
        // SDL stamps events in milliseconds since SDL started; the pacer counts from now.
        let ticksAtStart = Double(SDL_GetTicks64()) / 1000
        var time = 0.0
        var frame = 0
        var event = SDL_Event()
        while true {
            while SDL_PollEvent(&event) != 0 {
                let eventTime = min(time, Double(event.common.timestamp) / 1000 - ticksAtStart)
                switch translator.translate(event, at: eventTime) {
                case .quit?: return
                case let .input(input)?:
                    if case let .resize(size) = input { canvas.resize(to: size) }
                    driver.deliver(input, at: eventTime)
                case nil: break
                }
            }
            let list = driver.frame(at: time)
            if driver.scene.viewport != canvas.logicalSize { canvas.resize(to: driver.scene.viewport) }
            canvas.draw(list)
            canvas.present()
            onFrame?(frame, time, driver.scene)
            frame += 1
            if let limit = options.frames, frame >= limit { return }
            time = pacer.waitForNextFrame()
        }
    }
}
