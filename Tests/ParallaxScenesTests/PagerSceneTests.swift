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
            #expect(drawn.filter { (layer: PagerScene.Layer) -> Bool in layer.page == page && layer.name == "background" }.count == 1, "page \(page)")
            #expect(drawn.filter { (layer: PagerScene.Layer) -> Bool in layer.page == page && layer.name == "header" }.count == 1, "page \(page)")
            #expect(paragraphs[page] == PagerContent.pages[page].paragraph, "page \(page)")
        }
        #expect(Set(drawn.map(\.page)) == pages)
        for layer in drawn {
            #expect(abs(layer.centerX - Self.expectedCentre(page: layer.page, name: layer.name, fraction: f)) < 1e-9, "\(layer)")
        }
    }

    /// The page control as drawn: the 5 dots (radius 5, 22 px apart, centred, 36 px above the
    /// bottom) at 0.38, and the indicator over them, opaque: a disc at rest, else a capsule (the rect
    /// between its ends' centres and a half disc at each). Its ends' x, read from what is drawn.
    func pageControl(_ scene: PagerScene) -> (dots: [Double?], ends: (Double, Double)?) {
        var list = DisplayList()
        scene.draw(into: &list)
        let y = 800.0 - 36
        let discs = list.commands.compactMap { command -> Disc? in
            guard case let .disc(disc) = command, disc.color == Theme.text, disc.radius == 5, disc.center.y == y else { return nil }
            return disc
        }
        let dots = (0..<5).map { i -> Double? in
            let at = discs.filter { $0.center.x == 640 - 2 * 22 + Double(i) * 22 && $0.opacity < 1 }
            return at.count == 1 ? at[0].opacity : nil
        }
        let caps = discs.filter { $0.opacity == 1 }
        let bars = list.commands.compactMap { command -> FillRect? in
            guard case let .fill(fill) = command, fill.color == Theme.text, fill.rect.minY == y - 5, fill.rect.height == 10 else { return nil }
            return fill
        }
        switch (caps.count, bars.count) {
        case (1, 0) where caps[0].clip == nil: return (dots, (caps[0].center.x, caps[0].center.x))
        case (2, 1):
            let bar = bars[0].rect
            guard caps.map(\.center.x).sorted() == [bar.minX, bar.maxX] else { return (dots, nil) }
            return (dots, (bar.minX, bar.maxX))
        default: return (dots, nil)
        }
    }

    /// The indicator's ends at fraction f: p + max(0, 2u - 1) and p + min(1, 2u) dots (f = p + u,
    /// docs/physics-and-effects.md, "Pager"), on whole pixels.
    func expectedEnds(_ f: Double) -> (Double, Double) {
        let p = min(3, max(0, f).rounded(.down)), u = min(4, max(0, f)) - p
        let x = { (dots: Double) in (640 - 2 * 22 + dots * 22).rounded() }
        return (x(p + max(0, 2 * u - 1)), x(p + min(1, 2 * u)))
    }

    @Test func keysPageAndTheIndicatorRestsOnThePagesDot() {
        let scene = PagerScene(viewport: viewport, environment: testEnvironment())
        scene.update(to: 0)
        let dim = [Double?](repeating: 0.38, count: 5)
        #expect(pageControl(scene).dots == dim)
        #expect(pageControl(scene).ends.map { $0 == expectedEnds(0) } == true)
        scene.handle(.key(.right, shift: false), at: 0)
        scene.update(to: 2)
        #expect(scene.currentPage == 1)
        #expect(scene.offset == 1280)
        #expect(pageControl(scene).ends.map { $0 == (618, 618) } == true)
        scene.handle(.key(.end, shift: false), at: 2)
        scene.update(to: 4)
        #expect(scene.currentPage == 4)
        #expect(pageControl(scene).ends.map { $0 == (684, 684) } == true)
    }

    /// Mid-swipe the indicator stretches from the page's dot toward the next and follows the drag's
    /// fraction, instead of jumping at half-way.
    @Test(arguments: [0.1, 0.3, 0.49, 0.51, 0.75, 1.3, 2.5, 3.6, 3.95])
    func theIndicatorFollowsTheSwipe(f: Double) {
        let dragged = pager(atFraction: f)
        let drawn = pageControl(dragged)
        #expect(drawn.dots == [Double?](repeating: 0.38, count: 5))
        #expect(drawn.ends.map { $0 == expectedEnds(f) } == true, "at \(f): \(String(describing: drawn.ends)) against \(expectedEnds(f))")
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

/// The pager's scrim, measured from the photo under the text (docs/physics-and-effects.md, "Pager").
@Suite struct PagerLegibilityTests {
    /// Every page's photo a 32x20 thumbnail of `pixel(x, y)`.
    func environment(_ pixel: (Int, Int) -> UInt32) -> SceneEnvironment {
        let thumbnail = ImageThumbnail(width: 32, height: 20, pixels: (0..<640).map { pixel($0 % 32, $0 / 32) })
        return .fixed(images: photoSizes, thumbnails: Dictionary(uniqueKeysWithValues: PagerContent.pages.map { ($0.photo.image, thumbnail) }))
    }

    /// Page `page` held at rest: its photo's quad and shade, and what is drawn.
    func drawn(page: Int, size: Size, environment: SceneEnvironment) throws -> (quad: ImageQuad, shade: ImageShade, list: DisplayList) {
        let scene = PagerScene(viewport: size, environment: environment)
        scene.handle(.mouseDown(Point(x: size.width / 2, y: 100)), at: 0)
        scene.handle(.mouseMove(Point(x: size.width / 2 - Double(page) * size.width, y: 100)), at: 0)
        scene.update(to: 0)
        var list = DisplayList()
        scene.draw(into: &list)
        let quads = list.imageQuads
        #expect(quads.count == 1)
        let quad = try #require(quads.first)
        return (quad, try #require(quad.shade), list)
    }

    /// The shade's alpha (0...1) at screen `y` of its quad: `topAlpha` above `start` of the quad's
    /// height, then linear to `bottomAlpha` at its bottom.
    func alpha(_ shade: ImageShade, _ quad: ImageQuad, y: Double) -> Double {
        let f = (y - quad.destination.minY) / quad.destination.height
        let t = min(1, max(0, (f - shade.start) / (1 - shade.start)))
        return (Double(shade.topAlpha) + (Double(shade.bottomAlpha) - Double(shade.topAlpha)) * t) / 255
    }

    /// `under` with `shade`'s colour over it at `a`.
    func scrimmed(_ under: Color, _ shade: ImageShade, _ a: Double) -> Color {
        func mix(_ c: UInt8, _ s: UInt8) -> UInt8 {
            let start: Double = Double(c)
            let change: Double = (Double(s) - start) * a
            let mixed: Double = start + change
            return UInt8(mixed.rounded(.down))
        }
        return Color(r: mix(under.r, shade.color.r), g: mix(under.g, shade.color.g), b: mix(under.b, shade.color.b))
    }

    static let sizes = [Size(width: 480, height: 360), Size(width: 1280, height: 800), Size(width: 2560, height: 1600)]

    /// Over a white photo every page's scrim deepens until each line, the headline's and the
    /// paragraph's (blended at its alpha), reaches 4.5:1 over the scrimmed white under its top,
    /// where the scrim is lightest.
    @Test(arguments: sizes)
    func lightTextReachesFourAndAHalfToOneOverAWhitePhoto(size: Size) throws {
        let white = environment { _, _ in 0xFFFFFF }
        for page in PagerContent.pages.indices {
            let (quad, shade, list) = try drawn(page: page, size: size, environment: white)
            #expect(shade.topAlpha > PagerScene.baseScrim.topAlpha && shade.bottomAlpha > PagerScene.baseScrim.bottomAlpha)
            #expect(list.textRuns.last!.color.a < 255, "the paragraph is translucent")
            for run in list.textRuns {
                let under = scrimmed(.white, shade, alpha(shade, quad, y: run.origin.y))
                let ratio = contrastRatio(run.color.composited(over: under), under)
                #expect(ratio >= 4.5, "page \(page) at \(size), '\(run.text)': \(ratio)")
            }
        }
    }

    /// A dark photo, or one with no thumbnail yet, keeps the base scrim: nothing darkens a photo
    /// whose text reads already.
    @Test func aDarkPhotoOrAnUnknownOneKeepsTheBaseScrim() throws {
        for environment in [environment { _, _ in 0x102040 }, testEnvironment()] {
            for page in PagerContent.pages.indices {
                #expect(try drawn(page: page, size: Size(width: 1280, height: 800), environment: environment).shade == PagerScene.baseScrim)
            }
        }
    }

    /// Busy counts as light: stripes of 96 and 224 (mean 160) get more scrim than flat 160, which
    /// the base scrim serves.
    @Test func aBusyPhotoGetsMoreScrimThanAFlatOneOfTheSameMean() throws {
        let flat = try drawn(page: 0, size: Size(width: 1280, height: 800), environment: environment { _, _ in 0xA0A0A0 }).shade
        let busy = try drawn(page: 0, size: Size(width: 1280, height: 800), environment: environment { x, _ in x % 2 == 0 ? 0x606060 : 0xE0E0E0 }).shade
        #expect(flat == PagerScene.baseScrim && busy.topAlpha > flat.topAlpha)
    }
}

@Suite struct PagerPrefetchTests {
    let viewport = Size(width: 1280, height: 800)

    func list(_ scene: PagerScene) -> DisplayList {
        var list = DisplayList()
        scene.draw(into: &list)
        return list
    }

    /// At rest the pages either side are listed ahead, as they will be drawn (their crop at rest and
    /// their scrim), due whenever a swipe comes: no motion brings them.
    @Test func thePagesEitherSideAreDecodedAhead() {
        let scene = PagerScene(viewport: viewport, environment: testEnvironment())
        scene.update(to: 0)
        #expect(list(scene).prefetch.map(\.quad.image) == [PagerContent.pages[1].photo.image])
        scene.handle(.key(.right, shift: false), at: 0)
        scene.handle(.key(.right, shift: false), at: 0)
        scene.update(to: 3)
        #expect(scene.currentPage == 2)
        let ahead = list(scene).prefetch
        #expect(ahead.map(\.quad.image) == [1, 3].map { PagerContent.pages[$0].photo.image })
        #expect(ahead.allSatisfy { $0.due == .infinity })
        // Page 3 drawn at rest has the quad listed for it.
        scene.handle(.key(.right, shift: false), at: 3)
        scene.update(to: 6)
        let shown = list(scene).imageQuads
        #expect(shown.count == 1)
        let listed = ahead[1].quad
        #expect(shown[0].source == listed.source && shown[0].destination == listed.destination && shown[0].shade == listed.shade)
    }

    /// A jump to the last page lists where it lands first, then the pages on the way in order, each
    /// due when it first comes on screen (closed form, bisected), then the page past the ones shown.
    @Test func aJumpListsItsLandingThenThePagesOnTheWay() throws {
        let scene = PagerScene(viewport: viewport, environment: testEnvironment())
        scene.handle(.key(.end, shift: false), at: 0)
        scene.update(to: 0.02)
        let ahead = list(scene).prefetch
        let pages = ahead.map { item in PagerContent.pages.firstIndex { $0.photo.image == item.quad.image }! }
        #expect(pages == [4, 2, 3], "the landing, then the pages on the way (page 1 is in view)")
        let dues = ahead.map(\.due)
        #expect(dues[1] < dues[2] && dues[2] < dues[0] && dues[0] < .infinity)
        // Page 2 comes on screen when the fraction passes 1.
        let scroller = scene.scroller
        #expect(scroller.offset(at: 0.02 + dues[1]) / 1280 > 1 && scroller.offset(at: 0.02 + dues[1] - 0.002) / 1280 <= 1)
    }

    /// Every page's paragraph, at widths from 480 to 2560: no last line of one word (the last two
    /// words fit the column together at every size here).
    @Test func noParagraphEndsOnAWordAlone() {
        for width in stride(from: 480.0, through: 2560, by: 40) {
            for page in PagerContent.pages.indices {
                let scene = PagerScene(viewport: Size(width: width, height: width * 0.625), environment: testEnvironment())
                scene.handle(.mouseDown(Point(x: width / 2, y: 100)), at: 0)
                scene.handle(.mouseMove(Point(x: width / 2 - Double(page) * width, y: 100)), at: 0)
                scene.update(to: 0)
                let lines = list(scene).textRuns.filter { $0.font.weight == .regular }.map(\.text)
                #expect(lines.joined(separator: " ") == PagerContent.pages[page].paragraph)
                #expect(lines.count < 2 || lines.last!.contains(" "), "page \(page) at \(width): \(lines)")
            }
        }
    }
}
