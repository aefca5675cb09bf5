/// Android 12's stretch edge as Android draws it (AOSP `libs/hwui/effects/StretchEffect.cpp`): past
/// an edge the content is not moved but held at that edge and scaled along the axis about it, by
/// `1 + overscroll / length`, so the pulled edge stays put, the content spreads away from it and
/// the far edge of the viewport shows the content `overscroll` px further in, as a move would
/// (docs/physics-models.md, "The edges"). Android's shader stretches rows nearer the pulled edge a
/// little more; here the scale is uniform.
public struct EdgeStretch: Sendable, Equatable {
    /// The offset the content is drawn at: the edge it is past.
    public let offset: Double
    /// The pulled edge on screen, along the axis: the scale is about it.
    public let pivot: Double
    public let scale: Double
    public let horizontal: Bool

    /// The stretch of an axis at `offset` with edges 0 and `maxOffset`, its viewport `length` long
    /// from `start` on screen; nil within the edges.
    public init?(offset: Double, maxOffset: Double, length: Double, start: Double = 0, horizontal: Bool = false) {
        guard length > 0, offset.isFinite else { return nil }
        if offset < 0 {
            (self.offset, pivot, scale) = (0, start, 1 - offset / length)
        } else if offset > maxOffset {
            (self.offset, pivot, scale) = (maxOffset, start + length, 1 + (offset - maxOffset) / length)
        } else {
            return nil
        }
        self.horizontal = horizontal
    }

    /// Where a coordinate along the axis, drawn at the edge, shows stretched.
    public func apply(_ position: Double) -> Double { pivot + (position - pivot) * scale }

    public func apply(_ point: Point) -> Point {
        horizontal ? Point(x: apply(point.x), y: point.y) : Point(x: point.x, y: apply(point.y))
    }

    public func apply(_ rect: Rect) -> Rect {
        horizontal
            ? Rect(x: apply(rect.minX), y: rect.minY, width: rect.width * scale, height: rect.height)
            : Rect(x: rect.minX, y: apply(rect.minY), width: rect.width, height: rect.height * scale)
    }
}

extension DisplayList {
    /// Stretches the commands from `index` on (`EdgeStretch`): fills, gradients, images and their
    /// clips scale; a text run and a disc move with their origin and keep their size (a glyph scaled
    /// by a few percent would only blur).
    public mutating func stretch(commandsFrom index: Int, _ stretch: EdgeStretch) {
        for i in index..<commands.count {
            switch commands[i] {
            case var .fill(f): f.rect = stretch.apply(f.rect); f.clip = f.clip.map(stretch.apply); commands[i] = .fill(f)
            case var .gradient(g): g.rect = stretch.apply(g.rect); g.clip = g.clip.map(stretch.apply); commands[i] = .gradient(g)
            case var .image(q): q.destination = stretch.apply(q.destination); q.clip = q.clip.map(stretch.apply); commands[i] = .image(q)
            case var .text(t): t.origin = stretch.apply(t.origin); t.clip = t.clip.map(stretch.apply); commands[i] = .text(t)
            case var .disc(d): d.center = stretch.apply(d.center); d.clip = d.clip.map(stretch.apply); commands[i] = .disc(d)
            case var .backdrop(b): b.rect = stretch.apply(b.rect); commands[i] = .backdrop(b)
            }
        }
    }
}
