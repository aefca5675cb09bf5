import Foundation
import Testing
@testable import ParallaxEngine
@testable import ParallaxScenes

/// Android's stretch edge drawn as a scale of the feed's content about the pulled edge
/// (docs/physics-models.md, "The edges"); the other models move the content.
@Suite struct EdgeStretchTests {
    let viewport = Size(width: 1280, height: 800)

    /// `scene` under the physics model `physics`.
    func under<S: PlaygroundScene>(_ physics: String, _ scene: S) -> S {
        var s = PlaygroundSettings()
        s.physics = physics
        scene.apply(s)
        return scene
    }

    func feed(_ physics: String) -> FeedScene { under(physics, FeedScene(viewport: viewport, environment: testEnvironment())) }

    func drawn(_ scene: some PlaygroundScene) -> DisplayList {
        var list = DisplayList()
        scene.draw(into: &list)
        return list
    }

    /// The photos, top to bottom.
    func photos(_ scene: FeedScene) -> [ImageQuad] { drawn(scene).imageQuads }

    /// Android's stretch for a pull of `pull` px over 800: `P (0.016 f + 0.016 (1 - e^(-f / 0.33)))`.
    static func androidShown(_ pull: Double) -> Double {
        let f = min(1, pull / 800)
        return 800 * (0.016 * f + 0.016 * (1 - exp(-f / 0.33)))
    }

    @Test func aPullPastTheTopStretchesAndroidsContentAboutTheTopAndMovesUIKits() throws {
        let atRest = photos(feed("uikit"))
        for physics in ["android", "uikit"] {
            let scene = feed(physics)
            // Held 300 px down from the top.
            scene.handle(.mouseDown(Point(x: 640, y: 200)), at: 0)
            scene.handle(.mouseMove(Point(x: 640, y: 500)), at: 0.1)
            scene.update(to: 0.1)
            let pulled = photos(scene)
            try #require(pulled.count == atRest.count && !pulled.isEmpty)
            if physics == "android" {
                let shown = Self.androidShown(300), scale = 1 + shown / 800
                #expect(abs(scene.offset + shown) < 1e-9, "offset \(scene.offset), the stretch \(shown)")
                // The photo and its container, held at the top with the photo's parallax there, scaled.
                for (stretched, rest) in zip(pulled, atRest) {
                    for (a, b) in [(stretched.destination, rest.destination), (stretched.clip!, rest.clip!)] {
                        #expect(abs(a.minY - b.minY * scale) < 1e-9 && abs(a.height - b.height * scale) < 1e-9,
                                "\(a) is not \(b) scaled \(scale) about the top")
                        #expect(a.minX == b.minX && a.width == b.width)
                    }
                }
            } else {
                // The containers moved down by the rubber band (the photos also shift inside them).
                #expect(scene.offset < -100)
                for (moved, rest) in zip(pulled, atRest) {
                    #expect(abs(moved.clip!.minY - (rest.clip!.minY - scene.offset)) < 1e-9 && moved.clip!.height == rest.clip!.height)
                }
            }
        }
    }

    @Test func aPullPastTheBottomStretchesAndroidsContentAboutTheBottom() throws {
        func atTheEnd(_ physics: String) -> FeedScene {
            let scene = feed(physics)
            scene.handle(.key(.end, shift: false), at: 0)
            scene.update(to: 5)
            return scene
        }
        let atRest = photos(atTheEnd("uikit"))
        let scene = atTheEnd("android")
        #expect(scene.offset == scene.scroller.maxOffset && scene.offset > 0)
        // Held 200 px up past the bottom.
        scene.handle(.mouseDown(Point(x: 640, y: 600)), at: 6)
        scene.handle(.mouseMove(Point(x: 640, y: 400)), at: 6.1)
        scene.update(to: 6.1)
        let shown = Self.androidShown(200), scale = 1 + shown / 800
        #expect(abs(scene.offset - scene.scroller.maxOffset - shown) < 1e-9)
        let pulled = photos(scene)
        try #require(pulled.count == atRest.count && !pulled.isEmpty)
        for (stretched, rest) in zip(pulled, atRest) {
            for (a, b) in [(stretched.destination, rest.destination), (stretched.clip!, rest.clip!)] {
                #expect(abs(a.maxY - (800 + (b.maxY - 800) * scale)) < 1e-9 && abs(a.height - b.height * scale) < 1e-9,
                        "\(a) is not \(b) scaled \(scale) about the bottom")
            }
        }
    }

    @Test func aPullPastThePagersFirstPageStretchesAndroidsPageAboutTheLeftEdge() throws {
        func pager(_ physics: String) -> PagerScene { under(physics, PagerScene(viewport: viewport, environment: testEnvironment())) }
        let atRest = drawn(pager("uikit"))
        let scene = pager("android")
        // Held 400 px right past the first page.
        scene.handle(.mouseDown(Point(x: 300, y: 400)), at: 0)
        scene.handle(.mouseMove(Point(x: 700, y: 400)), at: 0.1)
        scene.update(to: 0.1)
        let f = 400.0 / 1280, shown = 1280 * (0.016 * f + 0.016 * (1 - exp(-f / 0.33))), scale = 1 + shown / 1280
        #expect(abs(scene.offset + shown) < 1e-9)
        let pulled = drawn(scene)
        let photo = try #require(pulled.imageQuads.first), rest = try #require(atRest.imageQuads.first)
        #expect(abs(photo.destination.minX - rest.destination.minX * scale) < 1e-9 && abs(photo.destination.width - rest.destination.width * scale) < 1e-9,
                "\(photo.destination) is not \(rest.destination) scaled \(scale) about the left")
        #expect(photo.destination.minY == rest.destination.minY && photo.destination.height == rest.destination.height)
        // The headline moves with its origin; the dots stay.
        #expect(zip(pulled.textRuns, atRest.textRuns).allSatisfy { abs($0.origin.x - $1.origin.x * scale) < 1e-9 && $0.font == $1.font })
        let pulledLastFive: ArraySlice<DrawCommand> = pulled.commands.suffix(5)
        let restingLastFive: ArraySlice<DrawCommand> = atRest.commands.suffix(5)
        #expect(pulledLastFive == restingLastFive)
    }
}
