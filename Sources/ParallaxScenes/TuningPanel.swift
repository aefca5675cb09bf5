import ParallaxEngine

/// The tuning panel (P): the active scene's rows (TuningRow.swift) as controls (sliders with their
/// range's ends and a tick at the default, switches, and the physics model between ‹ and ›), a ↺
/// on each row that differs from its default, and a footer with "Reset all" and the keys or the last
/// save/reload word.
///
/// Where the window has room, an opaque side sheet at its right edge, under the bar, beside the
/// scene: the scene is laid out in the width left of it (`Playground.sceneViewport`), so every
/// caption stays in view while tuning. Where that would leave the scene under `minimumSceneWidth`,
/// or the sheet is too short for the roomy rows, it is a sheet centred over the dimmed window
/// (`isModal(in:)`), its rows one line each, down to `minimumCompactRowHeight`; a press on the
/// dimmed scene closes it, as Esc does.
public final class TuningPanel: Panel {
    public let name = "tuning sheet"
    public private(set) var shown = false
    public private(set) var selectedRow = 0
    /// The row whose slider a press holds.
    private var draggedRow: Int?
    /// How far the rows are scrolled, where they do not all fit.
    private var scroll = 0.0
    /// The last word on saving or reloading.
    public internal(set) var status = ""

    static let sideWidth = 330.0
    static let modalWidth = 440.0
    static let minimumSceneWidth = 480.0
    /// 13 px text's line (about 16 px in DejaVu Sans) with 2 px above and below: what lets every row
    /// of the pager's sheet (11) fit the 288 px a 480x360 window leaves below the bar.
    static let minimumCompactRowHeight = 20.0
    /// A wheel notch over a modal sheet whose rows scroll.
    static let wheelNotch = 40.0
    /// The track ends' labels.
    static let smallFont = Font(size: 11)
    /// Buttons and the tracks' unfilled part; opaque, since a switch's pill is a bar and two discs
    /// that overlap.
    static let control = Color(gray: 255, a: 36).composited(over: Theme.panel)
    static let switchOff = Color(gray: 255, a: 64).composited(over: Theme.panel)

    enum Action: Sendable { case toggle, previousRow, nextRow, decrease, increase, resetRow, save, reload }

    static let keys = PanelKeys<Action>("P", "tuning:  [ ] row,  - = change,  0 reset,  S save,  L reload",
        [(.p, nil, .toggle), (.leftBracket, nil, .previousRow), (.rightBracket, nil, .nextRow), (.minus, nil, .decrease),
         (.equals, nil, .increase), (.zero, nil, .resetRow), (.s, nil, .save), (.l, nil, .reload)])

    public func keyLines(in playground: Playground) -> [KeyLine] { [Self.keys.line(state: KeyLine.onOff(shown))] }

    func rows(in playground: Playground) -> [TuningRow] { TuningRow.rows(for: playground.registry.entries[playground.activeIndex]) }
    /// What a row's reset goes back to: one source, the settings' own defaults.
    func defaults(in playground: Playground) -> PlaygroundSettings { PlaygroundSettings(registry: playground.registry) }

    /// Some row on the sheet differs from its default: "Reset all" has something to do.
    func hasChanges(in playground: Playground) -> Bool {
        let defaults = defaults(in: playground)
        return rows(in: playground).contains { $0.differs(playground.settings, defaults) }
    }

    /// The sheet shows over the dimmed window instead of beside the scene: the side sheet would
    /// leave the scene under `minimumSceneWidth`, or be too short for the roomy rows of the scene
    /// with the most (so switching scenes never changes it).
    func isModal(in playground: Playground) -> Bool {
        let viewport = playground.viewport
        return shown && (viewport.width - Self.sideWidth < Self.minimumSceneWidth || roomyHeight(in: playground) > viewport.height - Playground.barHeight)
    }

    /// Shown beside the scenes, which are laid out in the width left of it.
    func isBeside(in playground: Playground) -> Bool { shown && !isModal(in: playground) }

    func roomyHeight(in playground: Playground) -> Double {
        TuningLayout.roomyHeight(rows: playground.registry.entries.map { TuningRow.rows(for: $0) }, text: playground.environment.text)
    }

    /// The whole sheet: a press anywhere on it is the panel's.
    public func frame(in playground: Playground) -> Rect? { shown ? layout(in: playground).frame : nil }

    func layout(in playground: Playground) -> TuningLayout {
        let modal = isModal(in: playground)
        return TuningLayout(rows: rows(in: playground), viewport: playground.viewport, modal: modal, area: modal ? playground.modalArea : .zero,
                            text: playground.environment.text, roomyHeight: roomyHeight(in: playground), scroll: scroll)
    }

    /// Opens or closes the sheet; the scenes get the width it leaves them.
    func setShown(_ on: Bool, in playground: Playground, at time: Double) {
        let before = playground.sceneViewport
        shown = on
        scroll = 0
        if playground.sceneViewport != before { playground.resizeScenes(at: time) }
    }

    public func handle(_ event: InputEvent, action: KeyAction?, in playground: Playground, at time: Double) -> Bool {
        if let key = Self.keys.action(for: event) {
            switch key {
            case .toggle: setShown(!shown, in: playground, at: time)
            case _ where !shown: return false
            case .previousRow: selectRow(selectedRow - 1, in: playground)
            case .nextRow: selectRow(selectedRow + 1, in: playground)
            case .decrease: stepSelected(-1, in: playground, at: time)
            case .increase: stepSelected(1, in: playground, at: time)
            case .resetRow: resetSelectedRow(in: playground, at: time)
            case .save: save(in: playground)
            case .reload: status = playground.reload(at: time)
            }
            return true
        }
        guard shown else { return false }
        let modal = isModal(in: playground)
        switch event {
        case .key where action == .dismiss: setShown(false, in: playground, at: time)
        // A press on the sheet is the sheet's (its controls, never a drag of the scene), and so is
        // one on the dimmed window around a modal sheet (it closes it); the bar keeps its own.
        case let .mouseDown(p) where p.y >= Playground.barHeight && (modal || layout(in: playground).frame.contains(p)): press(at: p, in: playground, time: time)
        // A modal sheet takes the wheel and the trackpad: its rows scroll where they do not all fit.
        case let .wheel(_, dy, _) where modal: scroll(by: dy * Self.wheelNotch, in: playground)
        case let .scroll(_, dy, _, _) where modal: scroll(by: dy, in: playground)
        // A press it took: the slider follows to the release.
        case let .mouseMove(p): drag(to: p, in: playground, time: time)
        case let .mouseUp(p):
            drag(to: p, in: playground, time: time)
            draggedRow = nil
        default: return false
        }
        return true
    }

    /// A press on the sheet: a ↺, "Reset all", a switch, a ‹ or ›, or a slider's track (the value
    /// jumps under the pointer and follows it until the release); on a row elsewhere, it selects the
    /// row. On the dimmed scene around a modal sheet, it closes the sheet.
    private func press(at p: Point, in playground: Playground, time: Double) {
        let layout = layout(in: playground), rows = rows(in: playground)
        guard layout.frame.contains(p) else {
            if isModal(in: playground) { setShown(false, in: playground, at: time) }
            return
        }
        if layout.resetAll.contains(p) { resetAllRows(in: playground, at: time); return }
        guard layout.rowsClip.contains(p), let i = layout.rows.firstIndex(where: { $0.frame.contains(p) }) else { return }
        selectedRow = i
        let frames = layout.rows[i]
        if frames.reset.contains(p) && rows[i].differs(playground.settings, defaults(in: playground)) {
            resetSelectedRow(in: playground, at: time)
            return
        }
        switch rows[i].control {
        case .slider where frames.grip.contains(p):
            draggedRow = i
            drag(to: p, in: playground, time: time)
        case .toggle where frames.grip.contains(p):
            stepSelected(1, in: playground, at: time)
        case .choice where frames.previous.contains(p): stepSelected(-1, in: playground, at: time)
        case .choice where frames.next.contains(p): stepSelected(1, in: playground, at: time)
        default: break
        }
    }

    /// Selects row `index` (clamped) and scrolls the rows, where they scroll, to show it whole.
    func selectRow(_ index: Int, in playground: Playground) {
        let count = rows(in: playground).count
        guard count > 0 else { return }
        selectedRow = min(count - 1, max(0, index))
        let layout = layout(in: playground), row = layout.rows[selectedRow].frame, clip = layout.rowsClip
        if row.minY < clip.minY { scroll = layout.scroll - (clip.minY - row.minY) }
        if row.maxY > clip.maxY { scroll = layout.scroll + (row.maxY - clip.maxY) }
    }

    /// A wheel or trackpad over a modal sheet scrolls its rows, where they scroll, by `dy` px (kept
    /// whole, so a trackpad's small deltas add up; the layout shows the nearest whole row).
    private func scroll(by dy: Double, in playground: Playground) {
        scroll = min(layout(in: playground).maxScroll, max(0, scroll + dy))
    }

    /// The pointer moved with a slider held: its value follows the pointer's x along the track.
    private func drag(to p: Point, in playground: Playground, time: Double) {
        let rows = rows(in: playground)
        guard let i = draggedRow, i < rows.count, case let .slider(slider) = rows[i].control else { return }
        let track = layout(in: playground).rows[i].control
        var s = playground.settings
        slider.set(&s, slider.value(at: (p.x - track.minX) / track.width))
        if s != playground.settings { playground.apply(s, at: time) }
    }

    /// Applies `change` to the selected row's setting at `time`.
    private func changeSelectedRow(in playground: Playground, at time: Double, _ change: (TuningRow, inout PlaygroundSettings) -> Void) {
        let rows = rows(in: playground)
        guard !rows.isEmpty else { return }
        var s = playground.settings
        change(rows[min(selectedRow, rows.count - 1)], &s)
        playground.applyUsersChange(s, at: time)
    }

    private func stepSelected(_ direction: Double, in playground: Playground, at time: Double) {
        changeSelectedRow(in: playground, at: time) { row, s in row.step(&s, direction) }
    }

    /// The selected row back to its default (0, or its ↺).
    private func resetSelectedRow(in playground: Playground, at time: Double) {
        let defaults = defaults(in: playground)
        changeSelectedRow(in: playground, at: time) { row, s in row.reset(&s, defaults) }
    }

    /// Every row on the sheet back to its default ("Reset all"); the other scenes' rows and the photo
    /// settings stay.
    private func resetAllRows(in playground: Playground, at time: Double) {
        var s = playground.settings
        let defaults = defaults(in: playground)
        for row in rows(in: playground) { row.reset(&s, defaults) }
        playground.applyUsersChange(s, at: time)
    }

    /// Saves the settings (S) where `onSave` writes them, and shows its word.
    private func save(in playground: Playground) {
        status = playground.onSave?(playground.settings) ?? "No config file to save to: HOME is not set (or use --config)"
    }

    /// The sheet's answer for the pointer at `point`: a hand over what a press acts on, an arrow
    /// elsewhere on the sheet and on the dimmed scene around a modal one; nil beside a side sheet
    /// and over the bar.
    public func cursor(at point: Point, in playground: Playground) -> CursorKind? {
        guard shown, point.y >= Playground.barHeight else { return nil }
        let layout = layout(in: playground)
        guard layout.frame.contains(point) else { return isModal(in: playground) ? .arrow : nil }
        if layout.resetAll.contains(point) { return hasChanges(in: playground) ? .hand : .arrow }
        guard layout.rowsClip.contains(point), let i = layout.rows.firstIndex(where: { $0.frame.contains(point) }) else { return .arrow }
        let row = rows(in: playground)[i], frames = layout.rows[i]
        if frames.reset.contains(point) && row.differs(playground.settings, defaults(in: playground)) { return .hand }
        switch row.control {
        case .slider, .toggle: return frames.grip.contains(point) ? .hand : .arrow
        case .choice: return frames.previous.contains(point) || frames.next.contains(point) ? .hand : .arrow
        }
    }

    public func draw(into list: inout DisplayList, frame: Rect, in playground: Playground) {
        let layout = layout(in: playground), panel = layout.frame, text = playground.environment.text, rows = rows(in: playground)
        let defaults = defaults(in: playground), settings = playground.settings
        let lineHeight = text.size(of: "0", font: Playground.panelFont).height, clip = layout.rowsClip
        func textY(_ centre: Double, _ font: Font = Playground.panelFont) -> Double { (centre - text.size(of: "0", font: font).height / 2).rounded() }
        func rightAligned(_ string: String, _ font: Font, right: Double, centre: Double, _ color: Color) {
            list.text(string, font: font, at: Point(x: right - text.size(of: string, font: font).width, y: textY(centre, font)), color: color, clip: clip)
        }
        func button(_ box: Rect, _ label: String, font: Font = Playground.panelBold, color: Color = Theme.text, clip: Rect? = clip) {
            list.fill(box, Self.control, clip: clip)
            let w = text.size(of: label, font: font).width
            list.text(label, font: font, at: Point(x: (box.midX - w / 2).rounded(), y: textY(box.midY, font)), color: color, clip: clip)
        }
        // Modal, the window behind is dimmed in Playground.draw (PanelLayout.swift's rule).
        if layout.isModal { list.fill(panel.insetBy(dx: -1, dy: -1), Theme.barLine) }
        list.fill(panel, Theme.panel)
        if !layout.isModal { list.fill(Rect(x: panel.minX, y: panel.minY, width: 1, height: panel.height), Theme.barLine) }
        let close = "Esc closes"
        let closeWidth = text.size(of: close, font: Playground.panelFont).width
        list.text(close, font: Playground.panelFont, at: Point(x: panel.maxX - 14 - closeWidth, y: textY(layout.titleCentre)), color: Theme.secondaryText)
        let title = TuningLayout.fitted("Tuning  ·  \(playground.registry.entries[playground.activeIndex].tabTitle)", font: Playground.panelBold, width: panel.width - 42 - closeWidth, text: text)
        list.text(title, font: Playground.panelBold, at: Point(x: panel.minX + 14, y: textY(layout.titleCentre)), color: Theme.text)

        for (i, frames) in layout.rows.enumerated() where frames.frame.intersects(clip) {
            let row = rows[i]
            if i == min(selectedRow, rows.count - 1) { list.fill(frames.frame, Theme.accent.withAlpha(48), clip: clip) }
            list.text(row.label, font: Playground.panelFont, at: Point(x: frames.labelOrigin.x, y: textY(frames.lineCentre)), color: Theme.text, clip: clip)
            if row.differs(settings, defaults) { button(frames.reset, "↺", font: Playground.panelFont) }
            switch row.control {
            case let .slider(slider):
                rightAligned(row.value(settings), Playground.panelBold, right: frames.valueRight, centre: frames.lineCentre, Theme.accent)
                let track = frames.control
                if layout.roomy {
                    list.text(slider.minText, font: Self.smallFont,
                              at: Point(x: frames.labelOrigin.x, y: textY(track.midY, Self.smallFont)), color: Theme.secondaryText, clip: clip)
                    rightAligned(slider.maxText, Self.smallFont, right: frames.valueRight, centre: track.midY, Theme.secondaryText)
                }
                let knobX = (track.minX + slider.fraction(of: slider.get(settings)) * track.width).rounded()
                list.fill(track, Self.control, clip: clip)
                list.fill(Rect(x: track.minX, y: track.minY, width: knobX - track.minX, height: track.height), Theme.accent, clip: clip)
                let tickX = (track.minX + slider.fraction(of: slider.get(defaults)) * track.width).rounded()
                let tick = layout.knobRadius + 2
                list.fill(Rect(x: tickX - 1, y: track.midY - tick, width: 2, height: 2 * tick), Theme.secondaryText, clip: clip)
                list.disc(center: Point(x: knobX, y: track.midY), radius: layout.knobRadius, Theme.text, clip: clip)
            case let .toggle(key):
                let on = settings[keyPath: key], track = frames.control, r = track.height / 2
                let color = on ? Theme.accent : Self.switchOff
                list.fill(Rect(x: track.minX + r, y: track.minY, width: track.width - 2 * r, height: track.height), color, clip: clip)
                list.disc(center: Point(x: track.minX + r, y: track.midY), radius: r, color, clip: clip)
                list.disc(center: Point(x: track.maxX - r, y: track.midY), radius: r, color, clip: clip)
                list.disc(center: Point(x: on ? track.maxX - r : track.minX + r, y: track.midY), radius: r - 2, Theme.text, clip: clip)
            case .choice:
                button(frames.previous, "‹")
                button(frames.next, "›")
                let value = row.value(settings), w = text.size(of: value, font: Playground.panelBold).width
                list.text(value, font: Playground.panelBold, at: Point(x: (frames.control.midX - w / 2).rounded(), y: textY(frames.lineCentre)),
                          color: Theme.accent, clip: clip)
            }
        }
        if layout.maxScroll > 0 {
            // Where the shown rows are among all of them, at the sheet's right edge.
            let length = (clip.height * clip.height / (clip.height + layout.maxScroll)).rounded()
            let top = clip.minY + ((clip.height - length) * layout.scroll / layout.maxScroll).rounded()
            list.fill(Rect(x: clip.maxX - 4, y: top, width: 3, height: length), Self.switchOff)
        }
        // Greyed while every row is at its default.
        button(layout.resetAll, "Reset all", font: Playground.panelFont, color: hasChanges(in: playground) ? Theme.text : Theme.secondaryText, clip: nil)
        let hints = ["[ ] row   - = change   0 reset   S save   L reload", "S save   L reload   0 reset", "S save   L reload"]
        let width = panel.maxX - 14 - layout.statusOrigin.x
        // The last word wrapped to the lines the footer has, the last of them shortened in the middle.
        var lines = status.isEmpty ? [hints.first { text.size(of: $0, font: Playground.panelFont).width <= width } ?? hints[hints.count - 1]]
                                         : TextLayout.wrap(status, font: Playground.panelFont, width: width, measurer: text)
        if lines.count > layout.statusLines {
            lines = lines.prefix(layout.statusLines - 1) + [lines.dropFirst(layout.statusLines - 1).joined(separator: " ")]
        }
        for (i, line) in lines.enumerated() {
            list.text(TuningLayout.fitted(line, font: Playground.panelFont, width: width, text: text), font: Playground.panelFont,
                      at: Point(x: layout.statusOrigin.x, y: layout.statusOrigin.y + Double(i) * lineHeight), color: Theme.secondaryText)
        }
    }
}

/// Where everything on the tuning sheet goes, for a viewport and the active scene's rows.
struct TuningLayout {
    struct Row {
        let frame: Rect
        let labelOrigin: Point
        /// The vertical centre of the label's line.
        let lineCentre: Double
        /// Where the value's text ends (right-aligned).
        let valueRight: Double
        /// The ↺ button (drawn and pressable while the row differs from its default).
        let reset: Rect
        /// A slider's track, a switch, or the space between a choice's ‹ and ›.
        let control: Rect
        /// Where a press takes the slider or the switch: the control, grown to a comfortable target
        /// (a choice's are `previous` and `next`).
        let grip: Rect
        let previous: Rect
        let next: Rect
    }

    let frame: Rect
    let isModal: Bool
    /// Two lines per slider (label and value, then the track between its range's ends) and taller
    /// rows; else one line per row.
    let roomy: Bool
    let rows: [Row]
    let titleCentre: Double
    let resetAll: Rect
    /// Where the rows show: they scroll within it (by `scroll`) where they do not all fit.
    let rowsClip: Rect
    let scroll: Double
    let maxScroll: Double
    /// The top-left of the status or keys line.
    let statusOrigin: Point
    /// How many lines the status may take: one, or up to four where the sheet has room below (an
    /// error at start names a file, a field and the problem).
    let statusLines: Int
    let knobRadius: Double

    static let margin = 8.0
    static let padding = 6.0
    static let resetSide = 22.0
    static let roomySliderHeight = 48.0
    static let roomyRowHeight = 32.0
    static let roomyHeader = 44.0
    static let compactHeader = 28.0
    static let switchSize = Size(width: 34, height: 18)

    static func lineHeight(_ text: TextMeasuring) -> Double { text.size(of: "0", font: Playground.panelFont).height }

    /// Below the rows: a gap, the "Reset all" button, then (roomy) a gap and a status line under
    /// it, or (compact) the status beside it; a margin.
    static func footerHeight(roomy: Bool, text: TextMeasuring) -> Double {
        roomy ? 10 + 26 + 6 + lineHeight(text) + 10 : 5 + 22 + 5
    }

    /// The sheet's height with roomy rows for the tallest list of `rows`.
    static func roomyHeight(rows: [[TuningRow]], text: TextMeasuring) -> Double {
        let tallest = rows.map { list in
            list.reduce(0.0) { sum, row in
                if case .slider = row.control { return sum + roomySliderHeight }
                return sum + roomyRowHeight
            }
        }.max() ?? 0
        return roomyHeader + tallest + footerHeight(roomy: true, text: text)
    }

    /// `area`: where a modal sheet may go (`Playground.modalArea`). `scroll`: how far the rows are
    /// scrolled, clamped here to what they need.
    init(rows: [TuningRow], viewport: Size, modal: Bool, area: Rect, text: TextMeasuring, roomyHeight: Double, scroll: Double) {
        let bar = Playground.barHeight, m = Self.margin, pad = Self.padding
        isModal = modal
        let width = modal ? min(area.width, TuningPanel.modalWidth) : min(TuningPanel.sideWidth, viewport.width)
        let room = modal ? area.height : viewport.height - bar
        let roomy = roomyHeight <= room
        self.roomy = roomy
        let header = roomy ? Self.roomyHeader : Self.compactHeader
        let footer = Self.footerHeight(roomy: roomy, text: text)
        // Compact rows share what the window leaves, 20 to 30 px each.
        let share = ((room - header - footer) / Double(max(1, rows.count))).rounded(.down)
        let compactRow = max(TuningPanel.minimumCompactRowHeight, min(30, share))
        let heights = rows.map { row -> Double in
            guard roomy else { return compactRow }
            if case .slider = row.control { return Self.roomySliderHeight }
            return Self.roomyRowHeight
        }
        // Rows that do not fit even at the smallest height (compact, all one height) scroll between
        // the header and the footer, by whole rows, so none shows cut.
        let content = heights.reduce(0, +)
        let shown = content <= room - header - footer ? content : max(compactRow, ((room - header - footer) / compactRow).rounded(.down) * compactRow)
        maxScroll = content - shown
        self.scroll = (min(maxScroll, max(0, scroll)) / compactRow).rounded() * compactRow
        let height = header + shown + footer
        if modal {
            frame = Rect(x: (area.midX - width / 2).rounded(), y: area.minY + max(0, ((room - height) / 2).rounded()), width: width, height: height)
        } else {
            frame = Rect(x: viewport.width - width, y: bar, width: width, height: max(0, viewport.height - bar))
        }
        titleCentre = frame.minY + header / 2
        let knobRadius = roomy ? 8.0 : 7.0
        self.knobRadius = knobRadius

        let labelWidth = rows.map { text.size(of: $0.label, font: Playground.panelFont).width }.max() ?? 0
        let sliders = rows.compactMap { if case let .slider(s) = $0.control { s } else { nil } }
        let small = TuningPanel.smallFont
        let endsWidth = (min: sliders.map { text.size(of: $0.minText, font: small).width }.max() ?? 0,
                         max: sliders.map { text.size(of: $0.maxText, font: small).width }.max() ?? 0)
        // Compact: every value in one column right of the tracks, as wide as the widest a row can show.
        let valueWidth = sliders.flatMap { [$0.minText, $0.maxText] }.map { text.size(of: $0, font: Playground.panelBold).width }.max() ?? 0
        let choiceWidth = (ScrollPhysicsModels.names.map { text.size(of: $0, font: Playground.panelBold).width }.max() ?? 0) + 12
        rowsClip = Rect(x: frame.minX, y: frame.minY + header, width: frame.width, height: shown)
        var y = rowsClip.minY - self.scroll
        var laidOut: [Row] = []
        for (row, rowHeight) in zip(rows, heights) {
            let box = Rect(x: frame.minX + m, y: y, width: frame.width - 2 * m, height: rowHeight)
            y += rowHeight
            let isSlider = if case .slider = row.control { true } else { false }
            let lineCentre = roomy && isSlider ? box.minY + 15 : box.midY
            let side = min(Self.resetSide, rowHeight - 2)
            let reset = Rect(x: box.maxX - 4 - side, y: (lineCentre - side / 2).rounded(), width: side, height: side)
            let right = reset.minX - 8
            let labelOrigin = Point(x: box.minX + pad, y: lineCentre)
            // Compact rows start their controls after the widest label.
            let controlStart = box.minX + pad + labelWidth + 12
            var control = Rect.zero, previous = Rect.zero, next = Rect.zero
            switch row.control {
            case .slider:
                let trackCentre = roomy ? box.minY + 36 : box.midY
                let (start, end) = roomy ? (box.minX + pad + endsWidth.min + 10, right - endsWidth.max - 10)
                                         : (controlStart + knobRadius, right - valueWidth - 10 - knobRadius)
                control = Rect(x: start, y: trackCentre - 2, width: max(1, end - start), height: 4)
            case .toggle:
                let size = roomy ? Self.switchSize : Size(width: 30, height: 16)
                control = Rect(x: right - size.width, y: (lineCentre - size.height / 2).rounded(), width: size.width, height: size.height)
            case .choice:
                let side = min(22, rowHeight - 2)
                next = Rect(x: right - side, y: (lineCentre - side / 2).rounded(), width: side, height: side)
                control = Rect(x: next.minX - 4 - choiceWidth, y: next.minY, width: choiceWidth, height: side)
                previous = Rect(x: control.minX - 4 - side, y: next.minY, width: side, height: side)
            }
            let grip: Rect
            switch row.control {
            case .slider:
                // The track and the knob's overhang at its ends, the row's height around it.
                let reach = min(12, rowHeight / 2)
                grip = Rect(x: control.minX - knobRadius, y: control.midY - reach, width: control.width + 2 * knobRadius, height: 2 * reach)
            case .toggle: grip = control.insetBy(dx: -4, dy: -min(3, (rowHeight - control.height) / 2))
            case .choice: grip = .zero
            }
            laidOut.append(Row(frame: box, labelOrigin: labelOrigin, lineCentre: lineCentre, valueRight: right, reset: reset,
                               control: control, grip: grip, previous: previous, next: next))
        }
        y = rowsClip.maxY
        let resetAllWidth = text.size(of: "Reset all", font: Playground.panelFont).width + 20
        let lineHeight = Self.lineHeight(text)
        if roomy {
            // The button, and the status lines under it.
            resetAll = Rect(x: frame.minX + m, y: y + 10, width: resetAllWidth, height: 26)
            statusOrigin = Point(x: frame.minX + 14, y: resetAll.maxY + 6)
            statusLines = max(1, min(4, Int(((frame.maxY - 10 - statusOrigin.y) / lineHeight).rounded(.down))))
        } else {
            // The button, and one status line beside it.
            resetAll = Rect(x: frame.minX + m, y: y + 5, width: resetAllWidth, height: 22)
            statusOrigin = Point(x: resetAll.maxX + 12, y: (resetAll.midY - lineHeight / 2).rounded())
            statusLines = 1
        }
        self.rows = laidOut
    }

    /// `string`, or as much of its start and end as fits `width` with "…" between them.
    static func fitted(_ string: String, font: Font, width: Double, text: TextMeasuring) -> String {
        guard text.size(of: string, font: font).width > width else { return string }
        var characters = Array(string)
        while characters.count > 1 {
            characters.remove(at: characters.count / 2)
            var shortened = characters
            shortened.insert("…", at: characters.count / 2)
            if text.size(of: String(shortened), font: font).width <= width { return String(shortened) }
        }
        return "…"
    }
}
