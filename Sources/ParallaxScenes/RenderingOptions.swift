/// How the playground turns scroll offsets into drawing positions (tuning panel switches).
public struct RenderingOptions: Sendable, Equatable {
    /// Draw at whole-pixel offsets (no sub-pixel motion).
    public var wholePixels = false
    /// Compute parallax from the previous frame's offset, to show the lag it causes.
    public var oneFrameLate = false

    public init(wholePixels: Bool = false, oneFrameLate: Bool = false) {
        self.wholePixels = wholePixels
        self.oneFrameLate = oneFrameLate
    }

    /// This frame's drawing offset, and the one to compute parallax from.
    func offsets(_ raw: Double, previous: Double) -> (offset: Double, parallax: Double) {
        let offset = wholePixels ? raw.rounded() : raw
        return (offset, oneFrameLate ? previous : offset)
    }
}
