import ParallaxEngine

/// The scenes the playground offers, by the names the command line and scripts use.
public enum SceneCatalog {
    public static let names = ["feed"]

    public struct Options: Sendable {
        public var feed = FeedSettings()
        public init() {}
    }

    /// nil for a name not in `names`.
    public static func make(_ name: String, viewport: Size, options: Options = Options(), environment: SceneEnvironment) -> Scene? {
        switch name {
        case "feed": FeedScene(viewport: viewport, settings: options.feed, environment: environment)
        default: nil
        }
    }
}
