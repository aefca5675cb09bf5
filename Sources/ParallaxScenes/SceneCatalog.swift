import ParallaxEngine

/// The scenes the playground offers, by the names the command line and scripts use.
public enum SceneCatalog {
    public static let names = ["feed", "header", "pager"]

    public struct Options: Sendable {
        public var feed = FeedSettings()
        public var header = HeaderSettings()
        public var pager = PagerSettings()
        /// The tunable values (`--config`); they override the matching ones above.
        public var settings = PlaygroundSettings()
        public init() {}
    }

    /// The playground showing `first`; nil for a name not in `names`.
    public static func make(_ first: String, viewport: Size, options: Options = Options(), environment: SceneEnvironment) -> Playground? {
        guard names.contains(first) else { return nil }
        return Playground(viewport: viewport, first: first, options: options, environment: environment)
    }
}
