import CSDL2
import CSDL2SysWM
import CWaylandClient
import ParallaxEngine
import Testing
@testable import ParallaxSDL

/// Event times from the window system, on synthetic messages as SDL hands them over.
@Suite struct EventClockTests {
    /// An X motion's message and the SDL motion made from it, as SDL stamps them when pumped.
    func motion(serverTime: UInt, pumped: UInt32, clock: inout ServerEventClock) -> Double {
        var message = SDL_SysWMmsg()
        message.subsystem = SDL_SYSWM_X11
        message.msg.x11.event.type = MotionNotify
        message.msg.x11.event.xmotion.time = serverTime
        return withUnsafeMutablePointer(to: &message) { pointer in
            var syswm = SDL_Event()
            syswm.type = SDL_SYSWMEVENT.rawValue
            syswm.common.timestamp = pumped
            syswm.syswm.msg = pointer
            let consumed = clock.observe(syswm)
            #expect(consumed, "the message carries no input of its own")
            var moved = SDL_Event()
            moved.type = SDL_MOUSEMOTION.rawValue
            moved.common.timestamp = pumped
            return clock.ticks(of: moved)
        }
    }

    @Test func pointerMovesTakeTheServersTimesOnSDLsTicks() {
        var clock = ServerEventClock()
        // Moves 8 ms apart on the server, pumped 40, 33 and 44 ms later: the least delay (33 ms)
        // maps each; the last is at 1016 + 4033, not at its pump time, 5060.
        #expect(motion(serverTime: 1000, pumped: 5040, clock: &clock) == 5040)
        #expect(motion(serverTime: 1008, pumped: 5041, clock: &clock) == 5041)
        #expect(motion(serverTime: 1016, pumped: 5060, clock: &clock) == 1016 + 4033)
    }

    @Test func aCompositorsMonotonicStampsMapExactlyAndOthersByTheLeastDelay() {
        var clock = CompositorClock()
        // Stamps on CLOCK_MONOTONIC's milliseconds: each is its age before now on SDL's ticks.
        let recent = clock.ticks(of: [123_440, 123_452], now: (ticks: 5000, monotonic: 123_456))
        #expect(recent == [4984, 4996])
        // The stamp is 32 bits: across the wrap, the age still counts.
        var later = CompositorClock()
        let wrapped = later.ticks(of: [UInt32.max - 2], now: (ticks: 5000, monotonic: 1 << 32 | 5))
        #expect(wrapped == [4992])
        // A clock of its own (stamps from the future here): by the least delay seen, 0 ms for the newest.
        var own = CompositorClock()
        let mapped = own.ticks(of: [900_000, 900_010], now: (ticks: 5000, monotonic: 123_456))
        #expect(mapped == [4990, 5000])
    }

    @Test func aStreamKeepsItsSpacingWhileTheTwoClocksReadsWaver() {
        var clock = CompositorClock()
        // Moves stamped 8 ms apart, dispatched one a frame, while ticks less monotonic reads 1000,
        // then 1001 and 999 (the reads' truncations): each keeps the first offset, 8 ms apart.
        func dispatch(_ i: Int, from start: Int64, offset: Int64) -> [Double] {
            let monotonic = start + 2 + 16 * Int64(i)
            return clock.ticks(of: [UInt32(start + 8 * Int64(i))], now: (ticks: monotonic + offset, monotonic: monotonic))
        }
        let readings: [Int64] = [1000, 1001, 999, 1001, 1000]
        var mapped: [Double] = []
        for (i, offset) in readings.enumerated() { mapped += dispatch(i, from: 50_000, offset: offset) }
        let spaced: [Double] = [51_000, 51_008, 51_016, 51_024, 51_032]
        #expect(mapped == spaced)
        // The clocks drift: a reading 2 ms away moves the offset once it has held for three dispatches.
        var drifted: [Double] = []
        for i in 0..<4 { drifted += dispatch(i, from: 60_000, offset: 1002) }
        #expect(drifted == [61_000, 61_008, 61_018, 61_026])
    }
}

/// What one `wl_pointer.frame` makes (docs/input-and-trackpads.md, "Trackpads").
@Suite struct WaylandFrameTests {
    func frame(source: wl_pointer_axis_source?, value: [Double] = [0, 0], discrete: [Int32?] = [nil, nil],
               value120: [Int32?] = [nil, nil], stopped: Bool = false) -> [InputEvent] {
        var frame = WaylandPointer.Frame()
        frame.source = source?.rawValue
        frame.value = value
        frame.discrete = discrete
        frame.value120 = value120
        frame.stopped = stopped
        return frame.inputs(shift: false)
    }

    @Test func fingersArePixelsHeldUntilTheLift() {
        #expect(frame(source: WL_POINTER_AXIS_SOURCE_FINGER, value: [7.3, 0]) == [.scroll(dx: 0, dy: 7.3, liftFollows: true, shift: false)])
        #expect(frame(source: WL_POINTER_AXIS_SOURCE_FINGER, value: [0, -7.5]) == [.scroll(dx: -7.5, dy: 0, liftFollows: true, shift: false)])
        #expect(frame(source: WL_POINTER_AXIS_SOURCE_FINGER, stopped: true) == [.fingersLifted])
        // A finger stream in whole 1/120ths of SDL's 10 px is still fingers: the source says so.
        #expect(frame(source: WL_POINTER_AXIS_SOURCE_FINGER, value: [7.5, 0]) == [.scroll(dx: 0, dy: 7.5, liftFollows: true, shift: false)])
    }

    @Test func aContinuousSourceIsPixelsWithNoLiftToWaitFor() {
        #expect(frame(source: WL_POINTER_AXIS_SOURCE_CONTINUOUS, value: [5, 0]) == [.scroll(dx: 0, dy: 5, liftFollows: false, shift: false)])
    }

    @Test func wheelsAreNotchesAndAQuarterClickIsAQuarterNotch() {
        #expect(frame(source: WL_POINTER_AXIS_SOURCE_WHEEL, value: [15, 0], discrete: [1, nil]) == [.wheel(dx: 0, dy: 1, shift: false)])
        #expect(frame(source: WL_POINTER_AXIS_SOURCE_WHEEL, value: [3.75, 0], value120: [30, nil]) == [.wheel(dx: 0, dy: 0.25, shift: false)])
        #expect(frame(source: WL_POINTER_AXIS_SOURCE_WHEEL_TILT, value: [0, -15], discrete: [nil, -1]) == [.wheel(dx: -1, dy: 0, shift: false)])
        // A click count with no source is a wheel's; a wheel with neither count is SDL's 10 px a click.
        #expect(frame(source: nil, value: [30, 0], discrete: [2, nil]) == [.wheel(dx: 0, dy: 2, shift: false)])
        #expect(frame(source: WL_POINTER_AXIS_SOURCE_WHEEL, value: [5, 0]) == [.wheel(dx: 0, dy: 0.5, shift: false)])
    }
}

/// XInput2's valuators, as a motion carries them: only the set ones, in order.
@Suite struct XInput2ValuatorTests {
    @Test func theMasksSetBitsNameTheValuesInOrder() {
        var mask: [UInt8] = [0b0000_1001, 0b0000_0100]  // valuators 0, 3 and 10
        var values: [Double] = [12.5, 7.3, -2]
        let read = mask.withUnsafeMutableBufferPointer { bits in
            values.withUnsafeMutableBufferPointer { numbers in
                XInput2Scrolling.values(of: XIValuatorState(mask_len: 2, mask: bits.baseAddress, values: numbers.baseAddress))
            }
        }
        #expect(read == [0: 12.5, 3: 7.3, 10: -2])
    }
}
