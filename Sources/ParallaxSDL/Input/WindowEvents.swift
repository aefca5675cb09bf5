import CSDL2
import CSDL2SysWM
import ParallaxEngine

/// The window's input since the last frame, each source's in its order (the frame merges them by
/// time, `FrameInput`), each with its time in SDL ticks (ms): SDL's events with the X server's
/// times where X11 gives them (`ServerEventClock`), a trackpad's smooth scrolling from XInput2
/// instead of SDL's whole clicks (`XInput2Scrolling`), and on Wayland scrolls, moves and buttons
/// from the app's own pointer instead of SDL's (`WaylandPointer`).
final class WindowEvents {
    private var translator = EventTranslator()
    private var serverClock = ServerEventClock()
    private let xInput: XInput2Scrolling?
    private let waylandPointer: WaylandPointer?
    private var compositorClock = CompositorClock()
    /// SDL's next wheel event is the legacy copy of a scroll XInput2 gave already.
    private var copyPending = false
    /// The window system's pixels per logical pixel (`WindowRenderTarget.windowScale`).
    private let windowScale: Double

    init(window: OpaquePointer, windowScale: Double = 1) {
        self.windowScale = windowScale
        xInput = XInput2Scrolling(window: window)
        waylandPointer = xInput == nil ? WaylandPointer(window: window) : nil
    }

    func poll() -> [(output: EventTranslator.Output, ticks: Double)] {
        var polled: [(output: EventTranslator.Output, ticks: Double)] = []
        var event = SDL_Event()
        while SDL_PollEvent(&event) != 0 {
            if event.type == SDL_SYSWMEVENT.rawValue {
                switch xInput?.polled(event) {
                case let .scroll(scroll)?:
                    let ticks = serverClock.ticks(ofServerTime: scroll.serverTime, pumped: event.common.timestamp)
                    polled.append((.input(translator.scroll(clicks: scroll.clicks, pixels: scroll.pixels, shift: EventTranslator.shiftHeld,
                                                            wheelStep: EventTranslator.isWholeClick, at: ticks / 1000)), ticks))
                case .copyOfScroll?: copyPending = true
                case nil: break
                }
                _ = serverClock.observe(event)
                continue
            }
            switch SDL_EventType(rawValue: event.type) {
            case SDL_MOUSEWHEEL where waylandPointer != nil || copyPending:
                copyPending = false
                continue
            case SDL_MOUSEMOTION where waylandPointer != nil, SDL_MOUSEBUTTONDOWN where waylandPointer != nil,
                 SDL_MOUSEBUTTONUP where waylandPointer != nil:
                continue
            default: break
            }
            let ticks = serverClock.ticks(of: event)
            if let output = translator.translate(event, at: ticks / 1000) { polled.append((output, ticks)) }
        }
        if let waylandPointer {
            let inputs = waylandPointer.dispatch()
            let now = (ticks: Int64(SDL_GetTicks64()), monotonic: Int64(monotonicSeconds() * 1000))
            let ticks = compositorClock.ticks(of: inputs.map(\.milliseconds), now: now)
            polled += zip(inputs, ticks).map { (.input($0.event), $1) }
        }
        if windowScale != 1 {
            polled = polled.map { output, ticks in
                guard case let .input(input) = output else { return (output, ticks) }
                return (.input(Self.logical(input, windowScale: windowScale)), ticks)
            }
        }
        return polled
    }

    /// An input in the window system's pixels as logical pixels: positions, sizes and a trackpad's
    /// travel shrink by `windowScale` (the content then moves as far on the screen as the fingers
    /// asked); a wheel's notches and keys stay.
    static func logical(_ input: InputEvent, windowScale k: Double) -> InputEvent {
        switch input {
        case let .mouseDown(p): .mouseDown(Point(x: p.x / k, y: p.y / k))
        case let .mouseMove(p): .mouseMove(Point(x: p.x / k, y: p.y / k))
        case let .mouseUp(p): .mouseUp(Point(x: p.x / k, y: p.y / k))
        case let .resize(size): .resize(Size(width: size.width / k, height: size.height / k))
        case let .scroll(dx, dy, liftFollows, shift): .scroll(dx: dx / k, dy: dy / k, liftFollows: liftFollows, shift: shift)
        default: input
        }
    }
}
