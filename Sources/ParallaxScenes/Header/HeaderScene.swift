import ParallaxEngine

/// A 2:1 header photo over an article: the photo scrolls at half speed and stretches when pulled
/// past the top (seeds 001 and 003); or, with pull-to-refresh on, reveals a spinner instead.
public final class HeaderScene: Traceable {
    public let name = "header"
    public private(set) var viewport: Size
    public private(set) var scroller = ScrollAxis()
    public private(set) var offset: Double = 0
    public var settings: HeaderSettings
    public var reducedMotion = false
    /// The band the tab bar covers: the header runs under it, the title stays clear of it.
    public var topInset: Double
    private let environment: SceneEnvironment
    private var article: [ArticleLine] = []
    public private(set) var time = 0.0

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

    public init(viewport: Size, settings: HeaderSettings = HeaderSettings(), topInset: Double = 0, environment: SceneEnvironment) {
        self.viewport = viewport
        self.settings = settings
        self.topInset = topInset
        self.environment = environment
        relayout(at: 0)
    }

    public var headerHeight: Double { settings.aspect > 0 ? viewport.width / settings.aspect : 0 }
    var columnWidth: Double { max(0, min(settings.maxColumnWidth, viewport.width - 48)) }
    var columnX: Double { ((viewport.width - columnWidth) / 2).rounded() }

    /// The header's container and image on screen now (`StretchyHeader`).
    public var headerFrames: StretchyHeader.Frames {
        StretchyHeader.frames(offset: offset, width: viewport.width, aspect: settings.aspect,
                              speed: reducedMotion ? 1 : settings.imageSpeed,
                              stretches: !reducedMotion && !settings.pullToRefresh)
    }

    private func relayout(at time: Double) {
        let text = environment.text
        var lines: [ArticleLine] = []
        var y = headerHeight + 36
        func add(_ string: String, _ font: Font, _ color: Color, spacing: Double) {
            for line in TextLayout.wrap(string, font: font, width: columnWidth, measurer: text) {
                lines.append(ArticleLine(text: line, font: font, color: color, y: y))
                y += (text.size(of: line, font: font).height * spacing).rounded()
            }
        }
        add(HeaderArticle.headline, Self.headlineFont, Theme.text, spacing: 1.25)
        y += 6
        add(HeaderArticle.byline, Self.bylineFont, Theme.secondaryText, spacing: 1.4)
        y += 18
        for paragraph in HeaderArticle.paragraphs {
            add(paragraph, Self.bodyFont, Theme.text.withAlpha(230), spacing: 1.55)
            y += 14
        }
        article = lines
        scroller.setExtent(viewport: viewport.height, content: y + 48, at: time)
    }

    public func handle(_ event: InputEvent, at time: Double) {
        guard event.isFinite else { return }
        if scroller.handleVertical(event, pageStep: max(0, viewport.height - topInset) * 0.9, at: time) { return }
        switch event {
        case .key(.r, _):
            settings.pullToRefresh.toggle()
        case let .resize(size):
            // The article moves with the header's new height; keep the reading position in proportion.
            let progress = scroller.maxOffset > 0 ? scroller.offset(at: time) / scroller.maxOffset : 0
            viewport = size
            relayout(at: time)
            scroller.scroll(to: progress * scroller.maxOffset, animated: false, at: time)
            offset = scroller.offset(at: time)
        default:
            break
        }
    }

    public func update(to time: Double) {
        self.time = time
        offset = scroller.offset(at: time)
    }

    public var scrollState: ScrollState {
        ScrollState(offset: Point(x: 0, y: offset), velocity: Point(x: 0, y: scroller.velocity(at: time)), phase: scroller.phase(at: time))
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
        for line in article {
            let y = line.y - offset
            guard y < viewport.height, y + line.font.size * 2 > 0 else { continue }
            list.text(line.text, font: line.font, at: Point(x: columnX, y: y), color: line.color)
        }
    }

    private func drawHeader(into list: inout DisplayList) {
        let frames = headerFrames
        let photo = HeaderArticle.photo
        let source = aspectFillSource(imageSize: environment.images.pixelSize(of: photo.image) ?? frames.image.size,
                                      box: frames.image.size, focusY: photo.focusY)
        list.image(photo.image, source: source, destination: frames.image, clip: frames.clipped ? frames.container : nil)
        // A scrim keeps the title legible over any photo.
        let scrimHeight = frames.container.height * 0.45
        list.fillVerticalFade(Rect(x: 0, y: frames.container.maxY - scrimHeight, width: viewport.width, height: scrimHeight),
                              to: Color(r: 8, g: 10, b: 16, a: 190), clip: frames.container)
        // The title fades out over the first half of the header's height as it scrolls away.
        let fade = headerHeight > 0 ? 1 - offset / (headerHeight * 0.5) : 1
        let opacity = min(1, max(0, fade))
        guard opacity > 0 else { return }
        let size = environment.text.size(of: HeaderArticle.title, font: Self.titleFont)
        list.text(HeaderArticle.title, font: Self.titleFont,
                  at: Point(x: columnX, y: frames.container.maxY - size.height - 28), color: Theme.text, opacity: opacity)
    }
}
