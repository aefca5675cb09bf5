import ParallaxEngine

/// The one layering rule for everything drawn over a scene (docs/architecture.md, "Layers over a
/// scene"). Bottom to top:
///
/// 1. the scene, or compare mode's panes;
/// 2. the physics plot (G), at the scene's bottom left;
/// 3. the bar;
/// 4. the tuning sheet beside the scene (P, where the window is wide enough), then the panels
///    added to the playground (`Playground.init(panels:)`), hidden while a modal panel shows;
/// 5. the frame-time panel (F1), at the top right of what the scene shows: left of a side sheet;
/// 6. a modal panel over the dimmed rest (help, or the tuning sheet in a narrow window); every
///    panel beneath that it would meet is hidden while it shows, the bar never is (a modal panel
///    starts below it);
/// 7. a toast (F12's), at the bottom centre of the scene, above the plot; a modal panel ends above it;
/// 8. the screenshot's flash, over the whole window.
///
/// Panels never overlap: one that would meet a panel it cannot move around hides the lower one
/// (the frame-time panel first), so each is whole or not there. Each panel is a type of its own
/// (Panel.swift); input goes down this stack from the top (`Playground.handle`).
extension Playground {
    /// Where each shown panel is this frame; nil: not shown (closed, or hidden by the rule).
    struct PanelFrames {
        var bar: Rect
        var plot: Rect?
        var sideSheet: Rect?
        /// The added panels', in their order.
        var added: [(name: String, frame: Rect?)] = []
        var frameTimes: Rect?
        /// The modal panel: help, or the tuning sheet over a dimmed scene.
        var modal: Rect?
        var toast: Rect?

        /// The shown panels with their names, bottom to top.
        var shown: [(name: String, frame: Rect)] {
            ([("bar", bar), ("plot", plot), ("tuning sheet", sideSheet)] + added + [("frame-time panel", frameTimes), ("modal panel", modal), ("toast", toast)])
                .compactMap { name, frame in frame.map { (name, $0) } }
        }
    }

    static let panelMargin = 8.0

    /// The window below the bar, left of a side sheet: what the scene shows unobstructed.
    var sceneArea: Rect {
        let right = tuning.isBeside(in: self) ? tuning.layout(in: self).frame.minX : viewport.width
        return Rect(x: 0, y: Self.barHeight, width: max(0, right), height: max(0, viewport.height - Self.barHeight))
    }

    var panelFrames: PanelFrames {
        var frames = PanelFrames(bar: bar.frame(in: self) ?? .zero)
        frames.plot = plot.frame(in: self)
        let tuningModal = tuning.isModal(in: self)
        if tuning.shown && !tuningModal { frames.sideSheet = tuning.frame(in: self) }
        let modal = help.shown || tuningModal
        frames.added = added.map { ($0.name, modal ? nil : $0.frame(in: self)) }
        // Under a modal panel the toast keeps to the bottom, and the modal panel ends above it.
        frames.toast = toast.frame(above: modal ? nil : frames.plot, in: self)
        if let frame = frameTimes.frame(in: self) {
            let fits = frame.minX >= Self.panelMargin && frame.maxY <= viewport.height - Self.panelMargin
            frames.frameTimes = fits && ![frames.plot, frames.toast].contains { $0?.intersects(frame) == true } ? frame : nil
        }
        frames.modal = help.shown ? help.frame(in: self) : tuningModal ? tuning.frame(in: self) : nil
        if let modal = frames.modal {
            if frames.plot.map({ $0.intersects(modal) || frames.toast?.intersects($0) == true }) == true { frames.plot = nil }
            if frames.sideSheet?.intersects(modal) == true { frames.sideSheet = nil }
            if frames.frameTimes?.intersects(modal) == true { frames.frameTimes = nil }
        }
        return frames
    }

    /// The room a modal panel may take: below the bar, above a toast, within the margins.
    var modalArea: Rect {
        let bottom = min(viewport.height, toast.frame(above: nil, in: self)?.minY ?? viewport.height) - Self.panelMargin
        let top = Self.barHeight + Self.panelMargin
        return Rect(x: Self.panelMargin, y: top, width: max(0, viewport.width - 2 * Self.panelMargin), height: max(0, bottom - top))
    }
}
