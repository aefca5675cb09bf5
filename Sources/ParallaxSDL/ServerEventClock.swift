import CSDL2
import CSDL2SysWM

/// Gives pointer and key events the time the X server stamped them with, on SDL's tick clock.
///
/// SDL2 stamps every event with the time it was pumped, so the moves and the release that arrive
/// between two polls share one time, and a fling measured from them is off (README.md, "Trackpads,
/// flings and event times"). X11 stamps each event with the server's millisecond clock. With SDL's
/// window-system messages on, each X event reaches us just before the SDL event made from it; the
/// clock keeps the smallest difference between an event's pump time and its server time seen so far
/// (the delivery delay is never negative), and maps server times with it. Events that come without
/// a server time keep SDL's stamps: on Wayland and the dummy driver all of them, on X11 the pointer
/// moves SDL reads through XInput2 while no button is held (it frees their data before the message
/// reaches us). Drags, presses, releases, wheel clicks and keys come as core events, with times.
struct ServerEventClock {
    /// SDL ticks minus X server time, ms: the least seen.
    private var offset: Int64?
    /// The server time of the last X input event, waiting for the SDL event made from it.
    private var pending: (type: Int32, time: Int64)?
    /// A difference this much larger than the least means the server's clock jumped or wrapped.
    static let resetAfter: Int64 = 60_000

    /// Asks SDL for the window-system messages (a global SDL setting, for the live window only).
    init() {
        SDL_EventState(SDL_SYSWMEVENT.rawValue, SDL_ENABLE)
    }

    /// Takes a window-system message (true: the event is consumed, it carries no input).
    mutating func observe(_ event: SDL_Event) -> Bool {
        guard event.type == SDL_SYSWMEVENT.rawValue else { return false }
        guard let message = event.syswm.msg, message.pointee.subsystem == SDL_SYSWM_X11 else { return true }
        let x = message.pointee.msg.x11.event
        let serverTime: UInt
        switch x.type {
        case MotionNotify: serverTime = x.xmotion.time
        case ButtonPress, ButtonRelease: serverTime = x.xbutton.time
        case KeyPress, KeyRelease: serverTime = x.xkey.time
        default: return true
        }
        let time = Int64(serverTime), pumped = Int64(event.common.timestamp)
        let difference = pumped - time
        if offset == nil || difference < offset! || difference > offset! + Self.resetAfter { offset = difference }
        pending = (x.type, time)
        return true
    }

    /// The event's time in SDL ticks (ms): its X server time where it came with one, else SDL's stamp.
    mutating func ticks(of event: SDL_Event) -> Double {
        let stamped = Double(event.common.timestamp)
        guard let pending, let offset, Self.xType(madeInto: event.type) == pending.type else { return stamped }
        self.pending = nil
        return min(stamped, Double(pending.time + offset))
    }

    /// The X event type SDL makes an input event of that type from.
    static func xType(madeInto sdlType: UInt32) -> Int32? {
        switch SDL_EventType(rawValue: sdlType) {
        case SDL_MOUSEMOTION: return MotionNotify
        case SDL_MOUSEBUTTONDOWN, SDL_MOUSEWHEEL: return ButtonPress
        case SDL_MOUSEBUTTONUP: return ButtonRelease
        case SDL_KEYDOWN: return KeyPress
        case SDL_KEYUP: return KeyRelease
        default: return nil
        }
    }
}
