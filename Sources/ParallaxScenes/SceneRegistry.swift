import ParallaxEngine

/// A scene the playground holds: what the registry builds, and what the playground hands tuned values to.
public protocol PlaygroundScene: Traceable {
    var reducedMotion: Bool { get }
    /// The scroller the physics plot follows; nil (the default): none to plot.
    var plottedScroller: ScrollAxis? { get }
    /// Turns reduced motion on or off at `time`, the parallax easing to its new amount (`MotionEase`);
    /// at `-infinity`, at once (start-up).
    func setReducedMotion(_ on: Bool, at time: Double)
    /// Applies tuned values at once (the scene's own settings and the shared physics and rendering).
    func apply(_ settings: PlaygroundSettings)
    /// Whether a switch of the scene's that `action` toggles is on (the help panel shows it); nil
    /// (the default): the action is no switch of this scene's.
    func isOn(_ action: KeyAction) -> Bool?
}

extension PlaygroundScene {
    public var plottedScroller: ScrollAxis? { nil }
    public func isOn(_ action: KeyAction) -> Bool? { nil }
}

/// One scene of the playground: everything the tab bar, the keys, the help panel, the config file,
/// the tuning panel, `--scene`, `bench` and the window's photo requests know about it (docs/architecture.md, "Where to add").
public struct SceneEntry: Sendable {
    /// What a factory gets.
    public struct Context {
        public let viewport: Size
        public let options: SceneRegistry.Options
        /// The tab bar's height: content starts below it.
        public let topInset: Double
        public let environment: SceneEnvironment
    }

    /// The name on the command line, in scripts, in traces and as the config file's section.
    public let name: String
    public let tabTitle: String
    /// The key that shows the scene; nil: only Tab and the tab bar reach it.
    public let key: Key?
    /// The scene's own tunable numbers: its config section and its first tuning rows, in order.
    public let settings: [SceneSetting]
    /// `bench` flings across rather than down.
    public let scrollsHorizontally: Bool
    /// The window asks for them all at start, decoded in the background (headless frames decode each
    /// photo when first drawn).
    public let images: [PhotoID]
    public let make: @Sendable (Context) -> any PlaygroundScene

    public init(name: String, tabTitle: String, key: Key?, settings: [SceneSetting] = [], scrollsHorizontally: Bool = false,
                images: [PhotoID] = [], make: @escaping @Sendable (Context) -> any PlaygroundScene) {
        self.name = name
        self.tabTitle = tabTitle
        self.key = key
        self.settings = settings
        self.scrollsHorizontally = scrollsHorizontally
        self.images = images
        self.make = make
    }
}

/// One tunable number of a scene, declared once: its config field, range, default and tuning row.
public struct SceneSetting: Sendable, Hashable {
    /// The config file's section: the scene's name.
    public let section: String
    public let field: String
    public let label: String
    public let defaultValue: Double
    public let range: ClosedRange<Double>
    /// One press of − or + in the tuning panel.
    public let step: Double
    /// How the panel shows the value (`String(format:)`).
    public let format: String

    public init(section: String, field: String, label: String, defaultValue: Double, range: ClosedRange<Double>, step: Double, format: String) {
        self.section = section
        self.field = field
        self.label = label
        self.defaultValue = defaultValue
        self.range = range
        self.step = step
        self.format = format
    }
}

/// The scenes the playground offers, in tab order.
public struct SceneRegistry: Sendable {
    public private(set) var entries: [SceneEntry]

    public init(_ entries: [SceneEntry]) {
        self.entries = entries
    }

    /// Adds a scene after the others.
    public mutating func register(_ entry: SceneEntry) {
        entries.append(entry)
    }

    public var names: [String] { entries.map(\.name) }

    /// The scenes' keys and names for `Keymap`, in tab order.
    public var keymapScenes: [Keymap.Scene] { entries.map { ($0.key, $0.name) } }

    public func entry(named name: String) -> SceneEntry? {
        entries.first { $0.name == name }
    }

    /// Every scene's images, each once, in the scenes' order.
    public var images: [PhotoID] {
        var seen = Set<PhotoID>()
        return entries.flatMap(\.images).filter { seen.insert($0).inserted }
    }

    /// Base settings of the built-in scenes, before the tunable values.
    public struct Options: Sendable {
        public var feed = FeedSettings()
        public var header = HeaderSettings()
        public var pager = PagerSettings()
        /// The tunable values (`--config`); they override the matching ones above.
        public var settings = PlaygroundSettings()
        /// The wall clock at the scenes' time 0: the local time in the window, a script's in captures.
        public var clockAtStart = TimeOfDay.scriptDefault
        /// Slow motion from the start (`Playground.timeScales`; `--time-scale`).
        public var timeScale = 1.0
        /// Compare mode from the start: the physics model of the second pane (`--compare a,b`).
        public var compare: String?
        public init() {}
    }

    /// The playground showing `first`; nil for a name not in `names`.
    public func make(_ first: String, viewport: Size, options: Options = Options(), environment: SceneEnvironment) -> Playground? {
        guard names.contains(first) else { return nil }
        return Playground(viewport: viewport, first: first, options: options, registry: self, environment: environment)
    }

    public static let standard = SceneRegistry([
        SceneEntry(name: "feed", tabTitle: "Feed", key: .one, settings: [.feedMaxShift], images: PhotoLibrary.photos.map(\.image)) { c in
            var settings = c.options.feed
            settings.topInset = c.topInset
            return FeedScene(viewport: c.viewport, settings: settings, environment: c.environment)
        },
        SceneEntry(name: "header", tabTitle: "Header", key: .two, settings: [.headerRefreshThreshold],
                   images: HeaderArticle.covers.map(\.photo.image)) { c in
            HeaderScene(viewport: c.viewport, settings: c.options.header, topInset: c.topInset, clockAtStart: c.options.clockAtStart,
                        environment: c.environment)
        },
        SceneEntry(name: "pager", tabTitle: "Pager", key: .three,
                   settings: [.pagerBackgroundSpeed, .pagerHeaderSpeed, .pagerParagraphSpeed], scrollsHorizontally: true,
                   images: PagerContent.pages.map(\.photo.image)) { c in
            PagerScene(viewport: c.viewport, settings: c.options.pager, topInset: c.topInset, environment: c.environment)
        },
    ])
}
