import Foundation
import Testing
@testable import ParallaxEngine
@testable import ParallaxScenes

/// Scrolls a vertical scene by a drag of `distance` px at time 0 (within the scrollable range).
func drag(_ scene: Scene, by distance: Double, at time: Double = 0) {
    scene.handle(.mouseDown(Point(x: 100, y: 500)), at: time)
    scene.handle(.mouseUp(Point(x: 100, y: 500 - distance)), at: time)
    scene.update(to: time)
}

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
        for run in body { #expect(FixedTextMeasurer().size(of: run.text, font: run.font).width <= 720) }
    }
}

@Suite struct PagerSceneTests {
    let viewport = Size(width: 1280, height: 800)

    func pager(atFraction f: Double) -> PagerScene {
        let scene = PagerScene(viewport: viewport, environment: testEnvironment())
        scene.handle(.mouseDown(Point(x: 1000, y: 400)), at: 0)
        scene.handle(.mouseMove(Point(x: 1000 - f * 1280, y: 400)), at: 0)
        scene.update(to: 0)
        return scene
    }

    /// Screen speeds of the pager's layers (README, "What moves, and how").
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
        let measurer = FixedTextMeasurer()
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

@Suite struct PlaygroundTests {
    let viewport = Size(width: 1280, height: 800)

    @Test func keysAndTabsSwitchScenesEachKeepingItsScroll() {
        let playground = Playground(viewport: viewport, environment: testEnvironment())
        #expect(playground.name == "feed")
        drag(playground, by: 300)
        playground.handle(.key(.two, shift: false), at: 1)
        #expect(playground.name == "header")
        playground.handle(.key(.tab, shift: false), at: 1)
        #expect(playground.name == "pager")
        playground.handle(.key(.tab, shift: false), at: 1)
        #expect(playground.name == "feed")
        playground.update(to: 1)
        #expect(playground.feed.offset == 300)
        playground.handle(.key(.tab, shift: true), at: 1)
        #expect(playground.name == "pager")
        // Clicking the "Header" tab.
        let tab = playground.tabFrames()[1]
        playground.handle(.mouseDown(Point(x: tab.midX, y: 20)), at: 2)
        playground.handle(.mouseUp(Point(x: tab.midX, y: 20)), at: 2)
        #expect(playground.name == "header")
        playground.update(to: 2)
        #expect(playground.header.offset == 0, "the click on the bar did not scroll the scene")
    }

    @Test func reducedMotionReachesEveryScene() {
        var options = SceneRegistry.Options()
        options.settings.reducedMotion = true
        let playground = Playground(viewport: viewport, first: "pager", options: options, environment: testEnvironment())
        #expect(playground.feed.reducedMotion && playground.header.reducedMotion && playground.pager.reducedMotion)
        playground.handle(.key(.m, shift: false), at: 0)
        #expect(!playground.feed.reducedMotion && !playground.header.reducedMotion && !playground.pager.reducedMotion)
    }

    @Test func feedTraceHasTheViewportAndEveryVisibleCell() {
        let playground = Playground(viewport: viewport, environment: testEnvironment())
        drag(playground, by: 250)
        let geometry = playground.traceGeometry
        #expect(geometry["viewport"] == .object(["top": 56, "height": 744]))
        // Scrolled by 250: cell 0's container (content y 116) spans -134...271 on screen, cell 1's (605)
        // 355...760, cell 2's (1094) starts below the window at 844.
        let expected = FeedSceneTests.Expected()
        #expect(expected.containerTop(0) - 250 == -134 && expected.containerTop(1) - 250 == 355 && expected.containerTop(2) - 250 == 844)
        let items: [JSONValue] = geometry["items"].flatMap { value -> [JSONValue]? in if case let .array(items) = value { items } else { nil } } ?? []
        #expect(items.count == 2, "\(items)")
        for (index, item) in items.enumerated() {
            let y = expected.containerTop(index) - 250
            // The shift over the 744 px band under the bar (README, "What moves, and how"):
            // (band centre - container centre) M / (band/2 + H/2), clamped to M = 30.
            let bandCentre = 56.0 + 744 / 2, containerCentre: Double = y + 405.0 / 2
            let shift: Double = min(30, max(-30, (bandCentre - containerCentre) * 30 / (372 + 202.5)))
            let fields: [String: JSONValue] = ["index": .number(Double(index)), "y": .number(y), "height": .number(405), "shift": .number(shift)]
            #expect(item == .object(fields), "item \(index)")
        }
    }

    @Test func feedShiftsAtTheTopMiddleAndBottomOfTheBandAndUnderTheBar() {
        let layout = FeedLayout(settings: FeedSettings(), viewport: viewport)
        // Place cell 0 so its container is: entering at the bottom, centred in the band, leaving at the top, under the bar.
        let top0 = layout.containerTop(ofItem: 0)
        let centredY = 56 + 744 / 2.0 - 405 / 2
        let cases: [(screenY: Double, shift: Double)] = [(800, -30), (centredY, 0), (56 - 405, 30), (10, 30 * (1 - 2 * ((10 + 405 - 56) / (744 + 405))))]
        for (screenY, expected) in cases {
            let cell = layout.cell(0, offset: top0 - screenY)
            #expect(abs(cell.shift - expected) < 1e-9, "container at \(screenY)")
        }
    }
}

@Suite struct PullToRefreshTests {
    let viewport = Size(width: 1280, height: 800)

    func refreshingScene() -> HeaderScene {
        var settings = HeaderSettings()
        settings.pullToRefresh = true
        return HeaderScene(viewport: viewport, settings: settings, topInset: 56, environment: testEnvironment())
    }

    /// Pulls the content down by `finger` px of pointer travel, holds, and releases at `time`.
    func pull(_ scene: HeaderScene, finger: Double, releaseAt time: Double) {
        scene.handle(.mouseDown(Point(x: 640, y: 200)), at: time - 0.3)
        scene.handle(.mouseMove(Point(x: 640, y: 200 + finger)), at: time - 0.25)
        scene.handle(.mouseUp(Point(x: 640, y: 200 + finger)), at: time)
    }

    @Test func releasedPastTheThresholdItHoldsRefreshesAndSettlesBack() {
        let scene = refreshingScene()
        pull(scene, finger: 300, releaseAt: 1)   // shows about -115 px, past 80
        scene.update(to: 1.1)
        #expect(scene.refreshStarted == 1)
        #expect(scene.scrollState.phase == .bouncing)
        scene.update(to: 2.4)
        #expect(abs(scene.offset - -80) < 0.5, "held at the threshold")
        #expect(scene.refreshCount == 0)
        scene.update(to: 2.6)
        #expect(scene.refreshCount == 1, "1.5 s after the release")
        #expect(scene.cover.title == HeaderArticle.covers[1].title, "the next cover shows")
        // Ended 2.5 s after the scene's start, which the clock puts at 09:41:00 (the scenes' default).
        #expect(scene.refreshLine.hasPrefix("Refreshed at 09:41  ·"))
        scene.update(to: 5)
        #expect(scene.offset == 0)
    }

    @Test func aShortPullDoesNotRefresh() {
        let scene = refreshingScene()
        pull(scene, finger: 120, releaseAt: 1)  // about -62 px
        scene.update(to: 4)
        #expect(scene.refreshStarted == nil && scene.refreshCount == 0)
        #expect(scene.offset == 0)
    }

    /// The scene held `finger` px of pointer travel past the top: how far it shows, the word under the
    /// spinner, which of the ring's 12 dot positions are filled, and dot rows drawn anywhere else.
    func spinner(pulledBy finger: Double) -> (gap: Double, labels: [String], dots: [Int], strays: Int, frames: StretchyHeader.Frames) {
        let scene = refreshingScene()
        scene.handle(.mouseDown(Point(x: 640, y: 200)), at: 0)
        scene.handle(.mouseMove(Point(x: 640, y: 200 + finger)), at: 0.1)
        scene.update(to: 0.1)
        var list = DisplayList()
        scene.draw(into: &list)
        let gap = -scene.offset
        // The ring: 12 dots of radius 2.4 on an 11 px circle, the first at the top, going clockwise;
        // centred halfway down the gap below the 56 px bar, and, with its label 12 px to the right of
        // the ring's edge, centred across the window (labels measured at 0.5 em a character).
        let label = gap >= 80 ? "Release to refresh" : "Pull to refresh"
        let groupWidth = 2 * 13.4 + 12 + Double(label.count) * 14 * 0.5
        let centre = Point(x: ((1280 - groupWidth) / 2 + 13.4).rounded(), y: 56 + gap / 2)
        let positions = (0..<12).map { i in
            let angle = 2 * Double.pi * Double(i) / 12 - Double.pi / 2
            return Point(x: centre.x + 11 * cos(angle), y: centre.y + 11 * sin(angle))
        }
        let drawn = list.commands.compactMap { command -> Disc? in
            guard case let .disc(disc) = command, disc.color == Theme.text else { return nil }
            // Every spinner dot is clipped to the gap between the bar and the photo.
            #expect(disc.clip == Rect(x: 0, y: 56, width: 1280, height: gap))
            return disc
        }
        let dots = positions.indices.filter { i in drawn.contains { abs($0.center.x - positions[i].x) < 1e-9 && abs($0.center.y - positions[i].y) < 1e-9 } }
        let strays = drawn.count - dots.count
        let words = ["Release to refresh", "Pull to refresh", "Refreshing…", "Refreshed"]
        return (gap, list.textRuns.map(\.text).filter(words.contains), dots, strays, scene.headerFrames)
    }

    @Test func theHeaderDoesNotStretchAndTheSpinnerShows() {
        // 200 px of travel shows 800 (1 - 1 / (1 + 0.55 * 200 / 800)) = 96.70 px: past the 80 px threshold.
        let past = spinner(pulledBy: 200)
        #expect(abs(past.gap - 800 * (1 - 1 / (1 + 0.55 * 200 / 800))) < 1e-9)
        #expect(past.frames.image == past.frames.container && past.frames.container == Rect(x: 0, y: 56 + past.gap, width: 1280, height: 640),
                "the header, below the bar, moves down whole, unstretched")
        #expect(past.labels == ["Release to refresh"])
        #expect(past.dots == Array(0..<12) && past.strays == 0, "a full ring")
        // 100 px shows 51.46 px, 0.643 of the threshold: the dots up to 0.643 of the ring, 8 of 12.
        let short = spinner(pulledBy: 100)
        #expect(abs(short.gap - 800 * (1 - 1 / (1 + 0.55 * 100 / 800))) < 1e-9)
        #expect(short.labels == ["Pull to refresh"])
        #expect(short.dots == Array(0..<8) && short.strays == 0, "dots \(short.dots)")
    }

    /// The spring back from the hold at -80 px, released 1.5 s after the pull's release at t = 1:
    /// critically damped at w = 10 rad/s, x(t) = -80 (1 + w t) e^(-w t) (README, "What moves, and how").
    static func springBack(at t: Double) -> Double {
        let local = t - 2.5
        return local <= 0 ? -80 : -80 * (1 + 10 * local) * exp(-10 * local)
    }

    /// Where that spring comes to rest: -80 (1 + 10 t) e^(-10 t) reaches the 0.5 px rest threshold at
    /// t = 0.71764 s (solved by bisection by hand, outside the code under test).
    static let springBackDuration = 0.71764

    @Test func theNewCoverFadesInOverTheSpringBack() {
        let scene = refreshingScene()
        pull(scene, finger: 300, releaseAt: 1)
        let old = HeaderArticle.covers[0], new = HeaderArticle.covers[1]
        func drawn(at t: Double) -> (photos: [ImageQuad], titles: [TextRun], labels: [String]) {
            scene.update(to: t)
            var list = DisplayList()
            scene.draw(into: &list)
            let labels = ["Release to refresh", "Pull to refresh", "Refreshing…", "Refreshed"]
            return (list.imageQuads, list.textRuns.filter { $0.font == HeaderScene.titleFont }, list.textRuns.map(\.text).filter(labels.contains))
        }
        let before = drawn(at: 2.49)
        #expect(before.photos.map(\.image) == [old.photo.image] && before.titles.map(\.text) == [old.title])
        for fraction in [0.0, 0.25, 0.5, 0.9] {
            let t = 2.5 + fraction * Self.springBackDuration
            let (photos, titles, labels) = drawn(at: t)
            // The gap that closes says the refresh is done; it is no new pull.
            #expect(labels == ["Refreshed"], "at \(t)")
            // The old photo stays opaque beneath; the new one and its title come in as the old title goes.
            #expect(photos.map(\.image) == [old.photo.image, new.photo.image], "at \(t)")
            #expect(photos.map(\.opacity).count == 2 && photos[0].opacity == 1 && abs(photos[1].opacity - fraction) < 1e-4, "at \(t)")
            let titleOpacity = Dictionary(titles.map { ($0.text, $0.opacity) }, uniquingKeysWith: +)
            #expect(abs((titleOpacity[old.title] ?? 0) - (1 - fraction)) < 1e-4, "old title at \(t)")
            #expect(abs((titleOpacity[new.title] ?? 0) - fraction) < 1e-4, "new title at \(t)")
        }
        let after = drawn(at: 2.5 + Self.springBackDuration + 0.001)
        #expect(after.photos.map(\.image) == [new.photo.image] && after.photos[0].opacity == 1)
        #expect(after.titles.map(\.text) == [new.title] && after.titles[0].opacity == 1)
    }

    @Test(arguments: [30.0, 60, 144])
    func theRefreshEndsAtTheSameTimeWhateverTheFrameRate(rate: Double) {
        let scene = refreshingScene()
        pull(scene, finger: 300, releaseAt: 1)
        var samples: [(t: Double, offset: Double)] = []
        var frame = 0
        while 1 + Double(frame) / rate <= 3.5 {
            let t = 1 + Double(frame) / rate
            scene.update(to: t)
            samples.append((t, scene.offset))
            if t < 2.5 { #expect(scene.refreshStarted == 1 && scene.refreshCount == 0, "refreshing at \(t)") }
            frame += 1
        }
        #expect(scene.refreshStarted == nil && scene.refreshCount == 1, "one refresh, ended")
        #expect(samples.count == Int((2.5 * rate).rounded(.down)) + 1)
        // Held at the threshold for the refresh's last half second (the hold spring has come to rest).
        let held = samples.filter { $0.t >= 2 && $0.t < 2.5 }
        #expect(held.count == Int((0.5 * rate).rounded(.up)))
        for sample in held { #expect(sample.offset == -80, "held at \(sample.t)") }
        // From the refresh's end, the whole curve is the spring's closed form at every rate.
        let back = samples.filter { $0.t >= 2.5 }
        #expect(back.count > Int(0.9 * rate))
        for sample in back {
            let expected = sample.t - 2.5 >= Self.springBackDuration ? 0 : Self.springBack(at: sample.t)
            #expect(abs(sample.offset - expected) < 1e-9, "at \(sample.t): \(sample.offset), spring gives \(expected)")
        }
        // So no frame from the hold on moves it further than the spring's own step over that frame
        // (or the last half pixel where the spring comes to rest).
        let fromHold = samples.filter { $0.t >= 2 }
        for (a, b) in zip(fromHold, fromHold.dropFirst()) {
            let step = abs(Self.springBack(at: b.t) - Self.springBack(at: a.t))
            #expect(abs(b.offset - a.offset) <= step + 0.5, "\(a.t) to \(b.t): \(b.offset - a.offset) px, spring steps \(step)")
        }
    }
}

@Suite struct HorizontalInputTests {
    let viewport = Size(width: 1280, height: 800)

    func pager() -> PagerScene { PagerScene(viewport: viewport, environment: testEnvironment()) }

    @Test func horizontalWheelShiftWheelAndHorizontalDragsPageThePager() {
        let byDx = pager()
        byDx.handle(.wheel(dx: 1, dy: 0, shift: false), at: 0)
        byDx.update(to: 2)
        #expect(byDx.currentPage == 1)

        let byShift = pager()
        byShift.handle(.wheel(dx: 0, dy: 1, shift: true), at: 0)  // Shift+wheel down: forwards
        byShift.update(to: 2)
        #expect(byShift.currentPage == 1)

        let byDrag = pager()
        byDrag.handle(.mouseDown(Point(x: 900, y: 400)), at: 0)
        for i in 1...6 { byDrag.handle(.mouseMove(Point(x: 900 - Double(i) * 60, y: 400 + Double(i))), at: Double(i) * 0.016) }
        byDrag.handle(.mouseUp(Point(x: 540, y: 406)), at: 0.096)
        byDrag.update(to: 2)
        #expect(byDrag.currentPage == 1)

        let byTrackpad = pager()
        for i in 0..<10 { byTrackpad.handle(.scroll(dx: 35, dy: 0, liftFollows: true, shift: false), at: Double(i) * 0.016) }
        byTrackpad.update(to: 9 * 0.016)
        #expect(byTrackpad.offset == 350, "the fingers move it 1:1 and at once: \(byTrackpad.offset)")
        // 350 px in 144 ms is 2,430 px/s: lifted, the page settles on the next page.
        byTrackpad.handle(.fingersLifted, at: 9 * 0.016)
        byTrackpad.update(to: 2)
        #expect(byTrackpad.currentPage == 1)
    }

    @Test func verticalInputScrollsTheVerticalScenesOnly() {
        let feed = FeedScene(viewport: viewport, environment: testEnvironment())
        feed.handle(.wheel(dx: 3, dy: 0, shift: false), at: 0)
        feed.handle(.mouseDown(Point(x: 900, y: 400)), at: 0)
        feed.handle(.mouseUp(Point(x: 300, y: 400)), at: 0)
        feed.update(to: 2)
        #expect(feed.offset == 0, "horizontal wheel and drags do not scroll the feed")
    }

    @Test func clickingAPageDotGoesToThatPage() {
        let scene = pager()
        var list = DisplayList()
        scene.update(to: 0)
        scene.draw(into: &list)
        // The dots are the small discs at the bottom; the fourth is page 3.
        let total = 4 * PagerScene.dotSpacing
        let dot3 = Point(x: 640 - total / 2 + 3 * PagerScene.dotSpacing, y: 800 - 36)
        scene.handle(.mouseDown(dot3), at: 0)
        scene.handle(.mouseUp(dot3), at: 0.05)
        #expect(scene.scrollState.phase == .paging || scene.scroller.phase(at: 0.1) == .paging)
        scene.update(to: 2)
        #expect(scene.currentPage == 3)
    }
}

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
