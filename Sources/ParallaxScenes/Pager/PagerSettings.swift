/// The pager's tunable values (docs/physics-and-effects.md, "Pager").
public struct PagerSettings: Sendable, Equatable {
    /// Screen speeds of the layers relative to the scroll (`PagerLayers`).
    public var backgroundSpeed = 0.6
    public var headerSpeed = 1.5
    public var paragraphSpeed = 2.0
    /// Space between the header's bottom and the paragraph's top.
    public var paragraphGap = 20.0
    /// Paragraph width as a fraction of the page.
    public var paragraphWidth = 2.0 / 3.0
    public var maxParagraphWidth = 760.0
    public init() {}
}

extension SceneSetting {
    /// The layers' speeds share one range.
    static func pagerSpeed(_ field: String, _ label: String, _ defaultValue: Double) -> SceneSetting {
        SceneSetting(section: "pager", field: field, label: label, defaultValue: defaultValue, range: -2...4, step: 0.1, format: "%.1f")
    }
    public static let pagerBackgroundSpeed = pagerSpeed("backgroundSpeed", "Background speed", PagerSettings().backgroundSpeed)
    public static let pagerHeaderSpeed = pagerSpeed("headerSpeed", "Headline speed", PagerSettings().headerSpeed)
    public static let pagerParagraphSpeed = pagerSpeed("paragraphSpeed", "Paragraph speed", PagerSettings().paragraphSpeed)
}
