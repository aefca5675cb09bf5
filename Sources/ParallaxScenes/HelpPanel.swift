import ParallaxEngine

/// The help panel (H): every line of `Keymap.lines(scenes:)` for the registry's scenes, keys then what
/// they do, on an opaque panel centred over the dimmed scene. Esc closes it.
extension Playground {
    /// The panel's fonts and measures at `scale` (1 where the window has room; less, down to
    /// `minimumHelpScale`, so a small window still shows every line whole).
    struct HelpLayout {
        let frame: Rect
        let scale: Double
        let bold: Font
        let regular: Font
        let lineHeight: Double
        let keysWidth: Double
    }

    static let minimumHelpScale = 0.7

    var helpLayout: HelpLayout {
        let text = environment.text, lines = Keymap.lines(scenes: registry.keymapScenes)
        func measures(_ scale: Double) -> (bold: Font, regular: Font, lineHeight: Double, keysWidth: Double, size: Size) {
            let bold = Font(size: Self.panelBold.size * scale, weight: .bold), regular = Font(size: Self.panelFont.size * scale)
            let lineHeight = text.size(of: "0", font: regular).height + 8 * scale
            let keysWidth = lines.map { text.size(of: $0.keys, font: bold).width }.max() ?? 0
            let actionsWidth = lines.map { text.size(of: $0.action, font: regular).width }.max() ?? 0
            return (bold, regular, lineHeight, keysWidth,
                    Size(width: keysWidth + actionsWidth + 64 * scale, height: Double(lines.count) * lineHeight + 64 * scale))
        }
        let full = measures(1)
        // Below the bar with an 8 px margin where it fits; in a small window, over the bar too.
        let room = Size(width: viewport.width - 16, height: viewport.height - Self.barHeight - 16)
        let fits = min(1, room.width / full.size.width, max(room.height, viewport.height - 16) / full.size.height)
        let scale = max(Self.minimumHelpScale, fits)
        let m = scale == 1 ? full : measures(scale)
        let top = m.size.height <= room.height ? max(Self.barHeight + 8, ((viewport.height - m.size.height) / 2).rounded())
                                               : max(8, ((viewport.height - m.size.height) / 2).rounded())
        let frame = Rect(x: max(8, ((viewport.width - m.size.width) / 2).rounded()), y: top, width: m.size.width, height: m.size.height)
        return HelpLayout(frame: frame, scale: scale, bold: m.bold, regular: m.regular, lineHeight: m.lineHeight, keysWidth: m.keysWidth)
    }

    var helpFrame: Rect { helpLayout.frame }

    func drawHelp(into list: inout DisplayList) {
        let text = environment.text, layout = helpLayout, panel = layout.frame, k = layout.scale
        list.fill(Rect(origin: .zero, size: viewport), Color(r: 0, g: 0, b: 0, a: 110))
        list.fill(panel, Theme.panel)
        list.text("Keys", font: layout.bold, at: Point(x: panel.minX + 24 * k, y: panel.minY + 18 * k), color: Theme.text)
        let close = "Esc closes"
        list.text(close, font: layout.regular, at: Point(x: panel.maxX - 24 * k - text.size(of: close, font: layout.regular).width, y: panel.minY + 18 * k),
                  color: Theme.secondaryText)
        for (i, line) in Keymap.lines(scenes: registry.keymapScenes).enumerated() {
            let y = panel.minY + 48 * k + Double(i) * layout.lineHeight
            list.text(line.keys, font: layout.bold, at: Point(x: panel.minX + 24 * k, y: y), color: Theme.accent)
            list.text(line.action, font: layout.regular, at: Point(x: panel.minX + 40 * k + layout.keysWidth, y: y), color: Theme.text)
        }
    }
}
