/// The header scene's tunable values (docs/physics-and-effects.md, "Header").
public struct HeaderSettings: Sendable, Equatable {
    /// Header width / height.
    public var aspect = 2.0
    /// The image's screen speed while the header scrolls away (0.5: half speed).
    public var imageSpeed = 0.5
    /// Pull-to-refresh instead of stretching (key R).
    public var pullToRefresh = false
    /// How far past the top a release must be to refresh, and where the content is held meanwhile.
    public var refreshThreshold = 80.0
    public var refreshDuration = 1.5
    public var maxColumnWidth = 720.0
    public init() {}
}

extension SceneSetting {
    public static let headerRefreshThreshold = SceneSetting(section: "header", field: "refreshThreshold", label: "Refresh threshold",
                                                            defaultValue: HeaderSettings().refreshThreshold, range: 20...400, step: 10, format: "%.0f px")
}
