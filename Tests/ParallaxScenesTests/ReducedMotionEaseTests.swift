import Foundation
import Testing
@testable import ParallaxEngine
@testable import ParallaxScenes

/// M eases every scene's parallax to its new amount over 200 ms (`MotionEase`), whatever the frames.
@Suite struct ReducedMotionEaseTests {
    let viewport = Size(width: 1280, height: 800)

    @Test func thePagersLayersEaseToTheirPagesAndBack() {
        let playground = Playground(viewport: viewport, first: "pager", environment: testEnvironment())
        let pager = playground.pager
        pager.handle(.mouseDown(Point(x: 1000, y: 400)), at: 0)
        pager.handle(.mouseMove(Point(x: 360, y: 400)), at: 0)   // held at f = 0.5
        playground.handle(.key(.m, shift: false), at: 1)
        // Layer k of page i at W/2 + W (i - f) k' with k' = 1 + (k - 1) a: at 1.05 s, a = 0.84375.
        for (t, amount) in [(1.0, 1.0), (1.05, 0.84375), (1.1, 0.5), (1.2, 0.0)] {
            playground.update(to: t)
            for layer in pager.layers() {
                let k = PagerSceneTests.speeds[layer.name]!
                let expected = 640 + 1280 * (Double(layer.page) - 0.5) * (1 + (k - 1) * amount)
                #expect(abs(layer.centerX - expected) < 1e-9, "\(layer.name) of page \(layer.page) at \(t)")
            }
        }
        playground.handle(.key(.m, shift: false), at: 2)
        playground.update(to: 2.1)
        let paragraph = pager.layers().first { $0.name == "paragraph" && $0.page == 0 }!
        #expect(abs(paragraph.centerX - (640 - 640 * (1 + 0.5))) < 1e-9, "half way back: k' = 1 + (2 - 1) 0.5")
    }

    @Test func theFeedsShiftsEaseToZeroTheSameAtAnyFrameRate() {
        func shifts(at times: [Double]) -> [Double] {
            let playground = Playground(viewport: viewport, environment: testEnvironment())
            playground.handle(.key(.pageDown, shift: false), at: 0)
            playground.update(to: 0.9)
            playground.handle(.key(.m, shift: false), at: 1)
            for t in times { playground.update(to: t) }
            return playground.feed.layout.visible(offset: playground.feed.offset).cells.map(\.shift)
        }
        let full = shifts(at: [0.95])
        #expect(full.contains { abs($0) > 5 }, "shifted before M: \(full)")
        // At 1.1 s the amount is 0.5: every shift halves (M and its clamp scale together).
        let half = shifts(at: [1.1])
        for (a, b) in zip(half, full) { #expect(abs(a - b * 0.5) < 1e-9) }
        #expect(shifts(at: stride(from: 1.0, through: 1.1, by: 1 / 144.0).map { $0 } + [1.1]) == half, "144 fps: the same")
        #expect(shifts(at: [1.2]).allSatisfy { $0 == 0 })
    }

    @Test func theHeadersPhotoSpeedEasesToThePages() {
        let playground = Playground(viewport: viewport, first: "header", environment: testEnvironment())
        let header = playground.header
        drag(header, by: 100)
        header.update(to: 0.5)
        let containerTop = header.headerFrames.container.minY
        // At half speed the image sits 50 px below its container's scrolled top; at a = 0.5, speed 0.75: 25 px.
        #expect(abs(header.headerFrames.image.minY - containerTop - 50) < 1e-9)
        playground.handle(.key(.m, shift: false), at: 1)
        header.update(to: 1.1)
        #expect(abs(header.headerFrames.image.minY - containerTop - 25) < 1e-9)
        header.update(to: 1.2)
        #expect(header.headerFrames.image.minY == containerTop)
    }
}
