import Foundation

/// Text over photos (docs/physics-and-effects.md, "Pager"): WCAG 2's contrast ratio, and the least
/// scrim that gives light text that ratio over a region of a photo.
///
///     L = 0.2126 R + 0.7152 G + 0.0722 B,  each channel linearised from sRGB
///     contrast = (L_light + 0.05) / (L_dark + 0.05)
///     behind(a) = c + (s - c) a      (scrim s at alpha a over the region's colour c, per channel)
///
/// `scrimAlpha` is the least `a` with contrast(text over behind(a), behind(a)) >= ratio, bisected:
/// the contrast only grows with `a` while the scrim is darker than the photo and the text.
public enum Legibility {
    /// WCAG 2's minimum for body text (AA).
    public static let minimumContrast = 4.5

    /// WCAG 2's relative luminance of sRGB channels in levels (0...255).
    public static func relativeLuminance(_ r: Double, _ g: Double, _ b: Double) -> Double {
        func linear(_ v: Double) -> Double {
            let s = v / 255
            return s <= 0.03928 ? s / 12.92 : pow((s + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b)
    }

    public static func relativeLuminance(_ c: Color) -> Double { relativeLuminance(Double(c.r), Double(c.g), Double(c.b)) }

    /// Of two opaque colours, the lighter's luminance over the darker's, each plus 0.05 (1...21).
    public static func contrastRatio(_ a: Color, _ b: Color) -> Double {
        ratio(relativeLuminance(a), relativeLuminance(b))
    }

    /// The least alpha (0...1) of `scrim` over `background` at which `text`, blended at its own alpha
    /// over the scrimmed colour, reaches `ratio` against it; 1 if no alpha does.
    public static func scrimAlpha(text: Color, over background: Color, scrim: Color, ratio wanted: Double = minimumContrast) -> Double {
        func contrast(_ a: Double) -> Double {
            func behind(_ c: UInt8, _ s: UInt8) -> Double { Double(c) + (Double(s) - Double(c)) * a }
            let under = (behind(background.r, scrim.r), behind(background.g, scrim.g), behind(background.b, scrim.b))
            let k = Double(text.a) / 255
            func ink(_ t: UInt8, _ u: Double) -> Double { u + (Double(t) - u) * k }
            return ratio(relativeLuminance(ink(text.r, under.0), ink(text.g, under.1), ink(text.b, under.2)),
                         relativeLuminance(under.0, under.1, under.2))
        }
        if contrast(0) >= wanted { return 0 }
        guard contrast(1) >= wanted else { return 1 }
        var (lo, hi) = (0.0, 1.0)
        for _ in 0..<24 {
            let mid = (lo + hi) / 2
            if contrast(mid) >= wanted { hi = mid } else { lo = mid }
        }
        return hi
    }

    private static func ratio(_ l1: Double, _ l2: Double) -> Double { (max(l1, l2) + 0.05) / (min(l1, l2) + 0.05) }
}
