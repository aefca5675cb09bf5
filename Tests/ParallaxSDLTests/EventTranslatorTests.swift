import CSDL2
import ParallaxEngine
import Testing
@testable import ParallaxSDL

/// Wheel streams shaped like each device, as SDL2 hands them over (README.md, "Trackpads, flings
/// and event times").
@Suite struct WheelDeviceTests {
    func wheel(_ dy: Float) -> SDL_Event {
        var event = SDL_Event()
        event.type = SDL_MOUSEWHEEL.rawValue
        event.wheel.preciseY = dy
        event.wheel.y = Int32(dy.rounded(.towardZero))
        event.wheel.direction = SDL_MOUSEWHEEL_NORMAL.rawValue
        return event
    }

    /// Which of the stream's deltas came out precise, one event every 10 ms.
    func precise(_ stream: [Float]) -> [Bool] {
        var translator = EventTranslator()
        return stream.enumerated().map { i, dy in
            guard case let .input(.wheel(_, _, precise, _))? = translator.translate(wheel(dy), at: Double(i) * 0.010) else {
                Issue.record("\(dy) gave no wheel event")
                return false
            }
            return precise
        }
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
