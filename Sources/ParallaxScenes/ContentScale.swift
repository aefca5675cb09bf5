import ParallaxEngine

/// How type and the content column grow in a window larger than 1280x800 (docs/layout.md, "The rule").
/// One pure function of the viewport; at 1280x800 and below both factors are 1 and every scene is
/// drawn as designed.
public struct ContentScale: Sendable, Equatable {
    /// The window the scenes' sizes were designed for.
    public static let reference = Size(width: 1280, height: 800)
    /// A 2560x1600 desktop display is seen from about one and a half times a laptop's distance, so
    /// type 1.5 times larger looks the size it does on the laptop; beyond that it only gets loud.
    public static let maxType = 1.5
    /// Past twice the reference width, a wider window gets wider margins, not wider photos.
    public static let maxWidth = 2.0

    /// Font sizes and the spacing tied to them: the smaller of the window's two ratios to the
    /// reference, so text grows only as far as the window grows both ways.
    public let type: Double
    /// The widest a scene's content may be: the width ratio alone, so a wide but short window
    /// still fills with photos (`FeedLayout`) while its type stays as designed.
    public let width: Double

    public init(viewport: Size) {
        let wide = viewport.width / Self.reference.width, tall = viewport.height / Self.reference.height
        type = Self.clamp(min(wide, tall), upTo: Self.maxType)
        width = Self.clamp(wide, upTo: Self.maxWidth)
    }

    /// 1 for a ratio at or below 1 (or not a number), `limit` above it.
    private static func clamp(_ ratio: Double, upTo limit: Double) -> Double {
        ratio.isFinite ? min(limit, max(1, ratio)) : 1
    }

    /// A length tied to type (a line's offset, a gap), in whole px: unchanged at type 1.
    public func scaled(_ length: Double) -> Double { (length * type).rounded() }

    /// A font at this scale, in whole px: unchanged at type 1.
    public func font(_ font: Font) -> Font { Font(size: scaled(font.size), weight: font.weight) }
}
