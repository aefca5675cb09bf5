import CSDL2
import ParallaxEngine

/// Turns SDL events into the engine's plain input values: keys as engine `Key`s (what they do is
/// `Keymap`'s, Esc included), wheel deltas in content direction.
public struct EventTranslator {
    public enum Output: Equatable {
        case input(InputEvent)
        case quit
        /// The window system lost the window's pixels or shows it anew (exposed, shown, restored, the
        /// renderer's textures reset): the next frame is drawn, not kept.
        case redraw
    }

    /// After a trackpad delta, whole deltas within this time are still precise: a trackpad stream
    /// can contain a whole click's worth that must not start a notch animation.
    static let preciseStickiness = 0.25
    /// SDL2's Wayland driver divides the compositor's surface px by this; SDL2 on X11 gives whole
    /// clicks only (docs/input-and-trackpads.md, "Trackpads").
    static let sdlPixelsPerClick = 10.0

    /// A high-resolution mouse wheel reports fractions of a notch too, but in whole 1/120ths (the
    /// unit of Windows' WHEEL_DELTA and Wayland's `axis_value120`, which SDL divides by 120);
    /// a trackpad's deltas are any fraction.
    static func isWheelStep(_ delta: Double) -> Bool {
        let units = delta * 120
        return abs(units - units.rounded()) < 1e-4
    }
    static func isWholeClick(_ delta: Double) -> Bool { abs(delta - delta.rounded()) < 1e-6 }
    private var lastPreciseTime = -Double.infinity

    public init() {}

    public mutating func translate(_ event: SDL_Event, at time: Double) -> Output? {
        switch SDL_EventType(rawValue: event.type) {
        case SDL_QUIT:
            return .quit
        case SDL_KEYDOWN:
            guard let key = Self.key(for: event.key.keysym.sym) else { return nil }
            let shift = (UInt32(event.key.keysym.mod) & KMOD_SHIFT.rawValue) != 0
            return .input(.key(key, shift: shift))
        case SDL_MOUSEWHEEL:
            let wheel = event.wheel
            let flip: Double = wheel.direction == SDL_MOUSEWHEEL_FLIPPED.rawValue ? -1 : 1
            // SDL's positive y is "away from the user", which scrolls up the content; its x is
            // already "to the right".
            let dx = Double(wheel.preciseX) * flip, dy = -Double(wheel.preciseY) * flip
            return .input(scroll(clicks: (dx, dy), pixels: (dx * Self.sdlPixelsPerClick, dy * Self.sdlPixelsPerClick),
                                 shift: Self.shiftHeld, wheelStep: Self.isWheelStep, at: time))
        case SDL_MOUSEBUTTONDOWN where event.button.button == UInt8(SDL_BUTTON_LEFT):
            return .input(.mouseDown(Point(x: Double(event.button.x), y: Double(event.button.y))))
        case SDL_MOUSEBUTTONUP where event.button.button == UInt8(SDL_BUTTON_LEFT):
            return .input(.mouseUp(Point(x: Double(event.button.x), y: Double(event.button.y))))
        case SDL_MOUSEMOTION:
            return .input(.mouseMove(Point(x: Double(event.motion.x), y: Double(event.motion.y))))
        case SDL_WINDOWEVENT where event.window.event == UInt8(SDL_WINDOWEVENT_SIZE_CHANGED.rawValue):
            return .input(.resize(Size(width: Double(event.window.data1), height: Double(event.window.data2))))
        case SDL_WINDOWEVENT where [SDL_WINDOWEVENT_EXPOSED, SDL_WINDOWEVENT_SHOWN, SDL_WINDOWEVENT_RESTORED]
                .contains { event.window.event == UInt8($0.rawValue) }:
            return .redraw
        case SDL_RENDER_TARGETS_RESET, SDL_RENDER_DEVICE_RESET:
            return .redraw
        default:
            return nil
        }
    }

    /// A scroll from a device that does not say whether it is a wheel or fingers: clicks that are
    /// `wheelStep`s are a wheel's notches, animated; any other delta, and whole steps soon after one,
    /// are the fingers' pixels, applied 1:1.
    mutating func scroll(clicks: (dx: Double, dy: Double), pixels: (dx: Double, dy: Double), shift: Bool,
                         wheelStep: (Double) -> Bool, at time: Double) -> InputEvent {
        if !wheelStep(clicks.dx) || !wheelStep(clicks.dy) { lastPreciseTime = time }
        guard time - lastPreciseTime <= Self.preciseStickiness else { return .wheel(dx: clicks.dx, dy: clicks.dy, shift: shift) }
        return .scroll(dx: pixels.dx, dy: pixels.dy, liftFollows: false, shift: shift)
    }

    static var shiftHeld: Bool { (UInt32(SDL_GetModState().rawValue) & KMOD_SHIFT.rawValue) != 0 }

    /// The engine key of an SDL key code; nil for keys the playground does not use.
    static func key(for code: SDL_Keycode) -> Key? {
        switch Int(code) {
        case Int(SDLK_UP.rawValue): .up
        case Int(SDLK_DOWN.rawValue): .down
        case Int(SDLK_LEFT.rawValue): .left
        case Int(SDLK_RIGHT.rawValue): .right
        case Int(SDLK_PAGEUP.rawValue): .pageUp
        case Int(SDLK_PAGEDOWN.rawValue): .pageDown
        case Int(SDLK_HOME.rawValue): .home
        case Int(SDLK_END.rawValue): .end
        case Int(SDLK_SPACE.rawValue): .space
        case Int(SDLK_TAB.rawValue): .tab
        case Int(SDLK_ESCAPE.rawValue): .escape
        case Int(SDLK_RETURN.rawValue): .return
        case Int(SDLK_0.rawValue): .zero
        case Int(SDLK_1.rawValue): .one
        case Int(SDLK_2.rawValue): .two
        case Int(SDLK_3.rawValue): .three
        case Int(SDLK_c.rawValue): .c
        case Int(SDLK_g.rawValue): .g
        case Int(SDLK_h.rawValue): .h
        case Int(SDLK_l.rawValue): .l
        case Int(SDLK_m.rawValue): .m
        case Int(SDLK_p.rawValue): .p
        case Int(SDLK_r.rawValue): .r
        case Int(SDLK_s.rawValue): .s
        case Int(SDLK_t.rawValue): .t
        case Int(SDLK_MINUS.rawValue): .minus
        case Int(SDLK_EQUALS.rawValue): .equals
        case Int(SDLK_LEFTBRACKET.rawValue): .leftBracket
        case Int(SDLK_RIGHTBRACKET.rawValue): .rightBracket
        case Int(SDLK_F1.rawValue): .f1
        case Int(SDLK_F12.rawValue): .f12
        default: nil
        }
    }
}
