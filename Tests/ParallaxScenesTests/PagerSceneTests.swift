import Foundation
import Testing
@testable import ParallaxEngine
import ParallaxFrame
@testable import ParallaxScenes

@Suite struct PagerSceneTests {
    let viewport = Size(width: 1280, height: 800)

    func pager(atFraction f: Double) -> PagerScene {
        let scene = PagerScene(viewport: viewport, environment: testEnvironment())
        scene.handle(.mouseDown(Point(x: 1000, y: 400)), at: 0)
        scene.handle(.mouseMove(Point(x: 1000 - f * 1280, y: 400)), at: 0)
        scene.update(to: 0)
        return scene
    }

    /// Screen speeds of the pager's layers (docs/physics-and-effects.md, "Pager").
    static let speeds = ["background": 0.6, "header": 1.5, "paragraph": 2.0]

    /// Layer `name` of page `i` at fraction f is centred at w/2 + w (i - f) k.
    static func expectedCentre(page: Int, name: String, fraction f: Double) -> Double {
        640 + 1280 * (Double(page) - f) * speeds[name]!
    }

    /// What `draw()` draws, as layers: each page's photo (told by its image), its headline and each
    /// of its paragraph's lines, with the centre of what was drawn.
    func drawnLayers(_ scene: PagerScene) -> (layers: [PagerScene.Layer], paragraphs: [Int: String]) {
        var list = DisplayList()
        scene.draw(into: &list)
        let measurer = HalfEmTextMeasurer()
        let pages = PagerContent.pages
        var layers: [PagerScene.Layer] = []
        var paragraphs: [Int: String] = [:]
        for quad in list.imageQuads {
            guard let page = pages.firstIndex(where: { $0.photo.image == quad.image }) else {
                Issue.record("an image of no page: \(quad.image)"); continue
            }
            layers.append(.init(page: page, name: "background", centerX: quad.destination.midX))
        }
        for run in list.textRuns {
            let centre = run.origin.x + measurer.size(of: run.text, font: run.font).width / 2
            if run.font == PagerScene.headerFont, let page = pages.firstIndex(where: { $0.header == run.text }) {
                layers.append(.init(page: page, name: "header", centerX: centre))
            } else if run.font == PagerScene.paragraphFont {
                let owners = pages.indices.filter { pages[$0].paragraph.contains(run.text) }
                guard owners.count == 1 else { Issue.record("a paragraph line of \(owners.count) pages: \(run.text)"); continue }
                layers.append(.init(page: owners[0], name: "paragraph", centerX: centre))
                paragraphs[owners[0], default: ""] += (paragraphs[owners[0]] == nil ? "" : " ") + run.text
            } else {
                Issue.record("unexpected text: \(run.text)")
            }
        }
        return (layers, paragraphs)
    }

    @Test(arguments: [0.0, 0.5, 1.3])
    func layerCentresAtFractions(f: Double) {
        let scene = pager(atFraction: f)
        #expect(abs(scene.fraction - f) < 1e-12)
        let layers = scene.layers()
        let pages = [Int(f.rounded(.down)), Int(f.rounded(.up))]
        #expect(layers.count == 3 * Set(pages).count)
        for layer in layers {
            #expect(abs(layer.centerX - Self.expectedCentre(page: layer.page, name: layer.name, fraction: f)) < 1e-9)
        }
        #expect(Set(layers.map(\.page)) == Set(pages))
        // The accessor (which the trace reports) says what draw() draws.
        for drawn in drawnLayers(scene).layers {
            let reported = layers.first { $0.page == drawn.page && $0.name == drawn.name }
            #expect(reported.map { abs($0.centerX - drawn.centerX) < 1e-9 } == true, "\(drawn) reported as \(String(describing: reported))")
        }
    }

    @Test(arguments: [0.0, 0.5, 1.3])
    func headerAndParagraphAreDrawnAtTheirLayerCentres(f: Double) {
        let scene = pager(atFraction: f)
        let (drawn, paragraphs) = drawnLayers(scene)
        let pages = Set([Int(f.rounded(.down)), Int(f.rounded(.up))])
        for page in pages {
            // One photo, one headline and every line of the paragraph, in order, for each page on screen.
            #expect(drawn.filter { $0.page == page && $0.name == "background" }.count == 1, "page \(page)")
            #expect(drawn.filter { $0.page == page && $0.name == "header" }.count == 1, "page \(page)")
            #expect(paragraphs[page] == PagerContent.pages[page].paragraph, "page \(page)")
        }
        #expect(Set(drawn.map(\.page)) == pages)
        for layer in drawn {
            #expect(abs(layer.centerX - Self.expectedCentre(page: layer.page, name: layer.name, fraction: f)) < 1e-9, "\(layer)")
        }
    }

    /// The page control as drawn: the opacity of each of the 5 dots (radius 5, 22 px apart, centred,
    /// 36 px above the bottom), read from the disc drawn there.
    func dotOpacities(_ scene: PagerScene) -> [Double?] {
        var list = DisplayList()
        scene.draw(into: &list)
        let discs = list.commands.compactMap { command -> Disc? in
            guard case let .disc(disc) = command, disc.color == Theme.text, disc.radius == 5 else { return nil }
            return disc
        }
        return (0..<5).map { i in
            let centre = Point(x: 640 - 2 * 22 + Double(i) * 22, y: 800 - 36)
            let at = discs.filter { $0.center == centre }
            return at.count == 1 ? at[0].opacity : nil
        }
    }

    /// Dot `page` opaque, the other four at 0.38.
    func dotsShowing(_ page: Int) -> [Double?] { (0..<5).map { $0 == page ? 1 : 0.38 } }

    @Test func keysPageAndTheDotsShowTheRoundedPage() {
        let scene = PagerScene(viewport: viewport, environment: testEnvironment())
        scene.update(to: 0)
        #expect(dotOpacities(scene) == dotsShowing(0))
        scene.handle(.key(.right, shift: false), at: 0)
        scene.update(to: 2)
        #expect(scene.currentPage == 1)
        #expect(scene.offset == 1280)
        #expect(dotOpacities(scene) == dotsShowing(1))
        scene.handle(.key(.end, shift: false), at: 2)
        scene.update(to: 4)
        #expect(scene.currentPage == 4)
        #expect(dotOpacities(scene) == dotsShowing(4))
        // Between pages the dot is the nearest page's: round(f).
        for (f, page) in [(0.49, 0), (0.51, 1), (1.3, 1), (2.5, 3), (3.6, 4)] {
            let dragged = pager(atFraction: f)
            #expect(dragged.currentPage == page, "at \(f)")
            #expect(dotOpacities(dragged) == dotsShowing(page), "at \(f)")
        }
    }

    @Test func resizeKeepsThePage() {
        let scene = PagerScene(viewport: viewport, environment: testEnvironment())
        scene.handle(.key(.right, shift: false), at: 0)
        scene.handle(.key(.right, shift: false), at: 0)
        scene.update(to: 2)
        scene.handle(.resize(Size(width: 700, height: 500)), at: 2)
        scene.update(to: 2)
        #expect(scene.currentPage == 2)
        #expect(scene.offset == 1400)
    }

    @Test func reducedMotionMovesEveryLayerWithItsPage() {
        let scene = pager(atFraction: 0.5)
        scene.setReducedMotion(true, at: -.infinity)
        for layer in scene.layers() { #expect(layer.centerX == 640 + 1280 * (Double(layer.page) - 0.5)) }
    }
}
