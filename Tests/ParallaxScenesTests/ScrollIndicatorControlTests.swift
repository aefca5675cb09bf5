import Foundation
import Testing
@testable import ParallaxEngine
@testable import ParallaxScenes

@Suite struct ScrollIndicatorControlTests {
    let viewport = Size(width: 1280, height: 800)

    func feed() -> FeedScene {
        var settings = FeedSettings()
        settings.itemCount = 20
        return FeedScene(viewport: viewport, settings: settings, environment: testEnvironment())
    }

    /// The thumb's fills and discs as drawn (the capsule's body is its only fill at the track's x).
    func thumbBody(_ scene: FeedScene) -> FillRect? {
        var list = DisplayList()
        scene.draw(into: &list)
        return list.commands.compactMap { if case let .fill(f) = $0, f.rect.minX == 1280 - 3 - 6 { f } else { nil } }.first
    }

    @Test func draggingTheThumbScrollsByItsTravelOverTheOffsetRange() throws {
        let scene = feed()
        // 20 items: content = 56 + 24 + 2 * 48 + 20 * 489 - 20 = 9,936 px; range 9,136 px.
        let content: Double = 56 + 24 + 2 * 48 + 20 * 489 - 20
        let range = content - 800
        // Track from 59 to 797 (738 px); thumb 738 * 800 / 9,936 = 59.42 px; travel 678.58 px.
        let travel = 738 - 738 * 800 / content
        scene.update(to: 0.1)
        scene.handle(.mouseDown(Point(x: 1274, y: 80)), at: 0.1)
        scene.handle(.mouseMove(Point(x: 1274, y: 180)), at: 0.15)
        scene.update(to: 0.15)
        #expect(abs(scene.offset - 100 / travel * range) < 1e-6)
        scene.handle(.mouseUp(Point(x: 1274, y: 1000)), at: 0.2)
        scene.update(to: 0.2)
        #expect(abs(scene.offset - range) < 1e-6, "dragged past the track's end: the bottom, no further")
        scene.update(to: 3)
        #expect(abs(scene.offset - range) < 1e-6, "no fling after the thumb's release")
    }

    @Test func shownOnAppearingAndWhileScrollingThenFadedAndNoLongerGrabbed() throws {
        let scene = feed()
        scene.update(to: 0.3)
        #expect(try #require(thumbBody(scene)).opacity == ScrollIndicatorControl.shownOpacity)
        scene.update(to: 0.75)
        #expect(abs(try #require(thumbBody(scene)).opacity - 0.5 * ScrollIndicatorControl.shownOpacity) < 1e-9, "half faded")
        scene.update(to: 2)
        #expect(thumbBody(scene) == nil, "faded out")
        // Hidden, the thumb's place is content: a press there drags the content (down 100 px: 100 px past the top).
        scene.handle(.mouseDown(Point(x: 1274, y: 80)), at: 2)
        scene.handle(.mouseMove(Point(x: 1274, y: 180)), at: 2.05)
        scene.update(to: 2.05)
        #expect(scene.offset < 0, "rubber-banded past the top by the content drag")
        #expect(thumbBody(scene) != nil, "shown while the content moves")
    }

    @Test func pastAnEdgeAPressOnTheSqueezedThumbIsTheContents() {
        let scene = feed()
        scene.handle(.mouseDown(Point(x: 640, y: 300)), at: 0.1)
        scene.handle(.mouseMove(Point(x: 640, y: 400)), at: 0.15)
        scene.handle(.mouseUp(Point(x: 640, y: 400)), at: 0.15)
        scene.update(to: 0.2)
        let bouncing = scene.offset
        #expect(bouncing < 0)
        // The squeezed thumb sits at the track's top (y 59); grabbing it would jump the content to 0.
        scene.handle(.mouseDown(Point(x: 1274, y: 61)), at: 0.2)
        scene.update(to: 0.2)
        #expect(scene.offset == bouncing, "caught where it is, as any press on the content")
        #expect(scene.scrollState.phase == .dragging)
    }
}
