import ParallaxEngine

/// The bar over every scene: app title, one tab per scene (a click switches), and the keys' hint.
extension Playground {
    static let tabFont = Font(size: 15, weight: .bold)
    static let appTitleFont = Font(size: 16, weight: .bold)
    static let hintFont = Font(size: 12)

    /// The tabs' hit and highlight areas, centred in the bar.
    func tabFrames() -> [Rect] {
        let widths = registry.entries.map(\.tabTitle).map { environment.text.size(of: $0, font: Self.tabFont).width + 36 }
        var x = ((viewport.width - widths.reduce(0, +)) / 2).rounded()
        return widths.map { w in
            defer { x += w }
            return Rect(x: x, y: 0, width: w, height: Self.barHeight)
        }
    }

    func drawBar(into list: inout DisplayList) {
        let bar = Rect(x: 0, y: 0, width: viewport.width, height: Self.barHeight)
        list.backdrop(bar, downscale: Theme.barBlur, tint: Theme.barTint)
        list.fill(Rect(x: 0, y: bar.maxY - 1, width: viewport.width, height: 1), Theme.barLine)
        let text = environment.text
        let title = "Parallax Playground"
        let titleSize = text.size(of: title, font: Self.appTitleFont)
        let frames = tabFrames()
        // Side texts give way to the tabs on narrow windows.
        if 20 + titleSize.width + 16 < frames.first?.minX ?? 0 {
            list.text(title, font: Self.appTitleFont, at: Point(x: 20, y: ((bar.height - titleSize.height) / 2).rounded()), color: Theme.text)
        }
        for (i, frame) in frames.enumerated() {
            let label = registry.entries[i].tabTitle
            let size = text.size(of: label, font: Self.tabFont)
            let selected = i == activeIndex
            list.text(label, font: Self.tabFont, at: Point(x: frame.midX - size.width / 2, y: ((bar.height - size.height) / 2).rounded()),
                      color: selected ? Theme.text : Theme.secondaryText)
            if selected {
                list.fill(Rect(x: frame.minX + 12, y: bar.maxY - 4, width: frame.width - 24, height: 3), Theme.accent)
            }
        }
        let sceneKeys = registry.entries.compactMap { $0.key?.name }.joined(separator: " ")
        let hint = reducedMotion ? "Reduced motion  ·  M" : "\(sceneKeys.isEmpty ? "" : sceneKeys + " · ")Tab  ·  M: reduced motion"
        let hintSize = text.size(of: hint, font: Self.hintFont)
        if viewport.width - 20 - hintSize.width > (frames.last?.maxX ?? 0) + 16 {
            list.text(hint, font: Self.hintFont, at: Point(x: viewport.width - 20 - hintSize.width, y: ((bar.height - hintSize.height) / 2).rounded()),
                      color: reducedMotion ? Theme.accent : Theme.secondaryText)
        }
    }
}
