import ParallaxEngine

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

    init(_ settings: PlaygroundSettings) {
        self.init(wholePixels: settings.wholePixels, oneFrameLate: settings.oneFrameLate)
    }
}

/// Where a scene draws from at the frame's time: its scroller's offset as the rendering options
/// make it, and the offset its parallax is computed from.
public struct ScrollPosition: Sendable {
    public var rendering = RenderingOptions()
    public private(set) var time = 0.0
    /// The offset the content is drawn at.
    public private(set) var offset = 0.0
    /// This frame's offset, or the previous frame's when parallax runs a frame late.
    public private(set) var parallaxOffset = 0.0

    public init() {}

    mutating func update(_ axis: ScrollAxis, to time: Double) {
        self.time = time
        let previous = offset
        let raw = axis.offset(at: time)
        offset = rendering.wholePixels ? raw.rounded() : raw
        parallaxOffset = rendering.oneFrameLate ? previous : offset
    }

    /// After the scroller jumped (a resize): drawn and parallax offsets at once, no lag to show.
    mutating func jump(_ axis: ScrollAxis, at time: Double) {
        offset = axis.offset(at: time)
        parallaxOffset = offset
    }

    /// For the trace: the scroller's state on its axis.
    func state(of axis: ScrollAxis, horizontal: Bool) -> ScrollState {
        let v = axis.velocity(at: time)
        return ScrollState(offset: horizontal ? Point(x: offset, y: 0) : Point(x: 0, y: offset),
                           velocity: horizontal ? Point(x: v, y: 0) : Point(x: 0, y: v), phase: axis.phase(at: time))
    }
}
