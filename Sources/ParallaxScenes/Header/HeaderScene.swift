import ParallaxEngine

/// A 2:1 header photo over an article: the photo scrolls at half speed and stretches when pulled
/// past the top (`StretchyHeader.swift`); or, with pull-to-refresh on, reveals a spinner instead.
public final class HeaderScene: PlaygroundScene, CursorProviding {
    public let name = "header"
    public private(set) var viewport: Size
    public private(set) var scroller = ScrollAxis()
    public var plottedScroller: ScrollAxis? { scroller }
    public private(set) var position = ScrollPosition()
    public var offset: Double { position.offset }
    public var time: Double { position.time }
    public var settings: HeaderSettings
    /// Reduced motion: the photo's speed eases to the page's (`MotionEase`) and it stops stretching.
    public private(set) var motion = MotionEase()
    public var reducedMotion: Bool { motion.reduced }
    public func setReducedMotion(_ on: Bool, at time: Double) { motion.setReduced(on, at: time) }
    /// The band the tab bar covers: the header runs under it, the title stays clear of it.
    public var topInset: Double
    /// The wall clock at the scene's time 0; "Refreshed at" adds the refresh's time to it.
    public let clockAtStart: TimeOfDay
    let environment: SceneEnvironment
    private var indicator = ScrollIndicatorControl()
    private var article: [ArticleLine] = []
    /// Each cover's title, fitted to the column in at most two lines.
    private var titles: [(font: Font, lines: [String])] = []
    private var refresh = PullToRefresh()
    /// When the running refresh started, and how many have finished.
    public var refreshStarted: Double? { refresh.started }
    public var refreshCount: Int { refresh.count }

    struct ArticleLine {
        var text: String
        var font: Font
        var color: Color
        /// Content y of the line's top.
        var y: Double
    }

    /// The sizes at 1280x800; a larger window scales them and the spacing with them (`ContentScale`).
    static let titleFont = Font(size: 40, weight: .bold)
    static let headlineFont = Font(size: 30, weight: .bold)
    static let bodyFont = Font(size: 17)
    static let bylineFont = Font(size: 14)
    /// The smallest sizes text shrinks to before it is clipped: title, headline, body, byline.
    static let minTitleSize = 22.0
    static let minHeadlineSize = 20.0
    static let minBodySize = 14.0
    static let minBylineSize = 12.0

    public init(viewport: Size, settings: HeaderSettings = HeaderSettings(), topInset: Double = 0,
                clockAtStart: TimeOfDay = .scriptDefault, environment: SceneEnvironment) {
        self.viewport = viewport
        self.settings = settings
        self.topInset = topInset
        self.clockAtStart = clockAtStart
        self.environment = environment
        relayout(at: 0)
    }

    public var cover: (photo: Photo, title: String) { Self.cover(refreshCount) }

    static func cover(_ refreshes: Int) -> (photo: Photo, title: String) { HeaderArticle.covers[refreshes % HeaderArticle.covers.count] }

    public var headerHeight: Double { settings.aspect > 0 ? viewport.width / settings.aspect : 0 }
    /// The window's type scale: the article's measure grows with its type, keeping its line length.
    var scale: ContentScale { ContentScale(viewport: viewport) }
    var columnWidth: Double { max(0, min(settings.maxColumnWidth * scale.type, viewport.width - 48)) }
    var columnX: Double { ((viewport.width - columnWidth) / 2).rounded() }

    /// The header's container and image on screen now (`StretchyHeader`); the image a frame late
    /// when asked.
    public var headerFrames: StretchyHeader.Frames {
        var frames = frames(at: offset)
        if position.parallaxOffset != offset { frames.image = self.frames(at: position.parallaxOffset).image }
        return frames
    }

    private func frames(at s: Double) -> StretchyHeader.Frames {
        var frames = StretchyHeader.frames(offset: s, width: viewport.width, aspect: settings.aspect,
                                           speed: MotionEase.factor(settings.imageSpeed, amount: motion.amount(at: time)),
                                           stretches: !reducedMotion && !settings.pullToRefresh)
        frames.container = frames.container.offsetBy(dy: contentTop)
        frames.image = frames.image.offsetBy(dy: contentTop)
        return frames
    }

    /// Where the content starts at offset 0. With pull-to-refresh on it starts below the bar (as
    /// iOS insets a scroll view's content under a navigation bar), so a pull opens its gap, with the
    /// spinner, in sight; stretching, the photo runs under the bar.
    var contentTop: Double { settings.pullToRefresh ? topInset : 0 }

    /// Applies tuned values at once (the refresh threshold and the scroll physics).
    public func apply(_ s: PlaygroundSettings) {
        settings.refreshThreshold = s[.headerRefreshThreshold]
        scroller.settings = s.physics(from: scroller.settings)
        // A fling under way goes on from where it is under the new model.
        scroller.setModel(s.physicsModel, at: time)
        position.rendering = RenderingOptions(s)
        relayout(at: time)
    }

    private func relayout(at time: Double) {
        refresh.dropPendingExtent()
        scroller.setExtent(viewport: viewport.height, content: layoutArticle(), at: time)
    }

    /// Lays out the article's lines and returns the content length they need.
    private func layoutArticle() -> Double {
        let text = environment.text, scale = self.scale
        var lines: [ArticleLine] = []
        var y = contentTop + headerHeight + scale.scaled(36)
        func add(_ string: String, _ font: Font, minSize: Double, _ color: Color, spacing: Double) {
            let fitted = TextLayout.fit(string, font: scale.font(font), minSize: minSize, width: columnWidth, measurer: text)
            for line in fitted.lines {
                lines.append(ArticleLine(text: line, font: fitted.font, color: color, y: y))
                y += (text.size(of: line, font: fitted.font).height * spacing).rounded()
            }
        }
        add(HeaderArticle.headline, Self.headlineFont, minSize: Self.minHeadlineSize, Theme.text, spacing: 1.25)
        y += scale.scaled(6)
        add(HeaderArticle.byline(cover.photo), Self.bylineFont, minSize: Self.minBylineSize, Theme.secondaryText, spacing: 1.4)
        // Plain text: the accent colour would read as a link.
        add(refreshLine, Self.bylineFont, minSize: Self.minBylineSize, Theme.secondaryText, spacing: 1.4)
        y += scale.scaled(18)
        for paragraph in HeaderArticle.paragraphs {
            add(paragraph, Self.bodyFont, minSize: Self.minBodySize, Theme.text.withAlpha(230), spacing: 1.55)
            y += scale.scaled(14)
        }
        article = lines
        titles = HeaderArticle.covers.map {
            TextLayout.fit($0.title, font: scale.font(Self.titleFont), minSize: Self.minTitleSize, width: columnWidth, maxLines: 2, measurer: text)
        }
        return y + scale.scaled(48)
    }

    public func isOn(_ action: KeyAction) -> Bool? { action == .togglePullToRefresh ? settings.pullToRefresh : nil }

    var refreshLine: String {
        let when = refresh.lastRefreshed.map { "Refreshed at \(clockAtStart.text(after: $0))" } ?? "Not refreshed yet"
        return settings.pullToRefresh ? "\(when)  ·  pull down past \(Int(settings.refreshThreshold)) px to refresh" : "\(when)  ·  R: pull-to-refresh"
    }

    public func handle(_ event: InputEvent, at time: Double) {
        guard event.isFinite else { return }
        advanceRefresh(to: time)
        let pulled = scroller.offset(at: time)
        if indicator.handle(event, axis: &scroller, viewport: viewport, top: topInset, at: time) { return }
        if scroller.handleVertical(event, pageStep: max(0, viewport.height - topInset) * 0.9, at: time) {
            if case .mouseUp = event, settings.pullToRefresh {
                refresh.released(pulled: pulled, threshold: settings.refreshThreshold, axis: &scroller, at: time)
            }
            return
        }
        switch event {
        case .key where Keymap.action(for: event) == .togglePullToRefresh:
            settings.pullToRefresh.toggle()
            refresh.cancel(axis: &scroller, at: time)
            relayout(at: time)
        case let .resize(size):
            // The article moves with the header's new height; keep the reading position in proportion.
            let progress = scroller.maxOffset > 0 ? scroller.offset(at: time) / scroller.maxOffset : 0
            viewport = size
            relayout(at: time)
            scroller.scroll(to: progress * scroller.maxOffset, animated: false, at: time)
            position.jump(scroller, at: time)
        default:
            break
        }
    }

    public func update(to time: Double) {
        advanceRefresh(to: time)
        position.update(scroller, to: time)
    }

    /// Brings the refresh to `time`: ends it when due, and sets the article's new length once the
    /// spring back allows.
    private func advanceRefresh(to time: Double) {
        if let end = refresh.end(upTo: time, duration: settings.refreshDuration) {
            let contentLength = layoutArticle()
            refresh.springBack(axis: &scroller, contentLength: contentLength, viewport: viewport.height, from: end)
        }
        refresh.applyPendingExtent(axis: &scroller, viewport: viewport.height, at: time)
    }

    public var scrollState: ScrollState {
        position.state(horizontal: false)
    }

    public var contentSummary: String { "\(article.count) lines" }

    public var traceGeometry: [String: JSONValue] {
        let frames = headerFrames
        return ["image": frames.image.traceValue, "container": frames.container.traceValue]
    }

    /// The scroll state, the photo's and its container's rects on screen and the shown title's opacity.
    public var motionSample: MotionSample {
        let frames = headerFrames
        return MotionSample(scene: name, state: scrollState, horizontal: false,
                            values: MotionSample.rect("image", frames.image) + MotionSample.rect("container", frames.container)
                                + [.init("titleOpacity", shownTitleOpacity)])
    }

    public func draw(into list: inout DisplayList) {
        let screen = Rect(origin: .zero, size: viewport)
        list.fill(screen, Theme.background)
        drawHeader(into: &list)
        if settings.pullToRefresh, offset < 0 { drawRefreshIndicator(into: &list) }
        let column = Rect(x: columnX, y: 0, width: columnWidth, height: viewport.height)
        for line in article {
            let y = line.y - offset
            guard y < viewport.height, y + line.font.size * 2 > 0 else { continue }
            list.text(line.text, font: line.font, at: Point(x: columnX, y: y), color: line.color, clip: column, on: Theme.background)
        }
        indicator.draw(into: &list, axis: scroller, sample: position.sample, viewport: viewport, top: topInset)
    }

    var refreshed: Bool { refresh.justRefreshed(at: time) }

    /// The title's last line above the header's bottom edge, at 1280x800.
    static let titleBottomMargin = 28.0

    /// The title scrolls with the header, opaque, and fades out completely over one line height as
    /// its top reaches the bar (docs/physics-and-effects.md, "Header"): a fade over half the header
    /// left it half transparent mid-scroll, where it read as disabled. `top` is its top at offset 0;
    /// one that starts nearer the bar than a line fades over the first line of scroll. Closed form
    /// in the offset; with reduced motion the same, a fade being no motion.
    func titleOpacity(top: Double, lineHeight: Double) -> Double {
        let range = max(1, lineHeight)
        let gone = max(range, top - topInset)
        return min(1, max(0, (gone - offset) / range))
    }

    /// The current cover's title opacity as drawn: its fade with the scroll, and a refresh's cross-fade.
    var shownTitleOpacity: Double {
        let title = titles[refreshCount % titles.count]
        return titleOpacity(top: titleTop(title), lineHeight: titleLineHeight(title)) * refresh.coverFadeProgress(at: time)
    }

    private func titleLineHeight(_ title: (font: Font, lines: [String])) -> Double {
        environment.text.size(of: title.lines[0], font: title.font).height
    }

    /// The title's top at offset 0.
    private func titleTop(_ title: (font: Font, lines: [String])) -> Double {
        contentTop + headerHeight - titleHeight(title)
    }

    private func titleHeight(_ title: (font: Font, lines: [String])) -> Double {
        scale.scaled(Self.titleBottomMargin) + Double(title.lines.count) * titleLineHeight(title)
    }

    private func drawHeader(into list: inout DisplayList) {
        let frames = headerFrames
        let fadeIn = refresh.coverFadeProgress(at: time)
        // The new photo over the old one at its fade's opacity is a cross-fade, as the old one is
        // opaque; the titles cross-fade as text over the scrim.
        var covers = [(refreshes: refreshCount, photoOpacity: 1.0, titleOpacity: 1.0)]
        if let previous = refresh.coverFade?.previous, fadeIn < 1 {
            covers = [(previous, 1, 1 - fadeIn), (refreshCount, fadeIn, fadeIn)]
        }
        for shown in covers {
            let photo = Self.cover(shown.refreshes).photo
            let source = aspectFillSource(imageSize: environment.images.pixelSize(of: photo.image) ?? frames.image.size,
                                          box: frames.image.size, focusY: photo.focusY)
            list.image(photo.image, source: source, destination: frames.image, clip: frames.clipped ? frames.container : nil,
                       opacity: shown.photoOpacity)
        }
        // A scrim keeps the title legible over any photo.
        let scrimHeight = frames.container.height * 0.45
        list.fillVerticalFade(Rect(x: 0, y: frames.container.maxY - scrimHeight, width: viewport.width, height: scrimHeight),
                              to: Color(r: 8, g: 10, b: 16, a: 190), clip: frames.container)
        let column = Rect(x: columnX, y: frames.container.minY, width: columnWidth, height: frames.container.height)
        for shown in covers where shown.titleOpacity > 0 {
            let title = titles[shown.refreshes % titles.count]
            let lineHeight = titleLineHeight(title)
            let opacity = titleOpacity(top: titleTop(title), lineHeight: lineHeight)
            guard opacity > 0 else { continue }
            var y = frames.container.maxY - titleHeight(title)
            for line in title.lines {
                list.text(line, font: title.font, at: Point(x: columnX, y: y), color: Theme.text, clip: column, opacity: opacity * shown.titleOpacity)
                y += lineHeight
            }
        }
    }

    /// A hand over the scroll thumb, which a press drags.
    public func cursor(at point: Point) -> CursorKind {
        indicator.cursor(at: point, axis: scroller, viewport: viewport, top: topInset, at: time)
    }
}
