import Foundation
import ParallaxEngine

/// A 2:1 header photo over an article: the photo scrolls at half speed and stretches when pulled
/// past the top (`StretchyHeader.swift`); or, with pull-to-refresh on, reveals a spinner instead.
public final class HeaderScene: PlaygroundScene {
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
    private let environment: SceneEnvironment
    private var indicator = ScrollIndicatorControl()
    private var article: [ArticleLine] = []
    /// Each cover's title, fitted to the column in at most two lines.
    private var titles: [(font: Font, lines: [String])] = []
    /// Pull-to-refresh: when the running refresh started, and how many have finished.
    public private(set) var refreshStarted: Double?
    public private(set) var refreshCount = 0
    private var lastRefreshed: Double?
    /// The article's length after a refresh, set on the scroll axis once the spring back has reached
    /// the top: `ScrollAxis.setExtent` clamps the offset into range, which would end the hold at
    /// -threshold with a jump to 0 in one frame.
    private var pendingContentLength: Double?
    /// The cover a refresh replaced, cross-faded to the new one over the spring back.
    private var coverFade: (previous: Int, start: Double, duration: Double)?

    struct ArticleLine {
        var text: String
        var font: Font
        var color: Color
        /// Content y of the line's top.
        var y: Double
    }

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
    var columnWidth: Double { max(0, min(settings.maxColumnWidth, viewport.width - 48)) }
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
        pendingContentLength = nil
        scroller.setExtent(viewport: viewport.height, content: layoutArticle(), at: time)
    }

    /// Lays out the article's lines and returns the content length they need.
    private func layoutArticle() -> Double {
        let text = environment.text
        var lines: [ArticleLine] = []
        var y = contentTop + headerHeight + 36
        func add(_ string: String, _ font: Font, minSize: Double, _ color: Color, spacing: Double) {
            let fitted = TextLayout.fit(string, font: font, minSize: minSize, width: columnWidth, measurer: text)
            for line in fitted.lines {
                lines.append(ArticleLine(text: line, font: fitted.font, color: color, y: y))
                y += (text.size(of: line, font: fitted.font).height * spacing).rounded()
            }
        }
        add(HeaderArticle.headline, Self.headlineFont, minSize: Self.minHeadlineSize, Theme.text, spacing: 1.25)
        y += 6
        add(HeaderArticle.byline(cover.photo), Self.bylineFont, minSize: Self.minBylineSize, Theme.secondaryText, spacing: 1.4)
        add(refreshLine, Self.bylineFont, minSize: Self.minBylineSize, settings.pullToRefresh ? Theme.accent : Theme.secondaryText, spacing: 1.4)
        y += 18
        for paragraph in HeaderArticle.paragraphs {
            add(paragraph, Self.bodyFont, minSize: Self.minBodySize, Theme.text.withAlpha(230), spacing: 1.55)
            y += 14
        }
        article = lines
        titles = HeaderArticle.covers.map {
            TextLayout.fit($0.title, font: Self.titleFont, minSize: Self.minTitleSize, width: columnWidth, maxLines: 2, measurer: text)
        }
        return y + 48
    }

    var refreshLine: String {
        let when = lastRefreshed.map { "Refreshed at \(clockAtStart.text(after: $0))" } ?? "Not refreshed yet"
        return settings.pullToRefresh ? "\(when)  ·  pull down past \(Int(settings.refreshThreshold)) px to refresh" : "\(when)  ·  R: pull-to-refresh"
    }

    public func handle(_ event: InputEvent, at time: Double) {
        guard event.isFinite else { return }
        finishRefresh(upTo: time)
        applyPendingExtent(at: time)
        let pulled = scroller.offset(at: time)
        if indicator.handle(event, axis: &scroller, viewport: viewport, top: topInset, at: time) { return }
        if scroller.handleVertical(event, pageStep: max(0, viewport.height - topInset) * 0.9, at: time) {
            if case .mouseUp = event, settings.pullToRefresh, refreshStarted != nil || pulled <= -settings.refreshThreshold {
                // Released past the threshold (or during a refresh): hold the content open meanwhile.
                if refreshStarted == nil { refreshStarted = time }
                scroller.spring(to: -settings.refreshThreshold, at: time)
            }
            return
        }
        switch event {
        case .key where Keymap.action(for: event) == .togglePullToRefresh:
            settings.pullToRefresh.toggle()
            if refreshStarted != nil {
                refreshStarted = nil
                scroller.spring(to: 0, at: time)
            }
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
        finishRefresh(upTo: time)
        applyPendingExtent(at: time)
        position.update(scroller, to: time)
    }

    /// Ends a refresh at exactly its end time, whatever the frame times: the "refreshed at" line
    /// changes, the held content springs back to the top from where it is, and the next cover fades
    /// in over that spring.
    private func finishRefresh(upTo time: Double) {
        guard let started = refreshStarted, time >= started + settings.refreshDuration else { return }
        let end = started + settings.refreshDuration
        refreshStarted = nil
        refreshCount += 1
        lastRefreshed = end
        let contentLength = layoutArticle()
        let physics = scroller.settings
        let atEnd = scroller.sample(at: end)
        let fade = Spring(displacement: atEnd.offset, velocity: atEnd.velocity, omega: physics.springStiffness)
            .restTime(threshold: physics.restThreshold)
        coverFade = fade > 0 ? (refreshCount - 1, end, fade) : nil
        if atEnd.phase == .dragging {
            // The pointer holds the content; its release springs it back.
            scroller.setExtent(viewport: viewport.height, content: contentLength, at: end)
        } else {
            scroller.spring(to: 0, at: end)
            pendingContentLength = contentLength
            applyPendingExtent(at: end)
        }
    }

    /// Sets the article's new length once the content is no longer shown past the top.
    private func applyPendingExtent(at time: Double) {
        guard let contentLength = pendingContentLength, scroller.offset(at: time) >= 0 else { return }
        pendingContentLength = nil
        scroller.setExtent(viewport: viewport.height, content: contentLength, at: time)
    }

    public var scrollState: ScrollState {
        position.state(horizontal: false)
    }

    public var contentSummary: String { "\(article.count) lines" }

    public var traceGeometry: [String: JSONValue] {
        let frames = headerFrames
        return ["image": frames.image.traceValue, "container": frames.container.traceValue]
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

    /// In the gap the pull opens between the bar and the photo, clipped to it: a ring of dots that
    /// fills as the pull nears the threshold and spins while refreshing, with a word on what releasing
    /// will do; the pair centred in the gap (at the threshold it has room to spare).
    private func drawRefreshIndicator(into list: inout DisplayList) {
        let gap = Rect(x: 0, y: topInset, width: viewport.width, height: -offset)
        let label = refreshStarted != nil ? "Refreshing…" : refreshed ? "Refreshed"
            : -offset >= settings.refreshThreshold ? "Release to refresh" : "Pull to refresh"
        let labelSize = environment.text.size(of: label, font: Self.bylineFont)
        let ring = Self.spinnerRadius + Self.spinnerDotRadius
        let groupWidth = 2 * ring + Self.spinnerLabelGap + labelSize.width
        let center = Point(x: ((viewport.width - groupWidth) / 2 + ring).rounded(), y: gap.midY)
        // Fades in as the gap opens to the ring's height, rather than showing a sliver cut by the clip.
        let revealed = min(1, max(0, -offset / (2 * ring + 16)))
        let dots = 12
        let progress = min(1, -offset / settings.refreshThreshold)
        let spin = refreshStarted.map { (time - $0) * 1.5 } ?? 0
        for i in 0..<dots {
            let fraction = Double(i) / Double(dots)
            guard refreshStarted != nil || refreshed || fraction < progress else { continue }
            let angle = 2 * Double.pi * (fraction + spin) - Double.pi / 2
            let opacity = refreshStarted == nil ? 0.9 : 0.25 + 0.75 * fraction
            list.disc(center: Point(x: center.x + Self.spinnerRadius * cos(angle), y: center.y + Self.spinnerRadius * sin(angle)),
                      radius: Self.spinnerDotRadius, Theme.text, opacity: opacity * revealed, clip: gap)
        }
        list.text(label, font: Self.bylineFont, at: Point(x: center.x + ring + Self.spinnerLabelGap, y: (center.y - labelSize.height / 2).rounded()),
                  color: Theme.secondaryText, clip: gap, opacity: revealed)
    }

    static let spinnerRadius = 11.0
    static let spinnerDotRadius = 2.4
    static let spinnerLabelGap = 12.0

    /// Springing back from a refresh that just ended: a full ring that says so, not a new pull.
    private var refreshed: Bool { refreshStarted == nil && coverFadeProgress < 1 }

    /// How far the new cover has faded in: 0 when a refresh ends, 1 when its spring back rests.
    var coverFadeProgress: Double {
        guard let fade = coverFade else { return 1 }
        return min(1, max(0, (time - fade.start) / fade.duration))
    }

    private func drawHeader(into list: inout DisplayList) {
        let frames = headerFrames
        let fadeIn = coverFadeProgress
        // The new photo over the old one at its fade's opacity is a cross-fade, as the old one is
        // opaque; the titles cross-fade as text over the scrim.
        var covers = [(refreshes: refreshCount, photoOpacity: 1.0, titleOpacity: 1.0)]
        if let previous = coverFade?.previous, fadeIn < 1 {
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
        // The title fades out over the first half of the header's height as it scrolls away.
        let fade = headerHeight > 0 ? 1 - offset / (headerHeight * 0.5) : 1
        let opacity = min(1, max(0, fade))
        guard opacity > 0 else { return }
        let column = Rect(x: columnX, y: frames.container.minY, width: columnWidth, height: frames.container.height)
        for shown in covers where shown.titleOpacity > 0 {
            let title = titles[shown.refreshes % titles.count]
            let lineHeight = environment.text.size(of: title.lines[0], font: title.font).height
            var y = frames.container.maxY - 28 - Double(title.lines.count) * lineHeight
            for line in title.lines {
                list.text(line, font: title.font, at: Point(x: columnX, y: y), color: Theme.text, clip: column, opacity: opacity * shown.titleOpacity)
                y += lineHeight
            }
        }
    }
}
