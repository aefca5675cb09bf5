import ParallaxEngine

/// The frame-time panel's place among the playground's panels: the platform draws the panel
/// (FrameTimeOverlay.swift, `FrameStep`) and tells its size; the playground puts it at the top right
/// of what the scene shows (PanelLayout.swift) and reserves that slot in the display list. F1 is the
/// window loop's key (`Keymap.windowLines`).
public final class FrameTimePanel: Panel {
    public let name = "frame-time panel"
    /// The panel's size for the next draw; nil while hidden.
    var size: Size?

    public func frame(in playground: Playground) -> Rect? {
        guard let size else { return nil }
        let area = playground.sceneArea, margin = Playground.panelMargin
        return Rect(x: area.maxX - margin - size.width, y: area.minY + margin, width: size.width, height: size.height)
    }

    public func draw(into list: inout DisplayList, frame: Rect, in playground: Playground) { list.reserveOverlay(at: frame) }
}
