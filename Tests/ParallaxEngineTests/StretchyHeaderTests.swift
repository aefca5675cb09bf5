import Foundation
import Testing
@testable import ParallaxEngine

@Suite struct StretchyHeaderTests {
    let w = 1280.0

    @Test func scrollingDownTheImageMovesAtHalfSpeedInsideItsClippingContainer() {
        let f = StretchyHeader.frames(offset: 120, width: w)
        #expect(f.container == Rect(x: 0, y: -120, width: 1280, height: 640))
        #expect(f.image == Rect(x: 0, y: -120 + 60, width: 1280, height: 640), "moved down by s/2 inside the container")
        #expect(f.clipped)
    }

    @Test func atRestImageFillsContainer() {
        let f = StretchyHeader.frames(offset: 0, width: w)
        #expect(f.container == Rect(x: 0, y: 0, width: 1280, height: 640))
        #expect(f.image == f.container)
        #expect(f.clipped)
    }

    @Test func pulledDownTheImageSticksToTheTopAndGrowsKeepingItsAspect() {
        let f = StretchyHeader.frames(offset: -80, width: w)
        #expect(f.container == Rect(x: 0, y: 80, width: 1280, height: 640))
        #expect(f.image.minY == 0)
        #expect(f.image.height == 640 + 80)
        #expect(f.image.width == (640 + 80) * 2)
        #expect(f.image.midX == 640, "centred")
        #expect(!f.clipped)
    }

    @Test func reducedMotionIsAPlainHeader() {
        let down = StretchyHeader.frames(offset: 120, width: w, speed: 1, stretches: false)
        #expect(down.image == down.container)
        let pulled = StretchyHeader.frames(offset: -80, width: w, speed: 1, stretches: false)
        #expect(pulled.image == pulled.container)
        #expect(pulled.container.minY == 80)
    }
}
