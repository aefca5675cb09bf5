import CSDL2
import ParallaxEngine
import Testing
@testable import ParallaxSDL

/// Wheel streams shaped like each device, as SDL2 hands them over (docs/input-and-trackpads.md,
/// "Trackpads").
@Suite struct WheelDeviceTests {
    func wheel(_ dy: Float) -> SDL_Event {
        var event = SDL_Event()
        event.type = SDL_MOUSEWHEEL.rawValue
        event.wheel.preciseY = dy
        event.wheel.y = Int32(dy.rounded(.towardZero))
        event.wheel.direction = SDL_MOUSEWHEEL_NORMAL.rawValue
        return event
    }

    /// Which of the stream's deltas came out precise, one event every 10 ms: a precise delta is SDL's
    /// Wayland value times 10 px (the compositor's surface px), a wheel's is its notches.
    func precise(_ stream: [Float]) -> [Bool] {
        var translator = EventTranslator()
        return stream.enumerated().map { i, dy in
            switch translator.translate(wheel(dy), at: Double(i) * 0.010) {
            case let .input(.scroll(0, pixels, false, false))?:
                #expect(pixels == -Double(dy) * 10)
                return true
            case let .input(.wheel(0, notches, false))?:
                #expect(notches == -Double(dy))
                return false
            case let other:
                Issue.record("\(dy) gave \(String(describing: other))")
                return false
            }
        }
    }

    /// XInput2's clicks (valuator delta over increment) and the pixels they make, one every 8 ms:
    /// which came out as the fingers' pixels.
    func fingers(_ clicks: [Double], pixelsPerClick: Double = 10) -> [Bool] {
        var translator = EventTranslator()
        return clicks.enumerated().map { i, dy in
            let input = translator.scroll(clicks: (0, dy), pixels: (0, dy * pixelsPerClick), shift: false,
                                          wheelStep: EventTranslator.isWholeClick, at: Double(i) * 0.008)
            switch input {
            case let .scroll(_, pixels, _, _):
                #expect(pixels == dy * pixelsPerClick)
                return true
            case let .wheel(_, notches, _):
                #expect(notches == dy)
                return false
            default: return false
            }
        }
    }

    @Test func onX11AFingerStreamInRoundStepsIsStillFingersAndClicksAreAWheel() {
        // 7.5 px steps under Xwayland are 0.75 of its 10 px click: whole 120ths, but not whole clicks.
        #expect(fingers([0.75, 0.75, 0.75]) == [true, true, true])
        #expect(fingers([0.73, 1, 0.73]) == [true, true, true], "a whole click inside a finger stream")
        #expect(fingers([1, 3, -1]) == [false, false, false])
        // Xorg's libinput driver: an increment of 15 units, a unit a pixel.
        #expect(fingers([2.0 / 15, 1, 1], pixelsPerClick: 15) == [true, true, true])
    }

    @Test func aTrackpadStreamIsPreciseEvenWhereADeltaIsWhole() {
        // Wayland's finger scrolling: any fraction, now and then a whole one, slowing to a stop.
        #expect(precise([0.372, 0.518, 1.0, 0.463, 0.21, 0.0937, 0.031]) == Array(repeating: true, count: 7))
    }

    @Test func aHighResolutionWheelIsAWheel() {
        // An 8-step wheel (15/120 a step) and a 120-step one (1/120), neither precise.
        #expect(precise([0.125, 0.125, 0.25, 0.125, -0.125]) == Array(repeating: false, count: 5))
        #expect(precise([1.0 / 120, 2.0 / 120, 1.0 / 120]) == Array(repeating: false, count: 3))
    }

    @Test func aNotchedWheelIsAWheel() {
        // X11: SDL2 turns a trackpad into whole notches too, which is all it can tell.
        #expect(precise([1, 1, -1, 2]) == Array(repeating: false, count: 4))
    }

    @Test func wheelStepsAreWholeHundredTwentieths() {
        #expect(EventTranslator.isWheelStep(Double(Float(15.0 / 120))))
        #expect(EventTranslator.isWheelStep(Double(Float(10.0 / 120))))
        #expect(!EventTranslator.isWheelStep(Double(Float(0.372))))
        #expect(!EventTranslator.isWheelStep(0.5 / 120))
    }
}

/// Keys and wheel deltas come out in the engine's terms.
@Suite struct EventTranslatorTermsTests {
    func keyDown(_ code: SDL_Keycode, shift: Bool = false) -> SDL_Event {
        var event = SDL_Event()
        event.type = SDL_KEYDOWN.rawValue
        event.key.keysym.sym = code
        event.key.keysym.mod = UInt16(shift ? KMOD_LSHIFT.rawValue : 0)
        return event
    }

    /// SDL's name for each key is the one scripts use (docs/file-formats.md, "Script format"), so looking the
    /// name up in SDL finds the key code the translator must map to that key.
    @Test func everyEngineKeyHasItsSDLKeyCode() {
        var translator = EventTranslator()
        for key in Key.allCases {
            let code = SDL_GetKeyFromName(key.name)
            #expect(code != SDLK_UNKNOWN.rawValue, "SDL has no key named \(key.name)")
            #expect(translator.translate(keyDown(code), at: 0) == .input(.key(key, shift: false)), "\(key.name)")
        }
        #expect(translator.translate(keyDown(Int32(SDLK_TAB.rawValue), shift: true), at: 0) == .input(.key(.tab, shift: true)))
        #expect(translator.translate(keyDown(Int32(SDLK_F2.rawValue)), at: 0) == nil)
        #expect(translator.translate(keyDown(Int32(SDLK_KP_1.rawValue)), at: 0) == nil)
    }

    @Test func escapeIsAKeyTheKeymapQuitsOn() {
        var translator = EventTranslator()
        #expect(translator.translate(keyDown(Int32(SDLK_ESCAPE.rawValue)), at: 0) == .input(.key(.escape, shift: false)))
        #expect(Keymap.action(for: .escape, shift: false) == .dismiss)
    }

    func wheel(x: Float, y: Float, flipped: Bool) -> SDL_Event {
        var event = SDL_Event()
        event.type = SDL_MOUSEWHEEL.rawValue
        event.wheel.preciseX = x
        event.wheel.preciseY = y
        event.wheel.direction = (flipped ? SDL_MOUSEWHEEL_FLIPPED : SDL_MOUSEWHEEL_NORMAL).rawValue
        return event
    }

    @Test func wheelDeltasAreInContentDirection() {
        var translator = EventTranslator()
        // SDL: positive y is away from the user, which scrolls back up the content.
        #expect(translator.translate(wheel(x: 0, y: 1, flipped: false), at: 0) == .input(.wheel(dx: 0, dy: -1, shift: false)))
        #expect(translator.translate(wheel(x: 0, y: -2, flipped: false), at: 0) == .input(.wheel(dx: 0, dy: 2, shift: false)))
        #expect(translator.translate(wheel(x: 1, y: 0, flipped: false), at: 0) == .input(.wheel(dx: 1, dy: 0, shift: false)))
        // "Natural" scrolling reports the finger's direction: the same content motion needs the opposite sign.
        #expect(translator.translate(wheel(x: -1, y: 1, flipped: true), at: 0) == .input(.wheel(dx: 1, dy: 1, shift: false)))
    }
}
