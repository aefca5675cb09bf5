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

    @Test func titleFadesAsTheHeaderScrollsAway() {
        let scene = HeaderScene(viewport: viewport, environment: testEnvironment())
        func titleOpacity() -> Double? {
            var list = DisplayList()
            scene.draw(into: &list)
            return list.textRuns.first { $0.text == scene.cover.title }?.opacity
        }
        scene.update(to: 0)
        #expect(titleOpacity() == 1)
        drag(scene, by: 160)
        #expect(titleOpacity() == 1 - 160.0 / 320)
        drag(scene, by: 200, at: 1)
        #expect(titleOpacity() == nil)
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
