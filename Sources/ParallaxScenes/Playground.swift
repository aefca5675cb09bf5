import ParallaxEngine

/// The app: the three scenes under a tab bar. Each scene keeps its own scroll state; keys 1, 2, 3
/// and Tab (Shift+Tab back) or a click on a tab switch; M toggles reduced motion everywhere.
public final class Playground: Traceable {
    public let feed: FeedScene
    public let header: HeaderScene
    public let pager: PagerScene
    public let scenes: [Traceable]
    public private(set) var activeIndex: Int
    public private(set) var viewport: Size
    public private(set) var reducedMotion = false
    private let environment: SceneEnvironment
    /// A press that began on the tab bar: its moves and release are not the scene's.
    private var pressOnBar = false

    public static let barHeight = 56.0
    static let tabFont = Font(size: 15, weight: .bold)
    static let appTitleFont = Font(size: 16, weight: .bold)
    static let hintFont = Font(size: 12)
    static let tabTitles = ["Feed", "Header", "Pager"]

    public var active: Traceable { scenes[activeIndex] }
    public var scrollState: ScrollState { active.scrollState }
    public var contentSummary: String { active.contentSummary }

    public var traceGeometry: [String: JSONValue] { active.traceGeometry }
    public var name: String { active.name }

    public init(viewport: Size, first: String = "feed", options: SceneCatalog.Options = .init(), environment: SceneEnvironment) {
        self.viewport = viewport
        self.environment = environment
        var feedSettings = options.feed
        feedSettings.topBarHeight = Self.barHeight
        feed = FeedScene(viewport: viewport, settings: feedSettings, environment: environment)
        header = HeaderScene(viewport: viewport, settings: options.header, topInset: Self.barHeight, environment: environment)
        pager = PagerScene(viewport: viewport, settings: options.pager, topInset: Self.barHeight, environment: environment)
        scenes = [feed, header, pager]
        activeIndex = scenes.firstIndex { $0.name == first } ?? 0
        setReducedMotion(options.reducedMotion)
    }

    public func setReducedMotion(_ on: Bool) {
        reducedMotion = on
        feed.reducedMotion = on
        header.reducedMotion = on
        pager.reducedMotion = on
    }

    public func select(_ index: Int) {
        activeIndex = (index % scenes.count + scenes.count) % scenes.count
    }

    public func handle(_ event: InputEvent, at time: Double) {
        guard event.isFinite else { return }
        switch event {
        case let .key(key, shift):
            switch key {
            case .one: select(0)
            case .two: select(1)
            case .three: select(2)
            case .tab: select(activeIndex + (shift ? -1 : 1))
            case .m: setReducedMotion(!reducedMotion)
            default: active.handle(event, at: time)
            }
        case let .resize(size):
            viewport = size
            for scene in scenes { scene.handle(event, at: time) }
        case let .mouseDown(p) where p.y < Self.barHeight:
            pressOnBar = true
            if let tab = tabFrames().firstIndex(where: { $0.contains(p) }) { select(tab) }
        case .mouseMove, .mouseUp:
            if pressOnBar {
                if case .mouseUp = event { pressOnBar = false }
                return
            }
            active.handle(event, at: time)
        default:
            active.handle(event, at: time)
        }
    }

    public func update(to time: Double) {
        active.update(to: time)
    }

    public func draw(into list: inout DisplayList) {
        active.draw(into: &list)
        drawBar(into: &list)
    }

    /// The tabs' hit and highlight areas, centred in the bar.
    func tabFrames() -> [Rect] {
        let widths = Self.tabTitles.map { environment.text.size(of: $0, font: Self.tabFont).width + 36 }
        var x = ((viewport.width - widths.reduce(0, +)) / 2).rounded()
        return widths.map { w in
            defer { x += w }
            return Rect(x: x, y: 0, width: w, height: Self.barHeight)
        }
    }

    private func drawBar(into list: inout DisplayList) {
        let bar = Rect(x: 0, y: 0, width: viewport.width, height: Self.barHeight)
        list.fill(bar, Theme.bar)
        list.fill(Rect(x: 0, y: bar.maxY - 1, width: viewport.width, height: 1), Theme.barLine)
        let text = environment.text
        let title = "Parallax Playground"
        let titleSize = text.size(of: title, font: Self.appTitleFont)
        let frames = tabFrames()
        // Side texts give way to the tabs on narrow windows.
        if 20 + titleSize.width + 16 < frames.first?.minX ?? 0 {
            list.text(title, font: Self.appTitleFont, at: Point(x: 20, y: ((bar.height - titleSize.height) / 2).rounded()), color: Theme.text)
        }
        for (i, frame) in frames.enumerated() {
            let label = Self.tabTitles[i]
            let size = text.size(of: label, font: Self.tabFont)
            let selected = i == activeIndex
            list.text(label, font: Self.tabFont, at: Point(x: frame.midX - size.width / 2, y: ((bar.height - size.height) / 2).rounded()),
                      color: selected ? Theme.text : Theme.secondaryText)
            if selected {
                list.fill(Rect(x: frame.minX + 12, y: bar.maxY - 4, width: frame.width - 24, height: 3), Theme.accent)
            }
        }
        let hint = reducedMotion ? "Reduced motion  ·  M" : "1 2 3 · Tab  ·  M: reduced motion"
        let hintSize = text.size(of: hint, font: Self.hintFont)
        if viewport.width - 20 - hintSize.width > (frames.last?.maxX ?? 0) + 16 {
            list.text(hint, font: Self.hintFont, at: Point(x: viewport.width - 20 - hintSize.width, y: ((bar.height - hintSize.height) / 2).rounded()),
                      color: reducedMotion ? Theme.accent : Theme.secondaryText)
        }
    }
}
