import ParallaxEngine

/// Full-window pages whose background, header and paragraph move at different speeds (`PagerLayers.swift`).
public final class PagerScene: PlaygroundScene, CursorProviding {
    public let name = "pager"
    public private(set) var viewport: Size
    public private(set) var scroller = ScrollAxis(release: .paging)
    public var plottedScroller: ScrollAxis? { scroller }
    public private(set) var position = ScrollPosition()
    public var offset: Double { position.offset }
    public var time: Double { position.time }
    public var settings: PagerSettings
    public let pages: [PagerPage]
    /// Reduced motion: every layer's speed eases to its page's (`MotionEase`).
    public private(set) var motion = MotionEase()
    public var reducedMotion: Bool { motion.reduced }
    public func setReducedMotion(_ on: Bool, at time: Double) { motion.setReduced(on, at: time) }
    /// The band the tab bar covers: text stays below it.
    public var topInset: Double
    private let environment: SceneEnvironment
    /// The pages' text and scrims as laid out for the viewport (and the scrims for the tuned
    /// background speed), made when first asked for after a change: a burst of resizes in one frame
    /// lays the pages out once, not once a resize.
    private var laidOutTexts: [PageText]?
    private var laidOutScrims: [ImageShade]?
    private var texts: [PageText] {
        if let laidOutTexts { return laidOutTexts }
        let texts = pages.map(layoutText)
        laidOutTexts = texts
        return texts
    }
    /// Each page's scrim (`scrim(for:)`).
    var scrims: [ImageShade] {
        if let laidOutScrims { return laidOutScrims }
        let scrims = pages.indices.map(scrim(for:))
        laidOutScrims = scrims
        return scrims
    }

    /// A page's headline and paragraph as they fit the page: wrapped, shrunk together where needed.
    struct PageText {
        var header: (font: Font, lines: [String])
        var paragraph: (font: Font, lines: [String])
        var headerLineHeight: Double
        var paragraphPitch: Double
        var gap: Double
        /// The screen y of the headline's top.
        var top: Double
        var height: Double { Double(header.lines.count) * headerLineHeight + gap + Double(paragraph.lines.count) * paragraphPitch }
    }

    static let headerFont = Font(size: 44, weight: .bold)
    static let paragraphFont = Font(size: 18)
    /// The smallest sizes text shrinks to before it is clipped.
    static let minHeaderSize = 24.0
    static let minParagraphSize = 13.0
    /// Clear space between the text and the bar above it, and the dots below it.
    static let textMargin = 16.0
    /// The page control at type 1, 36 px above the bottom; it grows with the type as the text does.
    static let dotRadius = 5.0
    static let dotSpacing = 22.0
    static let dotInset = 36.0
    private var dotRadius: Double { scale.scaled(Self.dotRadius) }
    private var dotSpacing: Double { scale.scaled(Self.dotSpacing) }

    public init(viewport: Size, settings: PagerSettings = PagerSettings(), pages: [PagerPage] = PagerContent.pages, topInset: Double = 0,
                environment: SceneEnvironment) {
        self.viewport = viewport
        self.topInset = topInset
        self.settings = settings
        self.pages = pages
        self.environment = environment
        relayout(at: 0)
    }

    public var fraction: Double { PagerLayers.fraction(offset: offset, pageWidth: viewport.width) }
    public var currentPage: Int { PagerLayers.currentPage(fraction: fraction, pageCount: pages.count) }

    /// The speed of each layer, as the tuning and reduced motion (at the last update) make it.
    public var speeds: (background: Double, header: Double, paragraph: Double) {
        let amount = motion.amount(at: time)
        return (MotionEase.factor(settings.backgroundSpeed, amount: amount), MotionEase.factor(settings.headerSpeed, amount: amount),
                MotionEase.factor(settings.paragraphSpeed, amount: amount))
    }

    /// The window's type scale (`ContentScale`): the fonts, the gap and the paragraph's measure grow with it.
    private var scale: ContentScale { ContentScale(viewport: viewport) }

    private var paragraphWidth: Double { min(settings.maxParagraphWidth * scale.type, viewport.width * settings.paragraphWidth) }

    private func relayout(at time: Double) {
        scroller.setExtent(viewport: viewport.width, content: viewport.width * Double(pages.count), at: time)
        laidOutTexts = nil
        laidOutScrims = nil
    }

    var headerWidth: Double { max(0, viewport.width - 48) }

    /// Where text may go: below the bar, above the dots, each with a margin.
    var textBand: (top: Double, bottom: Double) {
        (topInset + Self.textMargin, dotCenter(0).y - dotRadius - Self.textMargin)
    }

    /// The paragraph from 18 px (times the type scale) down to 13 and the headline with it (in proportion, at least 24 px),
    /// until the block fits the band; then centred on the window's middle line where that keeps it
    /// inside the band, as it is at large sizes. At the smallest sizes, what is left is clipped.
    private func layoutText(_ page: PagerPage) -> PageText {
        let band = textBand, text = environment.text
        var paragraphSize = scale.font(Self.paragraphFont).size
        while true {
            let scale = paragraphSize / Self.paragraphFont.size
            let header = TextLayout.fit(page.header, font: Font(size: max(Self.minHeaderSize, (Self.headerFont.size * scale).rounded()), weight: .bold),
                                        minSize: Self.minHeaderSize, width: headerWidth, balanced: true, measurer: text)
            let paragraph = TextLayout.fit(page.paragraph, font: Font(size: paragraphSize), minSize: Self.minParagraphSize,
                                           width: paragraphWidth, balanced: true, measurer: text)
            var laid = PageText(header: header, paragraph: paragraph,
                                headerLineHeight: text.size(of: page.header, font: header.font).height,
                                paragraphPitch: (text.size(of: page.paragraph, font: paragraph.font).height * 1.45).rounded(),
                                gap: (settings.paragraphGap * scale).rounded(), top: 0)
            if laid.height <= band.bottom - band.top || paragraphSize <= Self.minParagraphSize {
                let centred = (viewport.height / 2 - laid.headerLineHeight / 2).rounded()
                laid.top = max(band.top, min(centred, (band.bottom - laid.height).rounded(.down)))
                return laid
            }
            paragraphSize -= 1
        }
    }

    public func handle(_ event: InputEvent, at time: Double) {
        guard event.isFinite else { return }
        switch event {
        case let .wheel(dx, dy, shift):
            // Horizontal deltas, Shift+wheel, and (the pager having no vertical scroller) a plain
            // vertical wheel all page: "down" and "right" go forwards.
            let delta = dx != 0 && !shift ? dx : dy
            guard delta != 0 else { return }
            scroller.page(by: delta > 0 ? 1 : -1, at: time)
        case let .scroll(dx, dy, liftFollows, shift):
            let delta = dx != 0 && !shift ? dx : dy
            guard delta != 0 else { return }
            scroller.precise(pixels: delta, liftFollows: liftFollows, at: time)
        case .fingersLifted: scroller.fingersLifted(at: time)
        case let .mouseDown(p):
            if let dot = dotHit(p) {
                scroller.scroll(to: Double(dot) * viewport.width, animated: true, at: time)
            } else {
                scroller.pointerDown(p.x, at: time)
            }
        case let .mouseMove(p): scroller.pointerMoved(p.x, at: time)
        case let .mouseUp(p): scroller.pointerUp(p.x, at: time)
        case .key:
            switch Keymap.action(for: event) {
            case .previousPage?: scroller.page(by: -1, at: time)
            case .nextPage?: scroller.page(by: 1, at: time)
            case .top?: scroller.scroll(to: 0, animated: true, at: time)
            case .bottom?: scroller.scroll(to: scroller.maxOffset, animated: true, at: time)
            default: break
            }
        case let .resize(size):
            // Keep the page (and any fraction of one) where it was.
            let f = PagerLayers.fraction(offset: scroller.offset(at: time), pageWidth: viewport.width)
            viewport = size
            relayout(at: time)
            scroller.scroll(to: f * size.width, animated: false, at: time)
            position.jump(scroller, at: time)
        }
    }

    public func update(to time: Double) {
        position.update(scroller, to: time)
    }

    /// Applies tuned values at once (the layer speeds and the scroll physics).
    public func apply(_ s: PlaygroundSettings) {
        settings.backgroundSpeed = s[.pagerBackgroundSpeed]
        settings.headerSpeed = s[.pagerHeaderSpeed]
        settings.paragraphSpeed = s[.pagerParagraphSpeed]
        // The photo under the text moves with the background's speed.
        laidOutScrims = nil
        scroller.settings = s.physics(from: scroller.settings)
        // A fling under way goes on from where it is under the new model.
        scroller.setModel(s.physicsModel, at: time)
        position.rendering = RenderingOptions(s)
    }

    /// The fraction the layers move by (a frame late when asked).
    var layerFraction: Double { PagerLayers.fraction(offset: position.parallaxOffset, pageWidth: viewport.width) }

    public var scrollState: ScrollState {
        position.state(horizontal: true)
    }

    public var contentSummary: String { "\(pages.count) pages" }

    public var traceGeometry: [String: JSONValue] {
        ["fraction": .number(fraction),
         "layers": .array(layers().map { .object(["page": .number(Double($0.page)), "name": .string($0.name), "centerX": .number($0.centerX)]) })]
    }

    /// The scroll state, the page fraction and each visible layer's centre, known by `3 * page + layer`
    /// (background, header, paragraph).
    public var motionSample: MotionSample {
        let rows = layers().enumerated().map { i, layer in
            MotionSample.Row(key: 3 * layer.page + i % 3, values: [layer.centerX])
        }
        return MotionSample(scene: name, state: scrollState, horizontal: true, values: [.init("fraction", fraction)],
                            groups: [.init(name: "layers", key: "layer", columns: ["centerX"], rows: rows)])
    }

    /// Each layer's centre on screen, for the visible pages.
    public struct Layer: Equatable, Sendable {
        public var page: Int
        public var name: String
        public var centerX: Double
    }

    public func layers() -> [Layer] {
        let f = layerFraction, w = viewport.width, k = speeds
        return visiblePages.flatMap { i in
            [Layer(page: i, name: "background", centerX: PagerLayers.centerX(page: i, fraction: f, pageWidth: w, speed: k.background)),
             Layer(page: i, name: "header", centerX: PagerLayers.centerX(page: i, fraction: f, pageWidth: w, speed: k.header)),
             Layer(page: i, name: "paragraph", centerX: PagerLayers.centerX(page: i, fraction: f, pageWidth: w, speed: k.paragraph))]
        }
    }

    /// Pages whose own rect is on screen; text flying in from further pages would be off screen too.
    /// A range, not an array: drawing allocates nothing per frame (docs/performance.md, "Engine benchmarks").
    private var visiblePages: Range<Int> {
        guard !pages.isEmpty, viewport.width > 0 else { return 0..<0 }
        let f = fraction
        let first = max(0, Int(f.rounded(.down))), last = min(pages.count - 1, Int(f.rounded(.up)))
        return first <= last ? first..<(last + 1) : 0..<0
    }

    public func draw(into list: inout DisplayList) {
        let w = viewport.width, h = viewport.height
        list.fill(Rect(origin: .zero, size: viewport), Theme.background)
        // A model that stretches its edge (Android) draws the pages held at the edge, then scaled.
        let stretch = scroller.model.overscrollDrawing == .stretched
            ? EdgeStretch(offset: offset, maxOffset: scroller.maxOffset, length: w, horizontal: true) : nil
        let held = stretch.map { PagerLayers.fraction(offset: $0.offset, pageWidth: w) }
        let f = held ?? fraction, lf = held ?? layerFraction
        let contentStart = list.commands.count
        let screen = Rect(origin: .zero, size: viewport)
        for i in visiblePages {
            guard let pageRect = Rect(x: w * (Double(i) - f), y: 0, width: w, height: h).intersection(screen) else { continue }
            let (source, bg) = photoQuad(page: i, fraction: lf)
            list.image(pages[i].photo.image, source: source, destination: bg, clip: pageRect, shade: scrims[i])
        }
        for i in visiblePages { drawText(page: i, fraction: lf, into: &list) }
        if let stretch { list.stretch(commandsFrom: contentStart, stretch) }
        drawDots(into: &list, fraction: f)
        forEachPageAhead { i, due in
            let (source, bg) = photoQuad(page: i, fraction: Double(i))
            list.prefetch(pages[i].photo.image, source: source, destination: bg, shade: scrims[i], due: due)
        }
    }

    /// Page `i`'s photo at layer fraction `f`: its crop and where it is drawn. The background is
    /// wider than the page so that, drifting against it, it always covers it.
    private func photoQuad(page i: Int, fraction f: Double, speed: Double? = nil) -> (source: Rect, destination: Rect) {
        let w = viewport.width, k = speed ?? speeds.background
        let bgWidth = PagerLayers.coveringWidth(pageWidth: w, speed: k)
        let bgCenter = PagerLayers.centerX(page: i, fraction: f, pageWidth: w, speed: k)
        let bg = Rect(x: bgCenter - bgWidth / 2, y: 0, width: bgWidth, height: viewport.height)
        let photo = pages[i].photo
        return (aspectFillSource(imageSize: environment.images.pixelSize(of: photo.image) ?? bg.size, box: bg.size, focusY: photo.focusY), bg)
    }

    /// The pages not on screen whose photos to decode ahead, most urgent first, with the seconds
    /// until each shows: where a motion under way lands and the pages it passes on the way there, then
    /// the pages either side of those on screen, which a swipe can bring in at any moment (`.infinity`
    /// while no motion brings them). Without them an incoming page was a placeholder mid-swipe.
    /// (Called for each in turn: drawing allocates nothing per frame.)
    func forEachPageAhead(_ body: (_ page: Int, _ due: Double) -> Void) {
        let visible = visiblePages, w = viewport.width
        guard !visible.isEmpty, w > 0 else { return }
        let from = currentPage
        let landing = scroller.restingOffset.map { PagerLayers.currentPage(fraction: $0 / w, pageCount: pages.count) } ?? from
        let step = landing >= from ? 1 : -1
        func isOnTheWay(_ i: Int) -> Bool { (i - from) * step > 0 && (landing - i) * step > 0 }
        if !visible.contains(landing) { body(landing, due(page: landing)) }
        for i in stride(from: from + step, to: landing, by: step) where !visible.contains(i) { body(i, due(page: i)) }
        func neighbour(_ i: Int) {
            if pages.indices.contains(i), i != landing, !isOnTheWay(i) { body(i, due(page: i)) }
        }
        neighbour(visible.lowerBound - 1)
        neighbour(visible.upperBound)
    }

    /// Seconds from now until page `i` comes on screen as the scroller moves on (bisected to a
    /// millisecond): when the fraction first passes the edge it comes in at, `i - 1` or `i + 1`;
    /// `.infinity` if the motion under way stops short of it (or there is none).
    private func due(page i: Int) -> Double {
        let w = viewport.width, page = Double(i)
        guard abs(fraction - page) >= 1 else { return 0 }
        let forwards = page > fraction, edge = forwards ? page - 1 : page + 1
        return scroller.secondsUntil(from: time) { offset in forwards ? offset / w > edge : offset / w < edge }
    }

    /// The scrim every page's photo has, for legible text: a dim over the whole page (alpha 110)
    /// under a fade over its lower 65 % (alpha 0 to 170). Composited, d + (1 - d)·f is still linear
    /// in y, so one shade carries both; the photo moves only sideways, so the shade can stay with
    /// the photo (baked into its texture).
    static let baseScrim: ImageShade = {
        let dim = 110.0, fade = 170.0
        return ImageShade(color: Color(r: 8, g: 10, b: 16), topAlpha: UInt8(dim),
                          bottomAlpha: UInt8((dim + (255 - dim) * fade / 255).rounded()), start: 0.35)
    }()

    /// The paragraph's colour: the text's, a little translucent.
    static let paragraphColor = Theme.text.withAlpha(225)

    /// Page `i`'s scrim: the base one deepened over the whole page just enough for each line of
    /// its text to read (docs/physics-and-effects.md, "Pager"). For each line at rest, from the
    /// photo's tone under it (`ImageMetrics.tone`, from its thumbnail: known before the photo
    /// decodes), the least alpha `A` of the scrim's colour over the tone's light end (mean + one
    /// deviation: a busy photo counts as lighter) at which the line's colour reaches 4.5:1
    /// (`Legibility.scrimAlpha`); where the base scrim's alpha at the line's top, `a0`, is short of
    /// it, a dim `e` over the whole photo, the largest any line needs:
    ///
    ///     1 - (1 - a0)(1 - e) = A,  e = 1 - (1 - A) / (1 - a0);  each alpha a becomes 1 - (1 - a)(1 - e)
    ///
    /// No thumbnail: the base scrim.
    func scrim(for i: Int) -> ImageShade {
        let base = Self.baseScrim, photo = pages[i].photo.image
        guard let size = environment.images.pixelSize(of: photo), size.width > 0, size.height > 0 else { return base }
        let (source, bg) = photoQuad(page: i, fraction: Double(i), speed: settings.backgroundSpeed)
        guard bg.width > 0, bg.height > 0 else { return base }
        var dim = 0.0, known = true
        forEachLine(page: i, fraction: Double(i)) { line, font, origin, color, _ in
            let box = Rect(origin: origin, size: environment.text.size(of: line, font: font))
            // The line in the photo, in fractions of its size.
            let region = Rect(x: (source.minX + (box.minX - bg.minX) / bg.width * source.width) / size.width,
                              y: (source.minY + (box.minY - bg.minY) / bg.height * source.height) / size.height,
                              width: box.width / bg.width * source.width / size.width,
                              height: box.height / bg.height * source.height / size.height)
            guard let tone = environment.images.tone(of: photo, in: region) else { known = false; return }
            let needed = Legibility.scrimAlpha(text: color, over: tone.lightEnd, scrim: base.color)
            let top = Self.alpha(of: base, at: (box.minY - bg.minY) / bg.height)
            if needed > top { dim = max(dim, 1 - (1 - needed) / (1 - top)) }
        }
        guard known, dim > 0 else { return base }
        func deepened(_ a: UInt8) -> UInt8 { UInt8(min(255, (255 * (1 - (1 - Double(a) / 255) * (1 - dim))).rounded(.up))) }
        return ImageShade(color: base.color, topAlpha: deepened(base.topAlpha), bottomAlpha: deepened(base.bottomAlpha), start: base.start)
    }

    /// A shade's alpha (0...1) at `y`, a fraction of its quad's height.
    static func alpha(of shade: ImageShade, at y: Double) -> Double {
        let t = min(1, max(0, (y - shade.start) / (1 - shade.start)))
        return (Double(shade.topAlpha) + (Double(shade.bottomAlpha) - Double(shade.topAlpha)) * t) / 255
    }

    private func drawText(page i: Int, fraction f: Double, into list: inout DisplayList) {
        forEachLine(page: i, fraction: f) { line, font, origin, color, column in
            list.text(line, font: font, at: origin, color: color, clip: column)
        }
    }

    /// Each line of page `i`'s headline and paragraph at layer fraction `f`: its text, font, origin,
    /// colour and column (each layer's column moves with it: the clip cuts only what does not fit
    /// the band).
    private func forEachLine(page i: Int, fraction f: Double, _ body: (String, Font, Point, Color, Rect) -> Void) {
        let w = viewport.width, k = speeds, band = textBand, text = environment.text
        let laid = texts[i]
        let headerCenter = PagerLayers.centerX(page: i, fraction: f, pageWidth: w, speed: k.header)
        let headerColumn = Rect(x: headerCenter - headerWidth / 2, y: band.top, width: headerWidth, height: max(0, band.bottom - band.top))
        var y = laid.top
        for line in laid.header.lines {
            let width = text.size(of: line, font: laid.header.font).width
            body(line, laid.header.font, Point(x: headerCenter - width / 2, y: y), Theme.text, headerColumn)
            y += laid.headerLineHeight
        }
        y += laid.gap
        let paragraphCenter = PagerLayers.centerX(page: i, fraction: f, pageWidth: w, speed: k.paragraph)
        let paragraphColumn = Rect(x: paragraphCenter - paragraphWidth / 2, y: band.top, width: paragraphWidth, height: headerColumn.height)
        for line in laid.paragraph.lines {
            let width = text.size(of: line, font: laid.paragraph.font).width
            body(line, laid.paragraph.font, Point(x: paragraphCenter - width / 2, y: y), Self.paragraphColor, paragraphColumn)
            y += laid.paragraphPitch
        }
    }

    private func dotCenter(_ i: Int) -> Point {
        let total = Double(pages.count - 1) * dotSpacing
        return Point(x: viewport.width / 2 - total / 2 + Double(i) * dotSpacing, y: viewport.height - scale.scaled(Self.dotInset))
    }

    /// A hand over a page dot (a click goes there).
    public func cursor(at point: Point) -> CursorKind { dotHit(point) == nil ? .arrow : .hand }

    private func dotHit(_ p: Point) -> Int? {
        pages.indices.first { i in
            let c = dotCenter(i)
            return abs(p.x - c.x) <= dotSpacing / 2 && abs(p.y - c.y) <= dotSpacing * 14 / 22
        }
    }

    /// The dots at 0.38, and over them the indicator following the swipe (`PageIndicator`): a dot
    /// at rest, a capsule from dot `start` to dot `end` between pages (two half discs and the rect
    /// between their centres, as the scroll indicator's).
    private func drawDots(into list: inout DisplayList, fraction f: Double) {
        for i in pages.indices {
            list.disc(center: dotCenter(i), radius: dotRadius, Theme.text, opacity: Self.dotOpacity)
        }
        let span = PageIndicator.span(fraction: f, pageCount: pages.count), r = dotRadius
        // Its ends on whole pixels, where the caps' clips and the rect meet without a seam.
        let x0 = dotCenter(0).x, y = dotCenter(0).y
        let start = (x0 + span.start * dotSpacing).rounded(), end = (x0 + span.end * dotSpacing).rounded()
        guard end > start else {
            list.disc(center: Point(x: start, y: y), radius: r, Theme.text)
            return
        }
        list.disc(center: Point(x: start, y: y), radius: r, Theme.text, clip: Rect(x: start - r - 1, y: y - r - 1, width: r + 1, height: 2 * r + 2))
        list.fill(Rect(x: start, y: y - r, width: end - start, height: 2 * r), Theme.text)
        list.disc(center: Point(x: end, y: y), radius: r, Theme.text, clip: Rect(x: end, y: y - r - 1, width: r + 1, height: 2 * r + 2))
    }

    /// The dots under the indicator.
    static let dotOpacity = 0.38
}
