import Foundation
import Testing
@testable import ParallaxEngine
@testable import ParallaxScenes

@Suite struct FeedSceneTests {
    let viewport = Size(width: 1280, height: 800)

    /// The feed's geometry at 1280x800 from the settings, worked out here independently of FeedLayout.
    struct Expected {
        let settings = FeedSettings()
        var columnWidth: Double { 900 }                       // min(900, 1280 - 2*24)
        var columnX: Double { 190 }                           // (1280 - 900) / 2
        var photoHeight: Double { 405 }                       // 900 * 0.45
        var pitch: Double { 405 + 64 + 20 }
        var sectionLength: Double { 48 + 10 * pitch }
        func containerTop(_ i: Int) -> Double { 56 + 12 + Double(i / 10) * sectionLength + 48 + Double(i % 10) * pitch }
    }

    func drawn(offset: Double, settings: FeedSettings = FeedSettings()) -> (FeedScene, DisplayList) {
        let scene = FeedScene(viewport: viewport, settings: settings, environment: testEnvironment())
        scene.handle(.mouseDown(Point(x: 640, y: 700)), at: 0)
        scene.handle(.mouseUp(Point(x: 640, y: 700 - offset)), at: 0)
        scene.update(to: 0)
        var list = DisplayList()
        scene.draw(into: &list)
        return (scene, list)
    }

    @Test(arguments: [0.0, 300.0, 1234.5, 5000.0])
    func imageQuadsAtAnOffsetMatchTheFormulas(offset: Double) throws {
        let e = Expected()
        let (scene, list) = drawn(offset: offset)
        #expect(scene.offset == offset)
        let quads = list.imageQuads
        #expect(!quads.isEmpty)
        let m = 30.0
        for quad in quads {
            // Which item is this? The one whose container is the quad's clip.
            let clip = try #require(quad.clip)
            let index = (0..<200).first { e.containerTop($0) - offset == clip.minY }
            let i = try #require(index, "clip \(clip) is no cell's container")
            let top = e.containerTop(i) - offset
            #expect(clip == Rect(x: e.columnX, y: top, width: e.columnWidth, height: e.photoHeight))
            #expect(clip.maxY > 0 && clip.minY < 800, "only visible cells are drawn")
            // The feed's shift (`FeedParallax.swift`) over the band between the 56 px bar and the bottom, clamped.
            let cV: Double = 56 + (800 - 56) / 2.0, cC: Double = top + e.photoHeight / 2
            let shift = min(m, max(-m, (cV - cC) * m / ((800 - 56) / 2 + e.photoHeight / 2)))
            #expect(quad.destination == Rect(x: e.columnX, y: top - m + shift, width: e.columnWidth, height: e.photoHeight + 2 * m))
            #expect(quad.image == PhotoLibrary.photos[i % PhotoLibrary.photos.count].image)
            // Aspect-fill: the largest crop of the photo with the destination's aspect, centred
            // horizontally and on the photo's focus vertically, inside the photo.
            let img = try #require(photoSizes[quad.image])
            let aspect = e.columnWidth / (e.photoHeight + 2 * m)
            let cropW = min(img.width, img.height * aspect), cropH = cropW / aspect
            #expect(abs(quad.source.width - cropW) < 1e-9)
            #expect(abs(quad.source.height - cropH) < 1e-9)
            #expect(abs(quad.source.minX - (img.width - cropW) / 2) < 1e-9)
            let focus = PhotoLibrary.photos[i % PhotoLibrary.photos.count].focusY
            #expect(abs(quad.source.minY - min(img.height - cropH, max(0, focus * img.height - cropH / 2))) < 1e-9)
        }
    }

    @Test func visibleCellsAreExactlyThoseOnScreen() {
        let e = Expected()
        let offset = 1234.5
        let (_, list) = drawn(offset: offset)
        let expected = (0..<200).filter { i in
            let top = e.containerTop(i) - offset
            return top < 800 && top + e.photoHeight + 64 > 0
        }
        #expect(list.imageQuads.count == expected.count)
        #expect(expected.count >= 2)
    }

    @Test func sectionHeadersGetNoShiftAndShowDates() {
        let (_, list) = drawn(offset: 0)
        let header = list.textRuns.first { $0.font == Font(size: 13, weight: .bold) }
        #expect(header?.text == "SUNDAY, 22 NOVEMBER 2026")
        #expect(header?.origin == Point(x: 194, y: 56 + 12 + 48 - 30))
    }

    @Test func laysOutOnlyWhatIsVisible() {
        var settings = FeedSettings()
        settings.itemCount = FeedSettings.maxItemCount
        let layout = FeedLayout(settings: settings, viewport: viewport)
        let e = Expected()
        let offset = e.containerTop(987_654) - 300
        let visible = layout.visible(offset: offset)
        #expect(visible.cells.map(\.index).contains(987_654))
        #expect(visible.cells.count <= 3)
        #expect(layout.contentLength == 56 + 24 + Double(100_000) * e.sectionLength - 20)
    }

    @Test func keysScroll() {
        let scene = FeedScene(viewport: viewport, environment: testEnvironment())
        scene.handle(.key(.pageDown, shift: false), at: 0)
        scene.update(to: 1)
        let pageDown: Double = (800 - 56) * 0.9
        #expect(scene.offset == pageDown)
        scene.handle(.key(.space, shift: true), at: 1)
        scene.update(to: 2)
        #expect(scene.offset == 0)
        scene.handle(.key(.end, shift: false), at: 2)
        scene.update(to: 3)
        #expect(scene.offset == scene.layout.contentLength - 800)
    }

    @Test func wheelDownScrollsDown() {
        let scene = FeedScene(viewport: viewport, environment: testEnvironment())
        scene.handle(.wheel(dx: 0, dy: 1, shift: false), at: 0)
        scene.update(to: 1)
        #expect(scene.offset == min(pow(800, 2.0 / 3.0), 400))
        scene.handle(.wheel(dx: 0, dy: 1, shift: true), at: 1)
        scene.update(to: 2)
        #expect(scene.offset == min(pow(800, 2.0 / 3.0), 400), "shift+wheel is horizontal")
    }

    @Test func resizeKeepsTheFirstVisibleCellInPlace() {
        let scene = FeedScene(viewport: viewport, environment: testEnvironment())
        scene.handle(.mouseDown(Point(x: 0, y: 700)), at: 0)
        scene.handle(.mouseUp(Point(x: 0, y: 100)), at: 0)
        scene.update(to: 0)
        let before = scene.layout.visible(offset: scene.offset).cells.first { $0.container.maxY > 56 }!
        scene.handle(.resize(Size(width: 700, height: 600)), at: 0.5)
        scene.update(to: 0.5)
        let after = scene.layout.visible(offset: scene.offset).cells.first { $0.container.maxY > 56 }!
        #expect(after.index == before.index)
        let fractionBefore = (56 - before.container.minY) / before.container.height
        let fractionAfter = (56 - after.container.minY) / after.container.height
        #expect(abs(fractionBefore - fractionAfter) < 1e-9)
        #expect(scene.layout.columnWidth == 700 - 48)
    }
}
