import Foundation
import Testing
@testable import ParallaxEngine

@Suite struct ScrollIndicatorTests {
    // A 744 px track (an 800 px window less a 56 px bar), over 8,000 px of content in an 800 px viewport.
    let track = 744.0

    func thumb(_ offset: Double, content: Double = 8000) -> (start: Double, length: Double)? {
        ScrollIndicator.thumb(offset: offset, viewport: 800, content: content, track: track, minLength: 36, squeezedLength: 6)
    }

    @Test func lengthIsTheViewportsShareOfTheContentAndTravelsWithTheOffset() throws {
        // 744 * 800 / 8000 = 74.4; travel 744 - 74.4 = 669.6 over the 7,200 px range.
        let top = try #require(thumb(0))
        #expect(top.start == 0 && abs(top.length - 74.4) < 1e-9)
        let middle = try #require(thumb(3600))
        #expect(abs(middle.start - 334.8) < 1e-9 && abs(middle.length - 74.4) < 1e-9)
        let bottom = try #require(thumb(7200))
        #expect(abs(bottom.start - 669.6) < 1e-9 && abs(bottom.start + bottom.length - 744) < 1e-9)
    }

    @Test func aLongContentKeepsTheMinimumLength() throws {
        // 744 * 800 / 98,000 = 6.07 px: the minimum, 36, applies; travel 708 over 97,200 px.
        let t = try #require(thumb(48_600, content: 98_000))
        #expect(t.length == 36)
        #expect(abs(t.start - 354) < 1e-9)
    }

    @Test func contentThatFitsHasNoIndicator() {
        #expect(thumb(0, content: 800) == nil)
        #expect(thumb(0, content: 500) == nil)
    }

    @Test func rubberBandingSqueezesTheThumbByTheOvershootPinnedToItsEnd() throws {
        let pulled = try #require(thumb(-30))
        #expect(pulled.start == 0 && abs(pulled.length - 44.4) < 1e-9, "74.4 - 30")
        let far = try #require(thumb(-200))
        #expect(far.start == 0 && far.length == 6, "never shorter than its thickness")
        let past = try #require(thumb(7200 + 50))
        #expect(abs(past.length - 24.4) < 1e-9 && abs(past.start - (744 - 24.4)) < 1e-9, "at the bottom end")
    }

    @Test func draggingTheThumbMapsItsTravelOntoTheOffsetRange() {
        // Travel 669.6 px over 7,200 px: one px of thumb is 10.75 px of content.
        func offset(_ start: Double) -> Double {
            ScrollIndicator.offset(thumbStart: start, viewport: 800, content: 8000, track: track, minLength: 36)
        }
        #expect(abs(offset(334.8) - 3600) < 1e-9)
        #expect(abs(offset(100) - 100 * 7200 / 669.6) < 1e-9)
        #expect(offset(-40) == 0 && offset(900) == 7200, "clamped to the range")
        for s in [0.0, 1234.5, 7200] {
            #expect(abs(offset(thumb(s)!.start) - s) < 1e-9, "the inverse of thumb")
        }
    }

    @Test func shownWhileMovingThenHeldThenFadingLinearly() {
        #expect(ScrollIndicator.opacity(at: 5, restingSince: 5) == 1)
        #expect(ScrollIndicator.opacity(at: 5.6, restingSince: 5) == 1, "held 0.6 s")
        #expect(abs(ScrollIndicator.opacity(at: 5.75, restingSince: 5) - 0.5) < 1e-9, "half way through the 0.3 s fade")
        #expect(ScrollIndicator.opacity(at: 5.9, restingSince: 5) == 0)
        #expect(ScrollIndicator.opacity(at: 60, restingSince: 5) == 0)
    }

    @Test func restingSinceIsTheFlingsEndWhateverTimeItIsAskedAt() {
        var a = axis(content: 100_000)
        fling(&a, from: 5000, speed: 2000)
        #expect(a.restingSince(at: 0.5) == 0.5, "moving: now")
        // The fling at v px/s from the release (0.1 s) ends where it slows under the rest threshold.
        let end = a.restingSince(at: 30)
        #expect(a.phase(at: end - 0.001) != .idle && a.phase(at: end + 0.001) == .idle)
        #expect(abs(a.restingSince(at: 10) - end) <= 1e-6 && abs(a.restingSince(at: 100) - end) <= 1e-6,
                "the same, to its 1 µs, at every later time")
        a.scroll(to: 200, animated: false, at: 40)
        #expect(a.restingSince(at: 41) == 40, "a jump rests from its time")
    }
}
