import ParallaxEngine

/// Colours and fonts shared by the scenes, so they look like one app.
enum Theme {
    static let background = Color(r: 16, g: 18, b: 23)
    static let card = Color(r: 29, g: 32, b: 40)
    /// The bar's material: what scrolls under it blurred over about 12 px (text there becomes
    /// smudges) and darkened to a sixth of its brightness, so it never competes with the bar's text.
    static let barTint = Color(r: 18, g: 20, b: 26, a: 212)
    static let barBlur = 12.0
    static let barLine = Color(r: 255, g: 255, b: 255, a: 24)
    static let text = Color(r: 240, g: 242, b: 247)
    static let secondaryText = Color(r: 150, g: 158, b: 175)
    static let accent = Color(r: 94, g: 164, b: 255)
    /// The help and tuning panels: opaque, so nothing behind them competes with their text (every
    /// text colour on it is over 4.5:1, WCAG's minimum; PanelTests computes it).
    static let panel = Color(r: 12, g: 14, b: 20)

    /// The feed's caption and section fonts at 1280x800; `FeedScene` scales them (`ContentScale`).
    static let title = Font(size: 17, weight: .bold)
    static let subtitle = Font(size: 13)
    static let sectionHeader = Font(size: 13, weight: .bold)
}
