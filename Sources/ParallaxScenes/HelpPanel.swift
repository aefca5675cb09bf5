import ParallaxEngine

/// The help panel (H, or the bar's "?"): what the mouse and a trackpad do, then every line of
/// `Playground.keyLines` with its keys drawn as keycaps and, for a switch, whether it is on. A
/// modal panel below the bar (PanelLayout.swift) at a readable size in any window: where its lines
/// do not fit they scroll (wheel, trackpad, Up/Down, PageUp/PageDown, Home/End). Esc, H or a click
/// outside closes it.
public final class HelpPanel: Panel {
    public let name = "modal panel"
    public private(set) var shown = false
    /// How far its lines are scrolled.
    private(set) var scroll = 0.0

    enum Action: Sendable { case toggle }
    static let keys = PanelKeys<Action>("H", "this help", [(.h, nil, .toggle)])

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

    public func keyLines(in playground: Playground) -> [KeyLine] { [Self.keys.line()] }

    func rows(in playground: Playground) -> (pointer: [HelpRow], keys: [HelpRow]) {
        let pointer = Self.pointerLines.map { HelpRow(gesture: $0.gesture, keys: [], action: $0.action, state: nil) }
        let keys = playground.keyLines.map { line in
            HelpRow(gesture: nil, keys: Self.keycaps(line.keys), action: line.note.map { "\(line.action) (\($0))" } ?? line.action, state: line.state)
        }
        return (pointer, keys)
    }

    static func capWidth(_ key: String, text: TextMeasuring) -> Double { text.size(of: key, font: capFont).width + 12 }

    /// The width of a row's left part: its gesture, or its keycaps with their gaps and slashes.
    static func leftWidth(of row: HelpRow, text: TextMeasuring) -> Double {
        if let gesture = row.gesture { return text.size(of: gesture, font: Playground.panelBold).width }
        let slash = text.size(of: " / ", font: Playground.panelFont).width
        return row.keys.enumerated().reduce(0.0) { total, group in
            let alternatives = group.element.map { caps in caps.map { capWidth($0, text: text) }.reduce(0, +) + Double(max(0, caps.count - 1)) * 4 }
            return total + (group.offset > 0 ? 10 : 0) + alternatives.reduce(0, +) + Double(max(0, alternatives.count - 1)) * slash
        }
    }

    func layout(in playground: Playground) -> HelpLayout {
        let text = playground.environment.text
        let (pointer, keys) = rows(in: playground)
        let lineHeight = text.size(of: "0", font: Playground.panelFont).height
        let rowHeight = lineHeight + 10
        let stateWidth = text.size(of: "1/10", font: Playground.panelBold).width + 16
        let all = pointer + keys
        let widest = all.map { Self.leftWidth(of: $0, text: text) }.max() ?? 0
        let actionWidth = all.map { text.size(of: $0.action, font: Playground.panelFont).width }.max() ?? 0
        let natural = widest + 16 + actionWidth + 12 + stateWidth + 2 * Self.helpPadding
        // Beside a side sheet, in the scene's part of the window where it fits there: the sheet stays.
        var area = playground.modalArea
        let beside = playground.sceneArea
        if playground.tuning.isBeside(in: playground), natural <= beside.width - 2 * Playground.panelMargin {
            area = Rect(x: Playground.panelMargin, y: area.minY, width: beside.width - 2 * Playground.panelMargin, height: area.height)
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
            Self.leftWidth(of: row, text: text) > leftWidth || leftWidth + 16 + text.size(of: row.action, font: Playground.panelFont).width + 12 + stateWidth > inner
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

    public func frame(in playground: Playground) -> Rect? { shown ? layout(in: playground).frame : nil }

    /// Opens or closes the panel, its lines at the top.
    func toggle() {
        shown.toggle()
        scroll = 0
    }

    /// Scrolls the lines by `dy` px, within its content.
    private func scroll(by dy: Double, in layout: HelpLayout) {
        scroll = min(layout.maxScroll, max(0, scroll + dy))
    }

    /// H opens and closes it; while open it is modal: it takes the pointer (a press is the panel's to
    /// its release, beside it too, which closes it; the bar keeps its own), the wheel, the trackpad,
    /// the scrolling keys and Esc.
    public func handle(_ event: InputEvent, action: KeyAction?, in playground: Playground, at time: Double) -> Bool {
        if Self.keys.action(for: event) != nil {
            toggle()
            return true
        }
        guard shown else { return false }
        let layout = layout(in: playground), line = layout.body.height / 8
        switch event {
        case let .wheel(_, dy, _): scroll(by: dy * 3 * line, in: layout)
        case let .scroll(_, dy, _, _): scroll(by: dy, in: layout)
        case let .mouseDown(p) where p.y < Playground.barHeight: return false
        case let .mouseDown(p):
            if !layout.frame.contains(p) { shown = false }
        case .mouseMove, .mouseUp, .fingersLifted: break
        case .key:
            switch action {
            case .lineUp?: scroll(by: -line, in: layout)
            case .lineDown?: scroll(by: line, in: layout)
            case .screenUp?: scroll(by: -layout.body.height, in: layout)
            case .screenDown?: scroll(by: layout.body.height, in: layout)
            case .top?: scroll = 0
            case .bottom?: scroll = layout.maxScroll
            case .dismiss?: shown = false
            default: return false
            }
        default: return false
        }
        return true
    }

    /// Open, an arrow on it and beside it, where a click closes it; the bar keeps its own.
    public func cursor(at point: Point, in playground: Playground) -> CursorKind? {
        shown && point.y >= Playground.barHeight ? .arrow : nil
    }

    public func draw(into list: inout DisplayList, frame: Rect, in playground: Playground) {
        let text = playground.environment.text, layout = layout(in: playground), panel = layout.frame, pad = Self.helpPadding
        let lineHeight = text.size(of: "0", font: Playground.panelFont).height
        scroll = min(scroll, layout.maxScroll)
        list.fill(panel, Theme.panel)
        list.text("Help", font: Playground.panelBold, at: Point(x: panel.minX + pad, y: panel.minY + 18), color: Theme.text)
        let close = layout.maxScroll > 0 ? "scroll for more  ·  Esc closes" : "Esc closes"
        list.text(close, font: Playground.panelFont, at: Point(x: panel.maxX - pad - text.size(of: close, font: Playground.panelFont).width, y: panel.minY + 18),
                  color: Theme.secondaryText, clip: panel)
        let body = layout.body, top = body.minY - scroll
        for section in layout.sections {
            list.text(section.title.uppercased(), font: Theme.sectionHeader, at: Point(x: panel.minX + pad, y: top + section.y),
                      color: Theme.secondaryText, clip: body)
        }
        let actionX = panel.minX + pad + layout.leftWidth + 16
        for entry in layout.rows where top + entry.y + entry.height > body.minY && top + entry.y < body.maxY {
            let y = top + entry.y + 5
            let left = Point(x: panel.minX + pad, y: y)
            if let gesture = entry.row.gesture {
                list.text(gesture, font: Playground.panelBold, at: left, color: Theme.text, clip: body)
            } else {
                drawKeycaps(entry.row.keys, into: &list, at: left, lineHeight: lineHeight, clip: body, text: text)
            }
            let actionOrigin = entry.wraps ? Point(x: panel.minX + pad + 12, y: y + lineHeight + 4) : Point(x: actionX, y: y)
            list.text(entry.row.action, font: Playground.panelFont, at: actionOrigin, color: Theme.text, clip: body)
            if let state = entry.row.state { drawState(state, into: &list, rightEdge: panel.maxX - pad, y: y, lineHeight: lineHeight, clip: body, text: text) }
        }
        // Lines cut at the body's edges fade out there, so a cut reads as "more".
        if scroll > 0 {
            list.verticalGradient(Rect(x: body.minX, y: body.minY, width: body.width, height: 16), Theme.panel, topAlpha: 255, bottomAlpha: 0)
        }
        if scroll < layout.maxScroll {
            list.verticalGradient(Rect(x: body.minX, y: body.maxY - 20, width: body.width, height: 20), Theme.panel, topAlpha: 0, bottomAlpha: 255)
        }
    }

    /// Keycaps: a lighter key face with a darker lip under it, the key's name on it.
    private func drawKeycaps(_ groups: [[[String]]], into list: inout DisplayList, at origin: Point, lineHeight: Double, clip: Rect, text: TextMeasuring) {
        var x = origin.x
        for (g, alternatives) in groups.enumerated() {
            if g > 0 { x += 10 }
            for (a, caps) in alternatives.enumerated() {
                if a > 0 {
                    list.text(" / ", font: Playground.panelFont, at: Point(x: x, y: origin.y), color: Theme.secondaryText, clip: clip)
                    x += text.size(of: " / ", font: Playground.panelFont).width
                }
                for (c, cap) in caps.enumerated() {
                    if c > 0 { x += 4 }
                    let width = Self.capWidth(cap, text: text)
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
    private func drawState(_ state: String, into list: inout DisplayList, rightEdge: Double, y: Double, lineHeight: Double, clip: Rect, text: TextMeasuring) {
        let size = text.size(of: state, font: Playground.panelBold)
        let pill = Rect(x: rightEdge - size.width - 14, y: y - 2, width: size.width + 14, height: lineHeight + 4)
        let on = state != "off"
        list.fill(pill, on ? Theme.accent.withAlpha(200) : Color(gray: 255, a: 24), clip: clip)
        list.text(state, font: Playground.panelBold, at: Point(x: pill.minX + 7, y: y), color: on ? Theme.text : Theme.secondaryText, clip: clip)
    }
}
