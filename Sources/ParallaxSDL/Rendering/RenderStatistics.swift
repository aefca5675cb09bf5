import ParallaxEngine

/// What one `DisplayListRenderer.render` did, for `bench`: returned with the frame, not kept on the renderer.
public struct RenderStatistics: Sendable {
    /// Seconds spent on backdrops (`bench`'s bar material row): their whole work but the one linear
    /// copy each queues for the GPU, which a frame's flush draws with the rest.
    public var backdropSeconds = 0.0
    /// The images drawn, and those of them drawn as placeholders (`bench --photos`).
    public var drawnImages: Set<PhotoID> = []
    public var placeholders: Set<PhotoID> = []
    /// The photos drawn fading in over their placeholders: drawn again, their frame changes
    /// (`DisplayListRenderer.lastDrawIsCurrent`).
    public var fadingPhotos: Set<PhotoID> = []

    public init() {}
}
