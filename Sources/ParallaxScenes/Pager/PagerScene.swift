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
    private var texts: [PageText] = []

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
    static let dotRadius = 5.0
    static let dotSpacing = 22.0

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
        texts = pages.map(layoutText)
    }

    var headerWidth: Double { max(0, viewport.width - 48) }

    /// Where text may go: below the bar, above the dots, each with a margin.
    var textBand: (top: Double, bottom: Double) {
        (topInset + Self.textMargin, dotCenter(0).y - Self.dotRadius - Self.textMargin)
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
                                        minSize: Self.minHeaderSize, width: headerWidth, measurer: text)
            let paragraph = TextLayout.fit(page.paragraph, font: Font(size: paragraphSize), minSize: Self.minParagraphSize,
                                           width: paragraphWidth, measurer: text)
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
        let w = viewport.width, h = viewport.height, k = speeds
        list.fill(Rect(origin: .zero, size: viewport), Theme.background)
        // A model that stretches its edge (Android) draws the pages held at the edge, then scaled.
        let stretch = scroller.model.overscrollDrawing == .stretched
            ? EdgeStretch(offset: offset, maxOffset: scroller.maxOffset, length: w, horizontal: true) : nil
        let held = stretch.map { PagerLayers.fraction(offset: $0.offset, pageWidth: w) }
        let f = held ?? fraction, lf = held ?? layerFraction
        let contentStart = list.commands.count
        let screen = Rect(origin: .zero, size: viewport)
        for i in visiblePages {
            let page = pages[i]
            guard let pageRect = Rect(x: w * (Double(i) - f), y: 0, width: w, height: h).intersection(screen) else { continue }
            // The background is wider than the page so that, drifting against it, it always covers it.
            let bgWidth = PagerLayers.coveringWidth(pageWidth: w, speed: k.background)
            let bgCenter = PagerLayers.centerX(page: i, fraction: lf, pageWidth: w, speed: k.background)
            let bg = Rect(x: bgCenter - bgWidth / 2, y: 0, width: bgWidth, height: h)
            let source = aspectFillSource(imageSize: environment.images.pixelSize(of: page.photo.image) ?? bg.size,
                                          box: bg.size, focusY: page.photo.focusY)
            list.image(page.photo.image, source: source, destination: bg, clip: pageRect, shade: Self.scrim)
        }
        for i in visiblePages { drawText(page: i, fraction: lf, into: &list) }
        if let stretch { list.stretch(commandsFrom: contentStart, stretch) }
        drawDots(into: &list)
    }

    /// The scrim over each page's photo, for legible text: a dim over the whole page (alpha 110) under
    /// a fade over its lower 65 % (alpha 0 to 170). Composited, d + (1 - d)·f is still linear in y, so
    /// one shade carries both; the photo moves only sideways, so the shade can stay with the photo.
    static let scrim: ImageShade = {
        let dim = 110.0, fade = 170.0
        return ImageShade(color: Color(r: 8, g: 10, b: 16), topAlpha: UInt8(dim),
                          bottomAlpha: UInt8((dim + (255 - dim) * fade / 255).rounded()), start: 0.35)
    }()

    private func drawText(page i: Int, fraction f: Double, into list: inout DisplayList) {
        let w = viewport.width, k = speeds, band = textBand, text = environment.text
        let laid = texts[i]
        let headerCenter = PagerLayers.centerX(page: i, fraction: f, pageWidth: w, speed: k.header)
        // Each layer's column moves with it: the clip cuts only what does not fit the band.
        let headerColumn = Rect(x: headerCenter - headerWidth / 2, y: band.top, width: headerWidth, height: max(0, band.bottom - band.top))
        var y = laid.top
        for line in laid.header.lines {
            let width = text.size(of: line, font: laid.header.font).width
            list.text(line, font: laid.header.font, at: Point(x: headerCenter - width / 2, y: y), color: Theme.text, clip: headerColumn)
            y += laid.headerLineHeight
        }
        y += laid.gap
        let paragraphCenter = PagerLayers.centerX(page: i, fraction: f, pageWidth: w, speed: k.paragraph)
        let paragraphColumn = Rect(x: paragraphCenter - paragraphWidth / 2, y: band.top, width: paragraphWidth, height: headerColumn.height)
        for line in laid.paragraph.lines {
            let width = text.size(of: line, font: laid.paragraph.font).width
            list.text(line, font: laid.paragraph.font, at: Point(x: paragraphCenter - width / 2, y: y),
                      color: Theme.text.withAlpha(225), clip: paragraphColumn)
            y += laid.paragraphPitch
        }
    }

    private func dotCenter(_ i: Int) -> Point {
        let total = Double(pages.count - 1) * Self.dotSpacing
        return Point(x: viewport.width / 2 - total / 2 + Double(i) * Self.dotSpacing, y: viewport.height - 36)
    }

    /// A hand over a page dot (a click goes there).
    public func cursor(at point: Point) -> CursorKind { dotHit(point) == nil ? .arrow : .hand }

    private func dotHit(_ p: Point) -> Int? {
        pages.indices.first { i in
            let c = dotCenter(i)
            return abs(p.x - c.x) <= Self.dotSpacing / 2 && abs(p.y - c.y) <= 14
        }
    }

    private func drawDots(into list: inout DisplayList) {
        let current = currentPage
        for i in pages.indices {
            list.disc(center: dotCenter(i), radius: Self.dotRadius, Theme.text, opacity: i == current ? 1 : 0.38)
        }
    }
}
