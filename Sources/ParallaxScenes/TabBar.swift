import ParallaxEngine

/// The bar over every scene: app title, one tab per scene (a click switches), the keys' hint where
/// there is room, and the help ("?") and tuning (gear) buttons at its right end, always there.
public final class TabBar: Panel {
    public let name = "bar"
    /// The layout for the last width, reduced-motion state and speed it was made for.
    private var cache: Layout?

    enum BarButton: CaseIterable { case help, tuning }
    static let barButtonSize = 32.0
    static let barButtonFont = Font(size: 17, weight: .bold)

    static let tabFont = Font(size: 15, weight: .bold)
    static let appTitleFont = Font(size: 16, weight: .bold)
    static let hintFont = Font(size: 12)

    /// What the bar shows at one width and reduced-motion state, measured once: drawing the bar then
    /// allocates nothing per frame (docs/performance.md, "Engine benchmarks").
    struct Layout {
        let width: Double
        let reducedMotion: Bool
        let timeScale: Double
        let tabs: [Rect]
        let buttons: [(button: BarButton, frame: Rect)]
        let hint: String
        let hintSize: Size
        let titleSize: Size
    }

    static let appTitle = "Parallax Playground"

    public func frame(in playground: Playground) -> Rect? { Rect(x: 0, y: 0, width: playground.viewport.width, height: Playground.barHeight) }

    /// The tabs' hit and highlight areas, centred in the bar.
    func tabs(in playground: Playground) -> [Rect] { layout(in: playground).tabs }

    func layout(in playground: Playground) -> Layout {
        let viewport = playground.viewport, reducedMotion = playground.reducedMotion, timeScale = playground.timeScale
        if let cached = cache, cached.width == viewport.width, cached.reducedMotion == reducedMotion, cached.timeScale == timeScale {
            return cached
        }
        let text = playground.environment.text
        let registry = playground.registry
        let widths = registry.entries.map { text.size(of: $0.tabTitle, font: Self.tabFont).width + 36 }
        var x = ((viewport.width - widths.reduce(0, +)) / 2).rounded()
        let tabs = widths.map { w in
            defer { x += w }
            return Rect(x: x, y: 0, width: w, height: Playground.barHeight)
        }
        let side = Self.barButtonSize, top = ((Playground.barHeight - side) / 2).rounded()
        let placed = BarButton.allCases.reversed().enumerated().map { i, button in
            (button, Rect(x: viewport.width - 12 - Double(i + 1) * side - Double(i) * 4, y: top, width: side, height: side))
        }.reversed()
        // Below the window's minimum size the tabs come first: the buttons go where they would meet them.
        let buttons = (placed.first?.1.minX ?? 0) >= (tabs.last?.maxX ?? 0) + 8 ? Array(placed) : []
        let sceneKeys = registry.entries.compactMap { $0.key?.name }.joined(separator: " ")
        // A mode that is on says so, in the accent colour, with its key; else the keys, as many as
        // the bar has room for, help and tuning's first.
        let keys = "H help  ·  P tune"
        let hints = timeScale != 1 ? ["Slow motion \(Playground.timeScaleText(timeScale))  ·  T"]
            : reducedMotion ? ["Reduced motion  ·  M"]
            : ["\(sceneKeys.isEmpty ? "" : sceneKeys + " · ")Tab  ·  \(keys)  ·  M reduced motion  ·  G plot",
               "\(sceneKeys.isEmpty ? "" : sceneKeys + " · ")Tab  ·  \(keys)", keys]
        let room = (buttons.first?.1.minX ?? viewport.width) - 12 - ((tabs.last?.maxX ?? 0) + 16)
        let hint = hints.first { text.size(of: $0, font: Self.hintFont).width < room } ?? hints[hints.count - 1]
        let layout = Layout(width: viewport.width, reducedMotion: reducedMotion, timeScale: timeScale, tabs: tabs, buttons: buttons, hint: hint,
                               hintSize: text.size(of: hint, font: Self.hintFont), titleSize: text.size(of: Self.appTitle, font: Self.appTitleFont))
        cache = layout
        return layout
    }

    /// A press on the bar is the bar's: a tab shows its scene, ? and the gear open help and tuning.
    public func handle(_ event: InputEvent, action: KeyAction?, in playground: Playground, at time: Double) -> Bool {
        switch event {
        case let .mouseDown(p) where p.y < Playground.barHeight:
            if let tab = tabs(in: playground).firstIndex(where: { $0.contains(p) }) { playground.select(tab) }
            switch button(at: p, in: playground) {
            case .help?: playground.help.toggle()
            case .tuning?: playground.tuning.setShown(!playground.tuning.shown, in: playground, at: time)
            case nil: break
            }
            return true
        default: return false
        }
    }

    /// A hand over the tabs and the buttons, an arrow on the rest of the bar.
    public func cursor(at point: Point, in playground: Playground) -> CursorKind? {
        guard point.y < Playground.barHeight else { return nil }
        return tabs(in: playground).contains { $0.contains(point) } || button(at: point, in: playground) != nil ? .hand : .arrow
    }

    public func draw(into list: inout DisplayList, frame bar: Rect, in playground: Playground) {
        let viewport = playground.viewport, reducedMotion = playground.reducedMotion, timeScale = playground.timeScale
        list.backdrop(bar, downscale: Theme.barBlur, tint: Theme.barTint)
        list.fill(Rect(x: 0, y: bar.maxY - 1, width: viewport.width, height: 1), Theme.barLine)
        let text = playground.environment.text
        let layout = layout(in: playground)
        let titleSize = layout.titleSize, frames = layout.tabs
        // Side texts give way to the tabs on narrow windows.
        if 20 + titleSize.width + 16 < frames.first?.minX ?? 0 {
            list.text(Self.appTitle, font: Self.appTitleFont, at: Point(x: 20, y: ((bar.height - titleSize.height) / 2).rounded()), color: Theme.text)
        }
        for (i, frame) in frames.enumerated() {
            let label = playground.registry.entries[i].tabTitle
            let size = text.size(of: label, font: Self.tabFont)
            let selected = i == playground.activeIndex
            list.text(label, font: Self.tabFont, at: Point(x: frame.midX - size.width / 2, y: ((bar.height - size.height) / 2).rounded()),
                      color: selected ? Theme.text : Theme.secondaryText)
            if selected {
                list.fill(Rect(x: frame.minX + 12, y: bar.maxY - 4, width: frame.width - 24, height: 3), Theme.accent)
            }
        }
        let hint = layout.hint, hintSize = layout.hintSize
        let hintRight = (layout.buttons.first?.frame.minX ?? viewport.width) - 12
        if hintRight - hintSize.width > (frames.last?.maxX ?? 0) + 16 {
            list.text(hint, font: Self.hintFont, at: Point(x: hintRight - hintSize.width, y: ((bar.height - hintSize.height) / 2).rounded()),
                      color: reducedMotion || timeScale != 1 ? Theme.accent : Theme.secondaryText)
        }
        for (button, frame) in layout.buttons {
            let open = button == .help ? playground.help.shown : playground.tuning.shown
            list.fill(frame, open ? Theme.accent.withAlpha(200) : Color(gray: 255, a: 22))
            let glyph = button == .help ? "?" : "\u{2699}"
            let size = text.size(of: glyph, font: Self.barButtonFont)
            list.text(glyph, font: Self.barButtonFont, at: Point(x: (frame.midX - size.width / 2).rounded(), y: (frame.midY - size.height / 2).rounded()),
                      color: Theme.text)
        }
    }

    /// The bar's button under `point`, if any.
    func button(at point: Point, in playground: Playground) -> BarButton? {
        layout(in: playground).buttons.first { $0.frame.contains(point) }?.button
    }
}
