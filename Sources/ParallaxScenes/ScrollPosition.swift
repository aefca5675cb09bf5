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

/// What a scene draws from: the frame's one read-only sample of its scroller, the offset the
/// content is drawn at as the rendering options make it, and the offset its parallax is computed
/// from. Drawing and the trace read this, never the live axis.
public struct ScrollPosition: Sendable {
    public var rendering = RenderingOptions()
    /// The scroller at the frame's time.
    public private(set) var sample = ScrollSample(time: 0, offset: 0, velocity: 0, phase: .idle)
    /// The offset the content is drawn at.
    public private(set) var offset = 0.0
    /// This frame's offset, or the previous frame's when parallax runs a frame late.
    public private(set) var parallaxOffset = 0.0

    public init() {}

    public var time: Double { sample.time }

    mutating func update(_ axis: ScrollAxis, to time: Double) {
        let previous = offset
        sample = axis.sample(at: time)
        offset = rendering.wholePixels ? sample.offset.rounded() : sample.offset
        parallaxOffset = rendering.oneFrameLate ? previous : offset
    }

    /// After the scroller jumped (a resize): drawn and parallax offsets at once, no lag to show.
    mutating func jump(_ axis: ScrollAxis, at time: Double) {
        sample = axis.sample(at: time)
        offset = sample.offset
        parallaxOffset = offset
    }

    /// For the trace: the sample on its axis, at the drawn offset.
    func state(horizontal: Bool) -> ScrollState {
        let v = sample.velocity
        return ScrollState(offset: horizontal ? Point(x: offset, y: 0) : Point(x: 0, y: offset),
                           velocity: horizontal ? Point(x: v, y: 0) : Point(x: 0, y: v), phase: sample.phase)
    }
}
