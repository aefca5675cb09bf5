import CSDL2
import ParallaxEngine

/// Turns SDL events into the engine's plain input values.
public struct EventTranslator {
    public enum Output: Equatable {
        case input(InputEvent)
        case quit
    }

    /// After a trackpad delta, whole deltas within this time are still precise: a trackpad stream
    /// can contain a 1.0 that must not start a notch animation.
    static let preciseStickiness = 0.25

    /// A high-resolution mouse wheel reports fractions of a notch too, but in whole 1/120ths (the
    /// unit of Windows' WHEEL_DELTA and Wayland's `axis_value120`, which SDL divides by 120);
    /// a trackpad's deltas are any fraction. A wheel step is a wheel: animated, no momentum
    /// (README.md, "Trackpads, flings and event times").
    static func isWheelStep(_ delta: Double) -> Bool {
        let units = delta * 120
        return abs(units - units.rounded()) < 1e-4
    }
    private var lastPreciseTime = -Double.infinity

    public init() {}

    public mutating func translate(_ event: SDL_Event, at time: Double) -> Output? {
        switch SDL_EventType(rawValue: event.type) {
        case SDL_QUIT:
            return .quit
        case SDL_KEYDOWN:
            let sym = event.key.keysym.sym
            if sym == Int32(SDLK_ESCAPE.rawValue) { return .quit }
            guard let key = Key(rawValue: String(cString: SDL_GetKeyName(sym))) else { return nil }
            let shift = (UInt32(event.key.keysym.mod) & KMOD_SHIFT.rawValue) != 0
            return .input(.key(key, shift: shift))
        case SDL_MOUSEWHEEL:
            let wheel = event.wheel
            let flip: Double = wheel.direction == SDL_MOUSEWHEEL_FLIPPED.rawValue ? -1 : 1
            let dx = Double(wheel.preciseX) * flip, dy = Double(wheel.preciseY) * flip
            if !Self.isWheelStep(dx) || !Self.isWheelStep(dy) { lastPreciseTime = time }
            let precise = time - lastPreciseTime <= Self.preciseStickiness
            let shift = (UInt32(SDL_GetModState().rawValue) & KMOD_SHIFT.rawValue) != 0
            return .input(.wheel(dx: dx, dy: dy, precise: precise, shift: shift))
        case SDL_MOUSEBUTTONDOWN where event.button.button == UInt8(SDL_BUTTON_LEFT):
            return .input(.mouseDown(Point(x: Double(event.button.x), y: Double(event.button.y))))
        case SDL_MOUSEBUTTONUP where event.button.button == UInt8(SDL_BUTTON_LEFT):
            return .input(.mouseUp(Point(x: Double(event.button.x), y: Double(event.button.y))))
        case SDL_MOUSEMOTION:
            return .input(.mouseMove(Point(x: Double(event.motion.x), y: Double(event.motion.y))))
        case SDL_WINDOWEVENT where event.window.event == UInt8(SDL_WINDOWEVENT_SIZE_CHANGED.rawValue):
            return .input(.resize(Size(width: Double(event.window.data1), height: Double(event.window.data2))))
        default:
            return nil
        }
    }
}
