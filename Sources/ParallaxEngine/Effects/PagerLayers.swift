/// The pager's layers (docs/physics-and-effects.md, "Pager").
///
/// Pages of width `W` side by side, scrolled by `x`; the page fraction is `f = x / W`. A layer with
/// screen speed `k` on page `i` is centred at
///
///     centreX = W/2 + W * (i - f) * k
///
/// `k = 1` moves with the page, `k > 1` faster (text flying in), `k < 1` slower (a background).
public enum PagerLayers {
    public static func fraction(offset x: Double, pageWidth w: Double) -> Double {
        w > 0 ? x / w : 0
    }

    public static func centerX(page i: Int, fraction f: Double, pageWidth w: Double, speed k: Double) -> Double {
        w / 2 + w * (Double(i) - f) * k
    }

    /// The page the page control shows: `round(f)`.
    public static func currentPage(fraction f: Double, pageCount: Int) -> Int {
        guard pageCount > 0, f.isFinite else { return 0 }
        return min(pageCount - 1, max(0, Int(f.rounded())))
    }

    /// How wide a layer slower or faster than its page must be to cover the page while the page is
    /// on screen (`|i - f| <= 1`): it drifts by up to `W * |k - 1|` against the page on each side.
    public static func coveringWidth(pageWidth w: Double, speed k: Double) -> Double {
        w * (1 + 2 * abs(k - 1))
    }
}
