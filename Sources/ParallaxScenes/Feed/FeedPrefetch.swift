import ParallaxEngine

/// Which cells to decode ahead while the feed moves (docs/photo-folders.md, "Prefetch"): a fling's
/// landing is known in closed form at its release (`ScrollAxis.restingOffset`), so the cells shown
/// there come first, then the cells on the way, in the order they will come into view. Cells
/// visible now are drawn, so asked for anyway; cells passed are not listed (their decodes drop).
public enum FeedPrefetch {
    /// At most this many cells: a fling across the whole of a long feed need not queue thousands.
    public static let maxCells = 48

    /// Item indices, most urgent first; empty when the content will not move.
    public static func plan(_ layout: FeedLayout, from offset: Double, to landing: Double) -> [Int] {
        guard offset.isFinite, landing.isFinite, abs(landing - offset) >= 1 else { return [] }
        // Index ranges and one list reserved once (at most `maxCells` to search): this runs in
        // every frame of a fling.
        let now = layout.visibleItems(offset: offset)
        var order: [Int] = []
        order.reserveCapacity(maxCells)
        func add(_ index: Int) {
            if order.count < maxCells, !now.contains(index), !order.contains(index) { order.append(index) }
        }
        layout.visibleItems(offset: landing).forEach(add)
        // The way there, a viewport at a time from where the content is now, nearest first.
        let step = max(1, layout.viewport.height)
        let direction = landing > offset ? 1.0 : -1.0
        var at = offset
        while (landing - at) * direction > 0, order.count < maxCells {
            at = direction > 0 ? min(landing, at + step) : max(landing, at - step)
            let items = layout.visibleItems(offset: at)
            if direction > 0 { items.forEach(add) } else { items.reversed().forEach(add) }
        }
        return order
    }

    /// A fling from rest this fast is what the cells beside the view are made ready for
    /// (`neighbours`): the photo benchmark's, about the fastest a hand flings.
    public static let reachSpeed = 8_000.0

    /// With no fling to plan (at rest, or held by a pointer): the cells within a viewport
    /// above and below the view, each with the seconds a fling at `reachSpeed` takes to bring it
    /// into view, soonest first. With none listed at rest, the first card after every fling from
    /// rest came into view as a placeholder at 8,000 px/s (docs/photo-folders.md, "Prefetch").
    public static func neighbours(_ layout: FeedLayout, at offset: Double) -> [(index: Int, due: Double)] {
        guard offset.isFinite else { return [] }
        let viewport = layout.viewport.height
        let now = layout.visibleItems(offset: offset)
        let below = layout.visibleItems(offset: offset + viewport), above = layout.visibleItems(offset: max(0, offset - viewport))
        var listed: [(index: Int, due: Double)] = []
        listed.reserveCapacity(below.count + above.count)
        for index in below where !now.contains(index) {
            listed.append((index, max(0, layout.containerTop(ofItem: index) - (offset + viewport)) / reachSpeed))
        }
        for index in above where !now.contains(index) {
            listed.append((index, max(0, offset - cardBottom(index, layout)) / reachSpeed))
        }
        listed.sort { ($0.due, $0.index) < ($1.due, $1.index) }
        return listed
    }

    /// When, in seconds after `time`, each item comes into view as `axis` moves on (closed form,
    /// bisected to a millisecond: `ScrollAxis.secondsUntil`); 0 for one in view by then, `.infinity`
    /// for one never reached.
    public static func due(_ items: [Int], _ layout: FeedLayout, axis: ScrollAxis, at time: Double) -> [Double] {
        let viewport = layout.viewport.height
        let now = axis.offset(at: time), downwards = (axis.restingOffset ?? now) >= now
        return items.map { index in
            let top = layout.containerTop(ofItem: index), bottom = cardBottom(index, layout)
            return axis.secondsUntil(from: time) { offset in downwards ? offset + viewport > top : offset < bottom }
        }
    }

    /// The bottom of item `index`'s card (photo and caption) in content coordinates.
    private static func cardBottom(_ index: Int, _ layout: FeedLayout) -> Double {
        layout.containerTop(ofItem: index) + layout.photoHeight + layout.captionHeight
    }
}
