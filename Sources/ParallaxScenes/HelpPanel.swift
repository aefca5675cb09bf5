import ParallaxEngine

/// The help panel (H, or the bar's "?"): what the mouse and a trackpad do, then every line of
/// `Keymap.lines(scenes:)` with its keys drawn as keycaps and, for a switch, whether it is on. A
/// modal panel below the bar (PanelLayout.swift) at a readable size in any window: where its lines
/// do not fit they scroll (wheel, trackpad, Up/Down, PageUp/PageDown, Home/End). Esc, H or a click
/// outside closes it.
extension Playground {
    /// One line of the panel: a gesture (mouse and trackpad) or keycaps, what it does, and a
    /// switch's state.
    struct HelpRow {
        let gesture: String?
        /// Groups of alternatives, each alternative a run of keycaps: "PageUp / PageDown, Space".
        let keys: [[[String]]]
        let action: String
        let state: String?
    }

    /// The panel's measures: its frame, the scrolled body, and each row's top and height within the
    /// body's content.
    struct HelpLayout {
        let frame: Rect
        let body: Rect
        let leftWidth: Double
        let rows: [(row: HelpRow, y: Double, height: Double, wraps: Bool)]
        let sections: [(title: String, y: Double)]
        let contentHeight: Double
        var maxScroll: Double { max(0, contentHeight - body.height) }
    }

    static let pointerLines: [(gesture: String, action: String)] = [
        ("Wheel", "scroll a notch at a time, animated"),
        ("Two fingers on a trackpad", "scroll 1:1; lift while moving to fling"),
        ("Drag", "scroll; let go while moving to fling"),
        ("Shift+wheel, sideways swipe", "page the pager"),
        ("Drag the scroll bar", "jump and scroll through the content"),
        ("Pull the header down", "refresh, while R is on"),
        ("Click a tab, ?, the gear", "show its scene, help, tuning"),
    ]

    static let capFont = Font(size: 12, weight: .bold)
    static let helpPadding = 20.0

    /// The keys of a help line as keycaps: "," separates groups, " / " alternatives, spaces keys.
    static func keycaps(_ keys: String) -> [[[String]]] {
        keys.components(separatedBy: ",").map { group in
            group.components(separatedBy: " / ").map { alternative in
                alternative.split(separator: " ").map(String.init)
            }
        }
    }

    /// Whether a switch that a key toggles is on; nil for keys that are no switch.
    func helpState(of action: KeyAction?) -> String? {
        switch action {
        case .togglePullToRefresh?: scenes.lazy.compactMap { $0.isOn(.togglePullToRefresh) }.first.map { $0 ? "on" : "off" }
        case .toggleReducedMotion?: reducedMotion ? "on" : "off"
        case .togglePlot?: showsPlot ? "on" : "off"
        case .toggleCompare?: comparison == nil ? "off" : "on"
        case .cycleSlowMotion?: timeScale == 1 ? "off" : Self.timeScaleText(timeScale)
        case .toggleTuning?: showsTuning ? "on" : "off"
        case .toggleFrameTimes?: frameOverlaySize == nil ? "off" : "on"
        default: nil
        }
    }

    var helpRows: (pointer: [HelpRow], keys: [HelpRow]) {
        let pointer = Self.pointerLines.map { HelpRow(gesture: $0.gesture, keys: [], action: $0.action, state: nil) }
        let keys = Keymap.lines(scenes: registry.keymapScenes).map { line in
            let action = line.bindings.first?.action
            // Reduced motion says what set it: the user, the config file, the environment, the desktop.
            let source = action == .toggleReducedMotion ? reducedMotionState.source.shown : nil
            let text = source.map { "\(line.action) (\($0))" } ?? line.action
            return HelpRow(gesture: nil, keys: Self.keycaps(line.keys), action: text, state: helpState(of: action))
        }
        return (pointer, keys)
    }

    func capWidth(_ key: String) -> Double { environment.text.size(of: key, font: Self.capFont).width + 12 }

    /// The width of a row's left part: its gesture, or its keycaps with their gaps and slashes.
    func leftWidth(of row: HelpRow) -> Double {
        if let gesture = row.gesture { return environment.text.size(of: gesture, font: Self.panelBold).width }
        let slash = environment.text.size(of: " / ", font: Self.panelFont).width
        return row.keys.enumerated().reduce(0.0) { total, group in
            let alternatives = group.element.map { caps in caps.map(capWidth).reduce(0, +) + Double(max(0, caps.count - 1)) * 4 }
            return total + (group.offset > 0 ? 10 : 0) + alternatives.reduce(0, +) + Double(max(0, alternatives.count - 1)) * slash
        }
    }

    var helpLayout: HelpLayout {
        let text = environment.text
        let (pointer, keys) = helpRows
        let lineHeight = text.size(of: "0", font: Self.panelFont).height
        let rowHeight = lineHeight + 10
        let stateWidth = text.size(of: "1/10", font: Self.panelBold).width + 16
        let all = pointer + keys
        let widest = all.map(leftWidth).max() ?? 0
        let actionWidth = all.map { text.size(of: $0.action, font: Self.panelFont).width }.max() ?? 0
        let natural = widest + 16 + actionWidth + 12 + stateWidth + 2 * Self.helpPadding
        // Beside a side sheet, in the scene's part of the window where it fits there: the sheet stays.
        var area = modalArea
        let beside = sceneArea
        if showsTuning, !tuningIsModal, natural <= beside.width - 2 * Self.panelMargin {
            area = Rect(x: Self.panelMargin, y: area.minY, width: beside.width - 2 * Self.panelMargin, height: area.height)
        }
        let width = min(area.width, natural.rounded(.up))
        let inner = width - 2 * Self.helpPadding
        // The left column is as wide as its widest part, up to 45% of the panel; a row whose parts
        // do not fit side by side puts its action on a line of its own.
        let leftWidth = min(widest, (inner * 0.45).rounded())
        var rows: [(row: HelpRow, y: Double, height: Double, wraps: Bool)] = []
        var sections: [(title: String, y: Double)] = []
        var y = 0.0
        // Where one row's parts do not fit side by side, every row puts its action under its keys:
        // one rhythm down the panel rather than a mix.
        let stacked = all.contains { row in
            self.leftWidth(of: row) > leftWidth || leftWidth + 16 + text.size(of: row.action, font: Self.panelFont).width + 12 + stateWidth > inner
        }
        for (title, group) in [("Mouse and trackpad", pointer), ("Keys", keys)] {
            sections.append((title, y))
            y += lineHeight + 8
            for row in group {
                let height = stacked ? rowHeight + lineHeight + 2 : rowHeight
                rows.append((row, y, height, stacked))
                y += height
            }
            y += 10
        }
        let header = 48.0
        let height = min(area.height, (header + y + Self.helpPadding - 10).rounded(.up))
        let frame = Rect(x: (area.midX - width / 2).rounded(), y: area.minY, width: width, height: height)
        let body = Rect(x: frame.minX, y: frame.minY + header, width: width, height: max(0, height - header - 8))
        return HelpLayout(frame: frame, body: body, leftWidth: leftWidth, rows: rows, sections: sections, contentHeight: y - 10)
    }

    var helpFrame: Rect { helpLayout.frame }

    /// Scrolls the help panel's lines by `dy` px, within its content.
    func scrollHelp(by dy: Double) {
        helpScroll = min(helpLayout.maxScroll, max(0, helpScroll + dy))
    }

    /// The help panel's answer to an input while it is open: true where it took it.
    func handleHelpInput(_ event: InputEvent, action: KeyAction?) -> Bool {
        let layout = helpLayout, line = layout.body.height / 8
        switch event {
        case let .wheel(_, dy, _): scrollHelp(by: dy * 3 * line)
        case let .scroll(_, dy, _, _): scrollHelp(by: dy)
        case let .mouseDown(p) where p.y < Self.barHeight: return false
        case let .mouseDown(p):
            // The press is the panel's to its release, beside it too (which closes it).
            pressOnControls = true
            if !layout.frame.contains(p) { showsHelp = false }
        case .mouseMove, .mouseUp, .fingersLifted: break
        case .key:
            switch action {
            case .lineUp?: scrollHelp(by: -line)
            case .lineDown?: scrollHelp(by: line)
            case .screenUp?: scrollHelp(by: -layout.body.height)
            case .screenDown?: scrollHelp(by: layout.body.height)
            case .top?: helpScroll = 0
            case .bottom?: helpScroll = layout.maxScroll
            default: return false
            }
        default: return false
        }
        return true
    }

    func drawHelp(into list: inout DisplayList) {
        let text = environment.text, layout = helpLayout, panel = layout.frame, pad = Self.helpPadding
        let lineHeight = text.size(of: "0", font: Self.panelFont).height
        helpScroll = min(helpScroll, layout.maxScroll)
        list.fill(panel, Theme.panel)
        list.text("Help", font: Self.panelBold, at: Point(x: panel.minX + pad, y: panel.minY + 18), color: Theme.text)
        let close = layout.maxScroll > 0 ? "scroll for more  ·  Esc closes" : "Esc closes"
        list.text(close, font: Self.panelFont, at: Point(x: panel.maxX - pad - text.size(of: close, font: Self.panelFont).width, y: panel.minY + 18),
                  color: Theme.secondaryText, clip: panel)
        let body = layout.body, top = body.minY - helpScroll
        for section in layout.sections {
            list.text(section.title.uppercased(), font: Theme.sectionHeader, at: Point(x: panel.minX + pad, y: top + section.y),
                      color: Theme.secondaryText, clip: body)
        }
        let actionX = panel.minX + pad + layout.leftWidth + 16
        for entry in layout.rows where top + entry.y + entry.height > body.minY && top + entry.y < body.maxY {
            let y = top + entry.y + 5
            let left = Point(x: panel.minX + pad, y: y)
            if let gesture = entry.row.gesture {
                list.text(gesture, font: Self.panelBold, at: left, color: Theme.text, clip: body)
            } else {
                drawKeycaps(entry.row.keys, into: &list, at: left, lineHeight: lineHeight, clip: body)
            }
            let actionOrigin = entry.wraps ? Point(x: panel.minX + pad + 12, y: y + lineHeight + 4) : Point(x: actionX, y: y)
            list.text(entry.row.action, font: Self.panelFont, at: actionOrigin, color: Theme.text, clip: body)
            if let state = entry.row.state { drawState(state, into: &list, rightEdge: panel.maxX - pad, y: y, lineHeight: lineHeight, clip: body) }
        }
        // Lines cut at the body's edges fade out there, so a cut reads as "more".
        if helpScroll > 0 {
            list.verticalGradient(Rect(x: body.minX, y: body.minY, width: body.width, height: 16), Theme.panel, topAlpha: 255, bottomAlpha: 0)
        }
        if helpScroll < layout.maxScroll {
            list.verticalGradient(Rect(x: body.minX, y: body.maxY - 20, width: body.width, height: 20), Theme.panel, topAlpha: 0, bottomAlpha: 255)
        }
    }

    /// Keycaps: a lighter key face with a darker lip under it, the key's name on it.
    func drawKeycaps(_ groups: [[[String]]], into list: inout DisplayList, at origin: Point, lineHeight: Double, clip: Rect) {
        let text = environment.text
        var x = origin.x
        for (g, alternatives) in groups.enumerated() {
            if g > 0 { x += 10 }
            for (a, caps) in alternatives.enumerated() {
                if a > 0 {
                    list.text(" / ", font: Self.panelFont, at: Point(x: x, y: origin.y), color: Theme.secondaryText, clip: clip)
                    x += text.size(of: " / ", font: Self.panelFont).width
                }
                for (c, cap) in caps.enumerated() {
                    if c > 0 { x += 4 }
                    let width = capWidth(cap)
                    let face = Rect(x: x, y: origin.y - 3, width: width, height: lineHeight + 4)
                    list.fill(face.offsetBy(dy: 2), Color(r: 12, g: 14, b: 20), clip: clip)
                    list.fill(face, Color(r: 62, g: 68, b: 82), clip: clip)
                    let size = text.size(of: cap, font: Self.capFont)
                    list.text(cap, font: Self.capFont, at: Point(x: face.midX - size.width / 2, y: (face.midY - size.height / 2).rounded()),
                              color: Theme.text, clip: clip)
                    x += width
                }
            }
        }
    }

    /// A switch's state at the row's right: "on" (and a slow-motion fraction) in an accent pill, "off" quiet.
    func drawState(_ state: String, into list: inout DisplayList, rightEdge: Double, y: Double, lineHeight: Double, clip: Rect) {
        let size = environment.text.size(of: state, font: Self.panelBold)
        let pill = Rect(x: rightEdge - size.width - 14, y: y - 2, width: size.width + 14, height: lineHeight + 4)
        let on = state != "off"
        list.fill(pill, on ? Theme.accent.withAlpha(200) : Color(gray: 255, a: 24), clip: clip)
        list.text(state, font: Self.panelBold, at: Point(x: pill.minX + 7, y: y), color: on ? Theme.text : Theme.secondaryText, clip: clip)
    }
}
