import ParallaxEngine

/// The help panel (H): every line of `Keymap.lines(scenes:)` for the registry's scenes, keys then what
/// they do, on an opaque panel centred over the dimmed scene. Esc closes it.
extension Playground {
    func drawHelp(into list: inout DisplayList) {
        let text = environment.text, lines = Keymap.lines(scenes: registry.keymapScenes)
        let lineHeight = text.size(of: "0", font: Self.panelFont).height + 8
        let keysWidth = lines.map { text.size(of: $0.keys, font: Self.panelBold).width }.max() ?? 0
        let actionsWidth = lines.map { text.size(of: $0.action, font: Self.panelFont).width }.max() ?? 0
        let width = keysWidth + actionsWidth + 64, height = Double(lines.count) * lineHeight + 64
        let panel = Rect(x: ((viewport.width - width) / 2).rounded(), y: max(Self.barHeight + 8, ((viewport.height - height) / 2).rounded()),
                         width: width, height: height)
        list.fill(Rect(origin: .zero, size: viewport), Color(r: 0, g: 0, b: 0, a: 110))
        list.fill(panel, Theme.panel)
        list.text("Keys", font: Self.panelBold, at: Point(x: panel.minX + 24, y: panel.minY + 18), color: Theme.text)
        let close = "Esc closes"
        list.text(close, font: Self.panelFont, at: Point(x: panel.maxX - 24 - text.size(of: close, font: Self.panelFont).width, y: panel.minY + 18),
                  color: Theme.secondaryText)
        for (i, line) in lines.enumerated() {
            let y = panel.minY + 48 + Double(i) * lineHeight
            list.text(line.keys, font: Self.panelBold, at: Point(x: panel.minX + 24, y: y), color: Theme.accent)
            list.text(line.action, font: Self.panelFont, at: Point(x: panel.minX + 40 + keysWidth, y: y), color: Theme.text)
        }
    }
}
