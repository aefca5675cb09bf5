/// The pager's page control (docs/physics-and-effects.md, "Pager"): a dot per page, and over them
/// an indicator that follows the swipe instead of jumping. Between pages `p` and `p + 1`, at page
/// fraction `f = p + u`, it runs from dot `start` to dot `end`:
///
///     start = p + max(0, 2u - 1),  end = p + min(1, 2u)
///
/// Its front reaches the next dot half-way, then its back follows: a single dot at rest, as long as
/// the gap between two dots mid-swipe, and its middle always at `f` (clamped to the pages while an
/// edge is overscrolled).
public enum PageIndicator {
    public static func span(fraction f: Double, pageCount n: Int) -> (start: Double, end: Double) {
        guard n > 1, f.isFinite else { return (0, 0) }
        let clamped = min(Double(n - 1), max(0, f))
        let p = min(Double(n - 2), clamped.rounded(.down)), u = clamped - p
        return (p + max(0, 2 * u - 1), p + min(1, 2 * u))
    }
}
