import ParallaxEngine

/// The help panel (H): every line of `Keymap.lines(scenes:)` for the registry's scenes, keys then what
/// they do, on an opaque panel centred over the dimmed scene. Esc closes it.
extension Playground {
    var helpLines: [Keymap.Line] { Keymap.lines(scenes: registry.keymapScenes) }
    var helpLineHeight: Double { environment.text.size(of: "0", font: Self.panelFont).height + 8 }
    var helpKeysWidth: Double { helpLines.map { environment.text.size(of: $0.keys, font: Self.panelBold).width }.max() ?? 0 }

    var helpFrame: Rect {
        let actionsWidth = helpLines.map { environment.text.size(of: $0.action, font: Self.panelFont).width }.max() ?? 0
        let width = helpKeysWidth + actionsWidth + 64, height = Double(helpLines.count) * helpLineHeight + 64
        return Rect(x: ((viewport.width - width) / 2).rounded(), y: max(Self.barHeight + 8, ((viewport.height - height) / 2).rounded()),
                    width: width, height: height)
    }

    func drawHelp(into list: inout DisplayList) {
        let text = environment.text, lines = helpLines, lineHeight = helpLineHeight, keysWidth = helpKeysWidth
        let panel = helpFrame
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
