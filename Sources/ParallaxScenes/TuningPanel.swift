import ParallaxEngine

/// The tuning panel (P): the active scene's rows (TuningRow.swift) with their values and − + buttons,
/// and a footer with the keys or the last save/reload word. An opaque side sheet at the window's
/// right edge, under the bar, beside the scene: the scene is laid out in the width left of it
/// (`Playground.sceneViewport`), so every caption and paragraph stays in view while tuning. Esc closes it.
extension Playground {
    static let rowHeight = 28.0
    static let panelWidth = 330.0

    var tuningRows: [TuningRow] { TuningRow.rows(for: registry.entries[activeIndex]) }

    /// The whole sheet: a press anywhere on it is the panel's.
    var tuningFrame: Rect {
        let width = min(Self.panelWidth, viewport.width)
        return Rect(x: viewport.width - width, y: Self.barHeight, width: width, height: max(0, viewport.height - Self.barHeight))
    }

    /// `rowHeight`, or less (down to 20 px, the buttons shrinking with it) where the sheet is too
    /// short for every row and the footer (14 px below the rows, a line of text and a margin).
    var tuningRowHeight: Double {
        let rows = Double(max(1, tuningRows.count))
        return max(20, min(Self.rowHeight, ((tuningFrame.height - 44 - 40) / rows).rounded(.down)))
    }

    func tuningRowFrames() -> [(row: Rect, minus: Rect, plus: Rect)] {
        let panel = tuningFrame, rowHeight = tuningRowHeight
        return tuningRows.indices.map { i in
            let row = Rect(x: panel.minX + 8, y: panel.minY + 44 + Double(i) * rowHeight, width: panel.width - 16, height: rowHeight)
            let side = min(22, rowHeight)
            let plus = Rect(x: row.maxX - 26, y: (row.midY - side / 2).rounded(), width: 24, height: side)
            return (row, plus.offsetBy(dx: -30), plus)
        }
    }

    /// The row and direction of the − or + button under a press on the panel, if any.
    func tuningButton(at p: Point) -> (row: Int, direction: Double)? {
        for (i, row) in tuningRowFrames().enumerated() {
            if row.minus.contains(p) { return (i, -1) }
            if row.plus.contains(p) { return (i, 1) }
        }
        return nil
    }

    func drawTuning(into list: inout DisplayList) {
        let panel = tuningFrame, text = environment.text
        list.fill(panel, Theme.panel)
        list.fill(Rect(x: panel.minX, y: panel.minY, width: 1, height: panel.height), Theme.barLine)
        list.text("Tuning  ·  \(active.name)", font: Self.panelBold, at: Point(x: panel.minX + 14, y: panel.minY + 16), color: Theme.text)
        let close = "Esc closes"
        list.text(close, font: Self.panelFont, at: Point(x: panel.maxX - 14 - text.size(of: close, font: Self.panelFont).width, y: panel.minY + 16),
                  color: Theme.secondaryText)
        let rows = tuningRows
        for (i, frame) in tuningRowFrames().enumerated() {
            if i == min(selectedRow, rows.count - 1) { list.fill(frame.row, Theme.accent.withAlpha(48)) }
            let lineHeight = text.size(of: "0", font: Self.panelFont).height
            let y = (frame.row.midY - lineHeight / 2).rounded()
            list.text(rows[i].label, font: Self.panelFont, at: Point(x: frame.row.minX + 6, y: y), color: Theme.text)
            let value = rows[i].value(settings)
            let width = text.size(of: value, font: Self.panelBold).width
            list.text(value, font: Self.panelBold, at: Point(x: frame.minus.minX - 10 - width, y: y), color: Theme.accent)
            for (box, sign) in [(frame.minus, "−"), (frame.plus, "+")] {
                list.fill(box, Color(gray: 255, a: 36))
                let w = text.size(of: sign, font: Self.panelBold).width
                list.text(sign, font: Self.panelBold, at: Point(x: box.midX - w / 2, y: (box.midY - lineHeight / 2).rounded()), color: Theme.text)
            }
        }
        let footer = tuningStatus.isEmpty ? "[ ] select   - = change   S save   L reload" : tuningStatus
        let footerY = panel.minY + 44 + Double(rows.count) * tuningRowHeight + 14
        list.text(footer, font: Self.panelFont, at: Point(x: panel.minX + 14, y: footerY), color: Theme.secondaryText, clip: panel)
    }
}
