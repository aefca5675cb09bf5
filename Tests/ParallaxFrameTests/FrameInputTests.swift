import Testing
@testable import ParallaxFrame

/// What a window's frame takes of the events polled for it (`FrameInput`).
@Suite struct FrameInputTests {
    @Test func eventsStampedAfterTheFrameWaitForTheNextWithTheirStamps() {
        var input = FrameInput<String>()
        // A frame at 1.000 s polled late, at 1.030 s: moves stamped 0.992, 1.008, 1.016, 1.024.
        let first = input.take([("a", 0.992), ("b", 1.008), ("c", 1.016), ("d", 1.024)], frameTime: 1.0)
        #expect(first.map(\.event) == ["a"] && first.map(\.time) == [0.992])
        // The next frame, at 1.050 s, takes them at their own times, before what it polled itself.
        let second = input.take([("e", 1.032)], frameTime: 1.05)
        #expect(second.map(\.event) == ["b", "c", "d", "e"])
        #expect(second.map(\.time) == [1.008, 1.016, 1.024, 1.032])
    }

    @Test func timeNeverRunsBackwardsAndHeldEventsMergeByTime() {
        var input = FrameInput<String>()
        _ = input.take([("a", 0.5), ("late", 0.6)], frameTime: 0.55)
        // An event from another source stamped before the held one comes first; one stamped before
        // the last taken takes that time.
        let next = input.take([("early", 0.4), ("other", 0.58)], frameTime: 0.7)
        #expect(next.map(\.event) == ["early", "other", "late"])
        #expect(next.map(\.time) == [0.5, 0.58, 0.6])
    }

    @Test func twoSourcesPolledOneAfterTheOtherAreMergedByTime() {
        var input = FrameInput<String>()
        // SDL's events, then the Wayland pointer's, each source in its order.
        let taken = input.take([("sdl 1", 0.2), ("sdl 2", 0.4), ("pointer 1", 0.1), ("pointer 2", 0.4)], frameTime: 0.5)
        #expect(taken.map(\.event) == ["pointer 1", "sdl 1", "sdl 2", "pointer 2"])
        #expect(taken.map(\.time) == [0.1, 0.2, 0.4, 0.4])
    }

    @Test func theFirstFrameTakesEverythingAtItsTime() {
        var input = FrameInput<String>()
        let taken = input.take([("a", 0.01), ("b", 0.02)], frameTime: 0, holdsLate: false)
        #expect(taken.map(\.event) == ["a", "b"] && taken.map(\.time) == [0, 0])
        #expect(input.take([], frameTime: 0.016).isEmpty, "nothing was held")
    }
}
