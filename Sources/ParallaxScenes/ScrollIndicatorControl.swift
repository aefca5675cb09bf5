import ParallaxEngine

/// The feed's and the header's scroll indicator (`ScrollIndicator`): a capsule at the window's right
/// edge, between the bar and the bottom, drawn from the frame's sample; a press on it while it shows
/// drags it, and the content follows (thumb travel mapped onto the offset range).
struct ScrollIndicatorControl {
    static let thickness = 6.0
    static let edgeInset = 3.0
    static let minLength = 36.0
    /// How far left of the thumb a press still grabs it: a 6 px target is hard to hit.
    static let grabSlack = 10.0
    static let color = Color(r: 205, g: 209, b: 219)
    static let shownOpacity = 0.75

    /// Where the press started and the offset then, while the thumb is dragged.
    private var drag: (pointer: Double, offset: Double)?

    var isDragging: Bool { drag != nil }

    /// The track along the right edge, from `top` (below the bar) to the bottom.
    static func track(viewport: Size, top: Double) -> Rect {
        Rect(x: viewport.width - edgeInset - thickness, y: top + edgeInset, width: thickness,
             height: max(0, viewport.height - top - 2 * edgeInset))
    }

    static func thumb(_ axis: ScrollAxis, offset: Double, track: Rect) -> Rect? {
        ScrollIndicator.thumb(offset: offset, viewport: axis.viewportLength, content: axis.contentLength, track: track.height,
                              minLength: minLength, squeezedLength: thickness)
            .map { Rect(x: track.minX, y: track.minY + $0.start, width: track.width, height: $0.length) }
    }

    func opacity(_ axis: ScrollAxis, at time: Double) -> Double {
        isDragging ? 1 : ScrollIndicator.opacity(at: time, restingSince: axis.restingSince(at: time))
    }

    /// Whether a press at `p` would take the thumb (the scene shows a hand there). Not while the
    /// content is past an edge (a bounce, a refresh's hold): grabbing it there would jump the content
    /// into range.
    func grabs(_ p: Point, axis: ScrollAxis, viewport: Size, top: Double, at time: Double) -> Bool {
        let offset = axis.offset(at: time)
        guard opacity(axis, at: time) > 0, offset >= 0, offset <= axis.maxOffset,
              let thumb = Self.thumb(axis, offset: offset, track: Self.track(viewport: viewport, top: top)) else { return false }
        return p.x >= thumb.minX - Self.grabSlack && p.x <= viewport.width && p.y >= thumb.minY && p.y <= thumb.maxY
    }

    /// The scene's cursor at `p`: a hand over the thumb a press would take, and all through its drag.
    func cursor(at p: Point, axis: ScrollAxis, viewport: Size, top: Double, at time: Double) -> CursorKind {
        isDragging || grabs(p, axis: axis, viewport: viewport, top: top, at: time) ? .hand : .arrow
    }

    /// Takes presses on the shown thumb, and the moves and release of a drag that began there;
    /// true when it took the event.
    mutating func handle(_ event: InputEvent, axis: inout ScrollAxis, viewport: Size, top: Double, at time: Double) -> Bool {
        let track = Self.track(viewport: viewport, top: top)
        switch event {
        case let .mouseDown(p):
            guard grabs(p, axis: axis, viewport: viewport, top: top, at: time) else { return false }
            // Caught mid-motion, the content stops where it is shown.
            let offset = axis.offset(at: time)
            axis.scroll(to: offset, animated: false, at: time)
            drag = (p.y, offset)
            return true
        case let .mouseMove(p), let .mouseUp(p):
            guard let drag else { return false }
            let natural = ScrollIndicator.thumb(offset: drag.offset, viewport: axis.viewportLength, content: axis.contentLength,
                                                track: track.height, minLength: Self.minLength, squeezedLength: Self.thickness)?.start ?? 0
            let target = ScrollIndicator.offset(thumbStart: natural + p.y - drag.pointer, viewport: axis.viewportLength,
                                                content: axis.contentLength, track: track.height, minLength: Self.minLength)
            axis.scroll(to: target, animated: false, at: time)
            if case .mouseUp = event { self.drag = nil }
            return true
        default:
            return false
        }
    }

    /// A capsule: the rect between the end caps' centres, and each cap as the outer half of a disc.
    func draw(into list: inout DisplayList, axis: ScrollAxis, sample: ScrollSample, viewport: Size, top: Double) {
        let opacity = opacity(axis, at: sample.time) * Self.shownOpacity
        guard opacity > 0, let thumb = Self.thumb(axis, offset: sample.offset, track: Self.track(viewport: viewport, top: top)) else { return }
        let r = Self.thickness / 2
        let top = thumb.minY.rounded(), bottom = max(top + Self.thickness, thumb.maxY.rounded())
        list.disc(center: Point(x: thumb.midX, y: top + r), radius: r, Self.color, opacity: opacity,
                  clip: Rect(x: thumb.minX, y: top, width: thumb.width, height: r))
        list.fill(Rect(x: thumb.minX, y: top + r, width: thumb.width, height: bottom - top - 2 * r), Self.color, opacity: opacity)
        list.disc(center: Point(x: thumb.midX, y: bottom - r), radius: r, Self.color, opacity: opacity,
                  clip: Rect(x: thumb.minX, y: bottom - r, width: thumb.width, height: r))
    }
}
