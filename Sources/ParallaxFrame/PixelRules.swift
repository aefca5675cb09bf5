import ParallaxEngine

/// Where a display list's commands land on pixels, which every renderer keeps and the CPU composite
/// of a backdrop (`BackdropBlur`) repeats, so both give the same frame.
public enum PixelRules {
    /// An image not ready yet: a flat panel; one that cannot be shown: the panel with a cross in the mark's colour.
    public static let placeholderFill = Color(r: 58, g: 63, b: 75)
    public static let placeholderMark = Color(r: 110, g: 118, b: 135)

    /// A clip as SDL applies it: its edges on whole logical pixels (SDL clips on integers); contents
    /// stay sub-pixel. A backdrop cuts what it composites the same way (`BackdropBlur`).
    public static func pixelClip(_ clip: Rect) -> Rect {
        let x0 = clip.minX.rounded(), y0 = clip.minY.rounded()
        return Rect(x: x0, y: y0, width: max(0, clip.maxX.rounded() - x0), height: max(0, clip.maxY.rounded() - y0))
    }

    /// A colour's alpha times an opacity, as the level a renderer is given.
    public static func alpha(_ a: UInt8, _ opacity: Double) -> UInt8 {
        UInt8(max(0, min(255, (Double(a) * opacity).rounded())))
    }
}
