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
/// (`tuningIsModal`), its rows one line each, down to `minimumCompactRowHeight`; a press on the
/// dimmed scene closes it, as Esc does.
extension Playground {
    static let panelWidth = 330.0
    static let modalPanelWidth = 440.0
    /// 13 px text's line (about 16 px in DejaVu Sans) with 2 px above and below: what lets every row
    /// of the pager's sheet (11) fit the 288 px a 480x360 window leaves below the bar.
    static let minimumCompactRowHeight = 20.0
    /// A wheel notch over a modal sheet whose rows scroll.
    static let tuningWheelNotch = 40.0
    /// The track ends' labels.
    static let panelSmallFont = Font(size: 11)
    /// Buttons and the tracks' unfilled part; opaque, since a switch's pill is a bar and two discs
    /// that overlap.
    static let tuningControl = Color(gray: 255, a: 36).composited(over: Theme.panel)
    static let tuningSwitchOff = Color(gray: 255, a: 64).composited(over: Theme.panel)

    var tuningRows: [TuningRow] { TuningRow.rows(for: registry.entries[activeIndex]) }
    /// What a row's reset goes back to: one source, the settings' own defaults.
    var tuningDefaults: PlaygroundSettings { PlaygroundSettings(registry: registry) }

    /// Some row on the sheet differs from its default: "Reset all" has something to do.
    var tuningHasChanges: Bool {
        let defaults = tuningDefaults
        return tuningRows.contains { $0.differs(settings, defaults) }
    }

    /// The sheet shows over the dimmed window instead of beside the scene: the side sheet would
    /// leave the scene under `minimumSceneWidth`, or be too short for the roomy rows of the scene
    /// with the most (so switching scenes never changes it).
    public var tuningIsModal: Bool {
        showsTuning && (viewport.width - Self.panelWidth < Self.minimumSceneWidth || tuningRoomyHeight > viewport.height - Self.barHeight)
    }

    var tuningRoomyHeight: Double {
        TuningLayout.roomyHeight(rows: registry.entries.map { TuningRow.rows(for: $0) }, text: environment.text)
    }

    /// The whole sheet: a press anywhere on it is the panel's.
    var tuningFrame: Rect { tuningLayout.frame }

    var tuningLayout: TuningLayout {
        let modal = tuningIsModal
        return TuningLayout(rows: tuningRows, viewport: viewport, modal: modal, area: modal ? modalArea : .zero, text: environment.text,
                            roomyHeight: tuningRoomyHeight, scroll: tuningScroll)
    }

    /// A press on the sheet: a ↺, "Reset all", a switch, a ‹ or ›, or a slider's track (the value
    /// jumps under the pointer and follows it until the release); on a row elsewhere, it selects the
    /// row. On the dimmed scene around a modal sheet, it closes the sheet.
    func tuningPress(at p: Point, time: Double) {
        let layout = tuningLayout, rows = tuningRows
        guard layout.frame.contains(p) else {
            if tuningIsModal { setTuning(false, at: time) }
            return
        }
        if layout.resetAll.contains(p) { resetAllTuningRows(at: time); return }
        guard layout.rowsClip.contains(p), let i = layout.rows.firstIndex(where: { $0.frame.contains(p) }) else { return }
        selectedRow = i
        let frames = layout.rows[i]
        if frames.reset.contains(p) && rows[i].differs(settings, tuningDefaults) {
            resetSelectedTuningRow(at: time)
            return
        }
        switch rows[i].control {
        case .slider where frames.grip.contains(p):
            draggedTuningRow = i
            tuningDrag(to: p, time: time)
        case .toggle where frames.grip.contains(p):
            stepSelected(1, at: time)
        case .choice where frames.previous.contains(p): stepSelected(-1, at: time)
        case .choice where frames.next.contains(p): stepSelected(1, at: time)
        default: break
        }
    }

    /// Selects row `index` (clamped) and scrolls the rows, where they scroll, to show it whole.
    func selectTuningRow(_ index: Int) {
        guard !tuningRows.isEmpty else { return }
        selectedRow = min(tuningRows.count - 1, max(0, index))
        let layout = tuningLayout, row = layout.rows[selectedRow].frame, clip = layout.rowsClip
        if row.minY < clip.minY { tuningScroll = layout.scroll - (clip.minY - row.minY) }
        if row.maxY > clip.maxY { tuningScroll = layout.scroll + (row.maxY - clip.maxY) }
    }

    /// A wheel or trackpad over a modal sheet scrolls its rows, where they scroll, by `dy` px (kept
    /// whole, so a trackpad's small deltas add up; the layout shows the nearest whole row).
    func scrollTuning(by dy: Double) {
        tuningScroll = min(tuningLayout.maxScroll, max(0, tuningScroll + dy))
    }

    /// The pointer moved with a slider held: its value follows the pointer's x along the track.
    func tuningDrag(to p: Point, time: Double) {
        let rows = tuningRows
        guard let i = draggedTuningRow, i < rows.count, case let .slider(slider) = rows[i].control else { return }
        let track = tuningLayout.rows[i].control
        var s = settings
        slider.set(&s, slider.value(at: (p.x - track.minX) / track.width))
        if s != settings { apply(s, at: time) }
    }

    func tuningRelease(at p: Point, time: Double) {
        tuningDrag(to: p, time: time)
        draggedTuningRow = nil
    }

    /// The sheet's answer for the pointer at `point`: a hand over what a press acts on, an arrow
    /// elsewhere on the sheet and on the dimmed scene around a modal one; nil beside a side sheet.
    func tuningCursor(at point: Point) -> CursorKind? {
        let layout = tuningLayout
        guard layout.frame.contains(point) else { return tuningIsModal ? .arrow : nil }
        if layout.resetAll.contains(point) { return tuningHasChanges ? .hand : .arrow }
        guard layout.rowsClip.contains(point), let i = layout.rows.firstIndex(where: { $0.frame.contains(point) }) else { return .arrow }
        let row = tuningRows[i], frames = layout.rows[i]
        if frames.reset.contains(point) && row.differs(settings, tuningDefaults) { return .hand }
        switch row.control {
        case .slider, .toggle: return frames.grip.contains(point) ? .hand : .arrow
        case .choice: return frames.previous.contains(point) || frames.next.contains(point) ? .hand : .arrow
        }
    }

    func drawTuning(into list: inout DisplayList) {
        let layout = tuningLayout, panel = layout.frame, text = environment.text, rows = tuningRows, defaults = tuningDefaults
        let lineHeight = text.size(of: "0", font: Self.panelFont).height, clip = layout.rowsClip
        func textY(_ centre: Double, _ font: Font = Self.panelFont) -> Double { (centre - text.size(of: "0", font: font).height / 2).rounded() }
        func rightAligned(_ string: String, _ font: Font, right: Double, centre: Double, _ color: Color) {
            list.text(string, font: font, at: Point(x: right - text.size(of: string, font: font).width, y: textY(centre, font)), color: color, clip: clip)
        }
        func button(_ box: Rect, _ label: String, font: Font = Self.panelBold, color: Color = Theme.text, clip: Rect? = clip) {
            list.fill(box, Self.tuningControl, clip: clip)
            let w = text.size(of: label, font: font).width
            list.text(label, font: font, at: Point(x: (box.midX - w / 2).rounded(), y: textY(box.midY, font)), color: color, clip: clip)
        }
        // Modal, the window behind is dimmed in Playground.draw (PanelLayout.swift's rule).
        if layout.isModal { list.fill(panel.insetBy(dx: -1, dy: -1), Theme.barLine) }
        list.fill(panel, Theme.panel)
        if !layout.isModal { list.fill(Rect(x: panel.minX, y: panel.minY, width: 1, height: panel.height), Theme.barLine) }
        let close = "Esc closes"
        let closeWidth = text.size(of: close, font: Self.panelFont).width
        list.text(close, font: Self.panelFont, at: Point(x: panel.maxX - 14 - closeWidth, y: textY(layout.titleCentre)), color: Theme.secondaryText)
        let title = TuningLayout.fitted("Tuning  ·  \(registry.entries[activeIndex].tabTitle)", font: Self.panelBold, width: panel.width - 42 - closeWidth, text: text)
        list.text(title, font: Self.panelBold, at: Point(x: panel.minX + 14, y: textY(layout.titleCentre)), color: Theme.text)

        for (i, frames) in layout.rows.enumerated() where frames.frame.intersects(clip) {
            let row = rows[i]
            if i == min(selectedRow, rows.count - 1) { list.fill(frames.frame, Theme.accent.withAlpha(48), clip: clip) }
            list.text(row.label, font: Self.panelFont, at: Point(x: frames.labelOrigin.x, y: textY(frames.lineCentre)), color: Theme.text, clip: clip)
            if row.differs(settings, defaults) { button(frames.reset, "↺", font: Self.panelFont) }
            switch row.control {
            case let .slider(slider):
                rightAligned(row.value(settings), Self.panelBold, right: frames.valueRight, centre: frames.lineCentre, Theme.accent)
                let track = frames.control
                if layout.roomy {
                    list.text(slider.minText, font: Self.panelSmallFont,
                              at: Point(x: frames.labelOrigin.x, y: textY(track.midY, Self.panelSmallFont)), color: Theme.secondaryText, clip: clip)
                    rightAligned(slider.maxText, Self.panelSmallFont, right: frames.valueRight, centre: track.midY, Theme.secondaryText)
                }
                let knobX = (track.minX + slider.fraction(of: slider.get(settings)) * track.width).rounded()
                list.fill(track, Self.tuningControl, clip: clip)
                list.fill(Rect(x: track.minX, y: track.minY, width: knobX - track.minX, height: track.height), Theme.accent, clip: clip)
                let tickX = (track.minX + slider.fraction(of: slider.get(defaults)) * track.width).rounded()
                let tick = layout.knobRadius + 2
                list.fill(Rect(x: tickX - 1, y: track.midY - tick, width: 2, height: 2 * tick), Theme.secondaryText, clip: clip)
                list.disc(center: Point(x: knobX, y: track.midY), radius: layout.knobRadius, Theme.text, clip: clip)
            case let .toggle(key):
                let on = settings[keyPath: key], track = frames.control, r = track.height / 2
                let color = on ? Theme.accent : Self.tuningSwitchOff
                list.fill(Rect(x: track.minX + r, y: track.minY, width: track.width - 2 * r, height: track.height), color, clip: clip)
                list.disc(center: Point(x: track.minX + r, y: track.midY), radius: r, color, clip: clip)
                list.disc(center: Point(x: track.maxX - r, y: track.midY), radius: r, color, clip: clip)
                list.disc(center: Point(x: on ? track.maxX - r : track.minX + r, y: track.midY), radius: r - 2, Theme.text, clip: clip)
            case .choice:
                button(frames.previous, "‹")
                button(frames.next, "›")
                let value = row.value(settings), w = text.size(of: value, font: Self.panelBold).width
                list.text(value, font: Self.panelBold, at: Point(x: (frames.control.midX - w / 2).rounded(), y: textY(frames.lineCentre)),
                          color: Theme.accent, clip: clip)
            }
        }
        if layout.maxScroll > 0 {
            // Where the shown rows are among all of them, at the sheet's right edge.
            let length = (clip.height * clip.height / (clip.height + layout.maxScroll)).rounded()
            let top = clip.minY + ((clip.height - length) * layout.scroll / layout.maxScroll).rounded()
            list.fill(Rect(x: clip.maxX - 4, y: top, width: 3, height: length), Self.tuningSwitchOff)
        }
        // Greyed while every row is at its default.
        button(layout.resetAll, "Reset all", font: Self.panelFont, color: tuningHasChanges ? Theme.text : Theme.secondaryText, clip: nil)
        let hints = ["[ ] row   - = change   0 reset   S save   L reload", "S save   L reload   0 reset", "S save   L reload"]
        let width = panel.maxX - 14 - layout.statusOrigin.x
        // The last word wrapped to the lines the footer has, the last of them shortened in the middle.
        var lines = tuningStatus.isEmpty ? [hints.first { text.size(of: $0, font: Self.panelFont).width <= width } ?? hints[hints.count - 1]]
                                         : TextLayout.wrap(tuningStatus, font: Self.panelFont, width: width, measurer: text)
        if lines.count > layout.statusLines {
            lines = lines.prefix(layout.statusLines - 1) + [lines.dropFirst(layout.statusLines - 1).joined(separator: " ")]
        }
        for (i, line) in lines.enumerated() {
            list.text(TuningLayout.fitted(line, font: Self.panelFont, width: width, text: text), font: Self.panelFont,
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
        let width = modal ? min(area.width, Playground.modalPanelWidth) : min(Playground.panelWidth, viewport.width)
        let room = modal ? area.height : viewport.height - bar
        let roomy = roomyHeight <= room
        self.roomy = roomy
        let header = roomy ? Self.roomyHeader : Self.compactHeader
        let footer = Self.footerHeight(roomy: roomy, text: text)
        // Compact rows share what the window leaves, 20 to 30 px each.
        let share = ((room - header - footer) / Double(max(1, rows.count))).rounded(.down)
        let compactRow = max(Playground.minimumCompactRowHeight, min(30, share))
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
        let small = Playground.panelSmallFont
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
