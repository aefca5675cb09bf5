import CSDL2
import CSDL2SysWM

/// Gives pointer and key events the time the X server stamped them with, on SDL's tick clock.
///
/// SDL2 stamps every event with the time it was pumped, so the moves and the release that arrive
/// between two polls share one time, and a fling measured from them is off (docs/input-and-trackpads.md,
/// "Flings and event times"). X11 stamps each event with the server's millisecond clock. With SDL's
/// window-system messages on, each X event reaches us just before the SDL event made from it; the
/// clock keeps the smallest difference between an event's pump time and its server time seen so far
/// (the delivery delay is never negative), and maps server times with it. Events that come without
/// a server time keep SDL's stamps: under the dummy driver all of them, on X11 the pointer moves SDL
/// reads through XInput2 while no button is held (it frees their data before the message reaches
/// us). Drags, presses, releases, wheel clicks and keys come as core events, with times, and
/// XInput2's scrolls with theirs (`ticks(ofServerTime:pumped:)`). On Wayland the pointer's events
/// come from `WaylandPointer`, on the compositor's clock (`CompositorClock`).
struct ServerEventClock {
    private var server = LeastDelayClock()
    /// The server time of the last X input event, waiting for the SDL event made from it.
    private var pending: (type: Int32, time: Int64)?

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
        server.observe(stamp: Int64(serverTime), received: Int64(event.common.timestamp))
        pending = (x.type, Int64(serverTime))
        return true
    }

    /// The event's time in SDL ticks (ms): its X server time where it came with one, else SDL's stamp.
    mutating func ticks(of event: SDL_Event) -> Double {
        let stamped = Double(event.common.timestamp)
        guard let pending, let mapped = server.ticks(of: pending.time), Self.xType(madeInto: event.type) == pending.type else { return stamped }
        self.pending = nil
        return min(stamped, Double(mapped))
    }

    /// The SDL ticks (ms) of an X server time that came in a message SDL stamped `pumped`
    /// (XInput2's events, which make no SDL event of their own).
    mutating func ticks(ofServerTime time: Int64, pumped: UInt32) -> Double {
        server.observe(stamp: time, received: Int64(pumped))
        return min(Double(pumped), Double(server.ticks(of: time) ?? Int64(pumped)))
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

/// Maps another clock's millisecond stamps (the X server's, the Wayland compositor's) onto SDL's
/// ticks: a delivery delay is never negative, so the least difference seen between when an event
/// was received and its stamp is the clocks' offset plus the shortest delay.
struct LeastDelayClock {
    /// Received minus stamped, ms: the least seen.
    private var offset: Int64?
    /// A difference this much larger than the least means the other clock jumped or wrapped.
    static let resetAfter: Int64 = 60_000

    mutating func observe(stamp: Int64, received: Int64) {
        let difference = received - stamp
        if offset == nil || difference < offset! || difference > offset! + Self.resetAfter { offset = difference }
    }

    /// The stamp on SDL's ticks; nil before anything was observed.
    func ticks(of stamp: Int64) -> Int64? { offset.map { stamp + $0 } }
}

/// A Wayland compositor's millisecond stamps on SDL's ticks. wlroots, Mutter and KWin take them
/// from CLOCK_MONOTONIC (libinput's, or a virtual pointer's own): where a stamp is on that clock (no
/// later than now, and less than `plausibleAge` old) it maps by the clocks' offset, so a drag's
/// tracker sees each move at its own millisecond; other stamps map by the least delay.
struct CompositorClock {
    private var leastDelay = LeastDelayClock()
    static let plausibleAge: Int64 = 10_000
    /// SDL's ticks less CLOCK_MONOTONIC, ms, as kept. Two whole-millisecond clocks read one after
    /// the other differ by a millisecond or two more or less from read to read (each truncates, and
    /// the reads are not one instant), which would move a stream's moves against each other by as
    /// much and bend a fling's speed; so the offset moves only once readings have stayed 2 ms or
    /// more away from it (the two drift apart slowly: SDL counts CLOCK_MONOTONIC_RAW).
    private var offset: Int64?
    private var readingsAway = 0
    static let readingsToMove = 3

    /// `now`: SDL's ticks and CLOCK_MONOTONIC, in ms, read together when the stamps were dispatched.
    mutating func ticks(of stamps: [UInt32], now: (ticks: Int64, monotonic: Int64)) -> [Double] {
        let reading = now.ticks - now.monotonic
        if let kept = offset, abs(reading - kept) >= 2 { readingsAway += 1 } else { readingsAway = 0 }
        if offset == nil || readingsAway >= Self.readingsToMove { offset = reading; readingsAway = 0 }
        for stamp in stamps { leastDelay.observe(stamp: Int64(stamp), received: now.ticks) }
        return stamps.map { stamp in
            // The stamp is the monotonic clock's low 32 bits: its age, modulo 2^32.
            let age = (now.monotonic - Int64(stamp)) & 0xFFFF_FFFF
            if age < Self.plausibleAge { return Double(now.monotonic - age + offset!) }
            return Double(leastDelay.ticks(of: Int64(stamp)) ?? now.ticks)
        }
    }
}
