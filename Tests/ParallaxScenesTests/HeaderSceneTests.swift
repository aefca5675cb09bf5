import Foundation
import Testing
@testable import ParallaxEngine
import ParallaxFrame
@testable import ParallaxScenes

@Suite struct HeaderSceneTests {
    let viewport = Size(width: 1280, height: 800)

    @Test func imageRectAtOffsets() {
        let scene = HeaderScene(viewport: viewport, topInset: 56, environment: testEnvironment())
        scene.update(to: 0)
        #expect(scene.headerFrames == StretchyHeader.frames(offset: 0, width: 1280))
        drag(scene, by: 120)
        #expect(scene.offset == 120)
        #expect(scene.headerFrames.image == Rect(x: 0, y: -60, width: 1280, height: 640))
        #expect(scene.headerFrames.container == Rect(x: 0, y: -120, width: 1280, height: 640))
        var list = DisplayList()
        scene.draw(into: &list)
        let quad = list.imageQuads.first!
        #expect(quad.destination == Rect(x: 0, y: -60, width: 1280, height: 640))
        #expect(quad.clip == Rect(x: 0, y: -120, width: 1280, height: 640))
    }

    @Test func pulledTo80PastTheTopThePhotoSticksAndGrows() {
        let scene = HeaderScene(viewport: viewport, topInset: 56, environment: testEnvironment())
        // The finger travel the rubber band shows as 80 px.
        let travel = RubberBand.distance(showing: 80, dimension: 800, constant: 0.55)
        scene.handle(.mouseDown(Point(x: 640, y: 200)), at: 0)
        scene.handle(.mouseMove(Point(x: 640, y: 200 + travel)), at: 0.1)
        scene.update(to: 0.1)
        #expect(abs(scene.offset - -80) < 1e-9)
        let f = scene.headerFrames
        #expect(abs(f.container.minY - 80) < 1e-9, "the container moves down with the content")
        #expect(f.image.minY == 0, "the photo's top sticks to the window's top")
        #expect(abs(f.image.height - 720) < 1e-9 && abs(f.image.width - 1440) < 1e-9 && abs(f.image.midX - 640) < 1e-9)
        var list = DisplayList()
        scene.draw(into: &list)
        let quad = list.imageQuads.first!
        #expect(quad.clip == nil, "unclipped")
        #expect(quad.destination == f.image)
    }

    @Test func keepsTwoToOneThroughAResize() {
        let scene = HeaderScene(viewport: viewport, environment: testEnvironment())
        drag(scene, by: 120)
        scene.handle(.resize(Size(width: 900, height: 700)), at: 1)
        scene.update(to: 1)
        let f = scene.headerFrames
        #expect(f.container.width == 900 && f.container.height == 450)
        #expect(f.image.height == 450 && f.image.width == 900)
        #expect(f.image.minY - f.container.minY == scene.offset / 2)
    }

    /// The title's opacity and top when scrolled to `offset` (nil: not drawn).
    func title(_ scene: HeaderScene, at offset: Double, time: Double) -> (opacity: Double, y: Double)? {
        scene.handle(.key(.home, shift: false), at: time)
        scene.update(to: time + 2)
        drag(scene, by: offset, at: time + 2)
        #expect(abs(scene.offset - offset) < 1e-9)
        var list = DisplayList()
        scene.draw(into: &list)
        return list.textRuns.first { $0.text == scene.cover.title }.map { ($0.opacity, $0.origin.y) }
    }

    /// The title scrolls with the header at full opacity, then fades out completely over its line
    /// height as its top reaches the bar (no half-transparent title mid-scroll); reduced motion alike.
    @Test(arguments: [false, true])
    func titleStaysOpaqueThenFadesOutAtTheBar(reduced: Bool) throws {
        let scene = HeaderScene(viewport: viewport, topInset: 56, environment: testEnvironment())
        if reduced { scene.setReducedMotion(true, at: -.infinity) }
        scene.update(to: 0)
        // "Boats at evening" fits 720 px at 40 px in one line, 50 px tall; its top sits 28 px plus a
        // line above the 640 px header's bottom, and reaches the bar's bottom edge at offset 506.
        let line = 40 * 1.25, top = 640 - 28 - line, reaches = top - 56
        for (offset, opacity) in [(0, 1), (320, 1), (reaches - line, 1), (reaches - line / 2, 0.5), (reaches - line / 5, 0.2)] {
            let drawn = try #require(title(scene, at: offset, time: offset / 100), "offset \(offset)")
            #expect(abs(drawn.opacity - opacity) < 1e-9, "offset \(offset)")
            #expect(abs(drawn.y - (top - offset)) < 1e-9, "it moves with the header")
        }
        #expect(title(scene, at: reaches, time: 10) == nil)
        #expect(title(scene, at: reaches + 100, time: 20) == nil)
    }

    /// A header so short that its title starts within a line of the bar fades it over the first
    /// line of scroll, not at once.
    @Test func aTitleNearTheBarFadesOverTheFirstLineOfScroll() throws {
        var settings = HeaderSettings()
        settings.aspect = 8
        let scene = HeaderScene(viewport: viewport, settings: settings, topInset: 56, environment: testEnvironment())
        scene.update(to: 0)
        let line = 40 * 1.25
        #expect(160 - 28 - line - 56 < line, "the title's top starts 26 px below the bar")
        #expect(try #require(title(scene, at: 0, time: 0)).opacity == 1)
        #expect(abs(try #require(title(scene, at: line / 2, time: 1)).opacity - 0.5) < 1e-9)
        #expect(title(scene, at: line, time: 2) == nil)
    }

    @Test func reducedMotionStopsTheParallax() {
        let scene = HeaderScene(viewport: viewport, environment: testEnvironment())
        scene.setReducedMotion(true, at: -.infinity)
        drag(scene, by: 120)
        #expect(scene.headerFrames.image == scene.headerFrames.container)
    }

    @Test func articleIsWrappedToTheColumn() {
        let scene = HeaderScene(viewport: viewport, environment: testEnvironment())
        scene.update(to: 0)
        var list = DisplayList()
        drag(scene, by: 600)
        scene.draw(into: &list)
        let body = list.textRuns.filter { $0.font == Font(size: 17) }
        #expect(body.count > 5)
        for run in body { #expect(HalfEmTextMeasurer().size(of: run.text, font: run.font).width <= 720) }
    }
}
