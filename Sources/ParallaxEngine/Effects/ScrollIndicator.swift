/// The scroll indicator of a vertical scroller (docs/physics-and-effects.md, "Scroll indicator"), as iOS draws it:
/// a thumb along a track whose length is the viewport's share of the content (at least
/// `minLength`), squeezed by the overshoot while the content is rubber-banded past an edge (down to
/// `squeezedLength`, pinned to that end), shown while the content moves and fading out after.
public enum ScrollIndicator {
    /// The thumb's start (from the track's start) and length, in px; nil when everything fits.
    public static func thumb(offset: Double, viewport: Double, content: Double, track: Double,
                             minLength: Double, squeezedLength: Double) -> (start: Double, length: Double)? {
        guard content > viewport, viewport > 0, track > 0, offset.isFinite else { return nil }
        let maxOffset = content - viewport
        let natural = min(track, max(minLength, track * viewport / content))
        let overshoot = offset < 0 ? -offset : max(0, offset - maxOffset)
        let length = max(min(natural, squeezedLength), natural - overshoot)
        if offset > maxOffset { return (track - length, length) }
        return (max(0, offset) / maxOffset * (track - natural), length)
    }

    /// The offset that puts the thumb's start at `start` along the track (dragging the thumb):
    /// the inverse of `thumb` within the range, clamped to it.
    public static func offset(thumbStart start: Double, viewport: Double, content: Double, track: Double, minLength: Double) -> Double {
        guard content > viewport, viewport > 0 else { return 0 }
        let natural = min(track, max(minLength, track * viewport / content))
        let travel = track - natural
        guard travel > 0 else { return 0 }
        return min(1, max(0, start / travel)) * (content - viewport)
    }

    /// Fully shown until `hold` seconds after the content came to rest (`ScrollAxis.restingSince`),
    /// then fading linearly to 0 over `fade` seconds.
    public static func opacity(at time: Double, restingSince rest: Double, hold: Double = 0.6, fade: Double = 0.3) -> Double {
        let elapsed = time - rest - hold
        guard elapsed > 0 else { return 1 }
        return fade > 0 ? max(0, 1 - elapsed / fade) : 0
    }
}
