import Foundation
import Testing
@testable import ParallaxEngine
import ParallaxFrame
@testable import ParallaxScenes

/// The one rule by which type and content grow with the window (docs/layout.md, "The rule"), and the
/// scenes' text following it.
@Suite struct ContentScaleTests {
    /// The rule as docs/layout.md states it.
    static func expected(_ w: Double, _ h: Double) -> (type: Double, width: Double) {
        (min(1.5, max(1, min(w / 1280, h / 800))), min(2, max(1, w / 1280)))
    }

    @Test(arguments: [(480.0, 360.0), (1280, 800), (1920, 1080), (2560, 1600), (1900, 1100), (2560, 800), (1280, 1600), (3840, 2160), (1400, 850)])
    func theRuleAtNamedSizes(w: Double, h: Double) {
        let scale = ContentScale(viewport: Size(width: w, height: h))
        let e = Self.expected(w, h)
        #expect(scale.type == e.type && scale.width == e.width, "\(w)x\(h)")
    }

    @Test func atAndBelow1280x800NothingChangesAndTheTopSizesAreWhatTheDocsSay() {
        for size in [Size(width: 480, height: 360), Size(width: 1280, height: 800), Size(width: 1280, height: 2000), Size(width: 3000, height: 800)] {
            #expect(ContentScale(viewport: size).type == 1, "\(size)")
            #expect(ContentScale(viewport: size).font(Font(size: 17, weight: .bold)) == Font(size: 17, weight: .bold))
            #expect(ContentScale(viewport: size).scaled(36) == 36)
        }
        let typeAt1080: Double = 1080.0 / 800
        #expect(ContentScale(viewport: Size(width: 1920, height: 1080)).type == typeAt1080)
        #expect(ContentScale(viewport: Size(width: 2560, height: 1600)).type == 1.5)
        #expect(ContentScale(viewport: Size(width: 2560, height: 1600)).width == 2)
        #expect(ContentScale(viewport: Size(width: 5120, height: 3200)).width == 2)
    }

    @Test func scaledSizesAreWholePixels() {
        let scale = ContentScale(viewport: Size(width: 1920, height: 1080))
        #expect(scale.font(Font(size: 17, weight: .bold)) == Font(size: (17 * 1.35).rounded(), weight: .bold))
        let thirteenScaled: Double = (13 * 1.35).rounded()
        #expect(scale.scaled(13) == thirteenScaled)
    }

    @Test func aViewportThatIsNoSizeScalesByOne() {
        for size in [Size(width: 0, height: 0), Size(width: .nan, height: 800), Size(width: .infinity, height: .infinity)] {
            let scale = ContentScale(viewport: size)
            #expect(scale.type == 1 && scale.width == 1, "\(size)")
        }
    }

    /// The header's article at 2560x1600: fonts 1.5 times larger, in a measure 1.5 times wider.
    @Test func theHeaderArticleScalesWithItsMeasure() throws {
        let scene = HeaderScene(viewport: Size(width: 2560, height: 1600), topInset: 56, environment: testEnvironment())
        scene.update(to: 0)
        var list = DisplayList()
        scene.draw(into: &list)
        #expect(list.textRuns.first { $0.text == scene.cover.title }?.font == Font(size: 60, weight: .bold))
        let headline = try #require(list.textRuns.first { $0.text == HeaderArticle.headline })
        #expect(headline.font == Font(size: 45, weight: .bold))
        // The headline's top: 36 px below the header at 1280x800, 54 at this scale.
        #expect(headline.origin.y - scene.headerFrames.container.maxY == 54)
        drag(scene, by: 1000)
        list = DisplayList()
        scene.draw(into: &list)
        let body = list.textRuns.filter { $0.font == Font(size: (17 * 1.5).rounded()) }
        #expect(body.count > 10)
        let column = 720 * 1.5, x = ((2560 - column) / 2).rounded()
        for run in body {
            #expect(run.origin.x == x)
            #expect(HalfEmTextMeasurer().size(of: run.text, font: run.font).width <= column)
        }
        #expect(body.contains { HalfEmTextMeasurer().size(of: $0.text, font: $0.font).width > 720 }, "lines use the wider measure")
    }

    /// The pager's page at 2560x1600: paragraph 18 x 1.5 = 27 px in a 760 x 1.5 px measure, the headline in
    /// proportion (44 x 27 / 18 = 66 px), the gap 30 px.
    @Test func thePagerTextScales() throws {
        let scene = PagerScene(viewport: Size(width: 2560, height: 1600), topInset: 56, environment: testEnvironment())
        scene.update(to: 0)
        var list = DisplayList()
        scene.draw(into: &list)
        let page = PagerContent.pages[0]
        let headline = try #require(list.textRuns.first { $0.text == page.header })
        #expect(headline.font == Font(size: 66, weight: .bold))
        let lines = list.textRuns.filter { $0.font == Font(size: 27) }
        #expect(lines.map(\.text).joined(separator: " ") == page.paragraph)
        for line in lines { #expect(HalfEmTextMeasurer().size(of: line.text, font: line.font).width <= 760 * 1.5) }
        #expect(lines.count > 1, "wrapped to the measure, not the window")
        #expect(try #require(lines.first).origin.y == headline.origin.y + 66 * 1.25 + 30)
    }

    /// The feed's captions and section headers at 2560x1600: 17, 13 and 13 px times 1.5, rounded.
    @Test func theFeedsCaptionsScale() {
        let scene = FeedScene(viewport: Size(width: 2560, height: 1600), environment: testEnvironment())
        scene.update(to: 0)
        var list = DisplayList()
        scene.draw(into: &list)
        let fonts = Set(list.textRuns.map(\.font))
        #expect(fonts == [Font(size: 26, weight: .bold), Font(size: 20), Font(size: 20, weight: .bold)])
    }
}
