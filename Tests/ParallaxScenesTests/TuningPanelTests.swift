import Foundation
import Testing
@testable import ParallaxEngine
import ParallaxFrame
@testable import ParallaxScenes

@Suite struct TuningPanelTests {
    let viewport = Size(width: 1280, height: 800)

    @Test func keysSelectAndChangeRowsAndTheChangeAppliesAtOnce() {
        let playground = Playground(viewport: viewport, environment: testEnvironment())
        playground.handle(.key(.p, shift: false), at: 0)
        #expect(playground.showsTuning)
        #expect(playground.tuning.rows(in: playground).first?.label == "Photo margin M")
        playground.handle(.key(.equals, shift: false), at: 0)
        playground.handle(.key(.equals, shift: false), at: 0)
        #expect(playground.settings[.feedMaxShift] == 32)
        #expect(playground.feed.layout.settings.maxShift == 32)
        // The pager's rows when the pager shows; the change reaches its layers.
        playground.handle(.key(.three, shift: false), at: 0)
        playground.handle(.key(.rightBracket, shift: false), at: 0)   // headline speed
        playground.handle(.key(.minus, shift: false), at: 0)
        #expect(abs(playground.settings[.pagerHeaderSpeed] - 1.4) < 1e-12)
        #expect(abs(playground.pager.speeds.header - 1.4) < 1e-12)
    }

    @Test func theMomentumRowTurnsTrackpadMomentumOffInTheScene() {
        let playground = Playground(viewport: viewport, environment: testEnvironment())
        // A trackpad stream of 8.618 px every 10 ms, then nothing: with momentum it flings on.
        func coastAfterStream(from start: Double) -> Double {
            for i in 1...20 { playground.handle(.scroll(dx: 0, dy: 8.618, liftFollows: false, shift: false), at: start + Double(i) * 0.01) }
            playground.update(to: start + 0.2)
            let stopped = playground.feed.offset
            playground.update(to: start + 2)
            return playground.feed.offset - stopped
        }
        #expect(playground.settings.trackpadMomentum)
        let coasted = coastAfterStream(from: 0)
        // 8.618 px every 10 ms is 861.8 px/s. A 0.998/ms fling from it coasts 861.8 / (1000 * ln(1/0.998))
        // = 430.5 px in all, of which 430.5 * 0.998^1800 = 11.7 px are still to go after 1.8 s: 418.7 px.
        #expect(abs(coasted - 418.7) < 2, "coasted \(coasted) px")
        playground.handle(.key(.p, shift: false), at: 3)
        let row = playground.tuning.rows(in: playground).firstIndex { $0.label == "Trackpad momentum" }!
        for _ in 0..<row { playground.handle(.key(.rightBracket, shift: false), at: 3) }
        playground.handle(.key(.equals, shift: false), at: 3)
        #expect(!playground.settings.trackpadMomentum)
        #expect(!playground.feed.scroller.settings.trackpadMomentum)
        #expect(coastAfterStream(from: 4) == 0)
    }

    /// The slider's value for a pointer at `x` on the row's track, by the linear rule: the range laid
    /// along the track from its start to its end, clamped, rounded to the row's step.
    func linearValue(at x: Double, track: Rect, range: ClosedRange<Double>, step: Double) -> Double {
        let fraction = min(1, max(0, (x - track.minX) / track.width))
        return ((range.lowerBound + fraction * (range.upperBound - range.lowerBound)) / step).rounded() * step
    }

    @Test func aSliderFollowsADragFromWhereItWasPressedAndClampsAtItsEnds() {
        let playground = Playground(viewport: viewport, environment: testEnvironment())
        playground.handle(.key(.p, shift: false), at: 0)
        let setting = SceneSetting.feedMaxShift
        let row = playground.tuning.rows(in: playground).firstIndex { $0.label == setting.label }!
        let track = playground.tuning.layout(in: playground).rows[row].control
        #expect(track.width > 100, "a track to drag along: \(track)")
        // A press anywhere on the track jumps there.
        let press = Point(x: track.minX + 0.731 * track.width, y: track.midY)
        playground.handle(.mouseDown(press), at: 0)
        #expect(playground.settings[setting] == linearValue(at: press.x, track: track, range: setting.range, step: setting.step))
        #expect(playground.settings[setting] == 73)
        #expect(playground.feed.layout.settings.maxShift == 73)
        // The drag follows the pointer's x wherever it goes, even off the row.
        for (x, y) in [(track.minX + 0.25 * track.width, track.midY + 200), (track.maxX + 300, track.midY), (track.minX - 300, 700.0)] {
            playground.handle(.mouseMove(Point(x: x, y: y)), at: 0.1)
            #expect(playground.settings[setting] == linearValue(at: x, track: track, range: setting.range, step: setting.step), "x = \(x)")
        }
        #expect(playground.settings[setting] == setting.range.lowerBound, "clamped at the start")
        let release = Point(x: track.minX + 0.5 * track.width, y: track.midY)
        playground.handle(.mouseUp(release), at: 0.2)
        #expect(playground.settings[setting] == 50)
        // After the release a move is the scene's again: nothing changes, nothing scrolled.
        playground.handle(.mouseMove(Point(x: track.maxX, y: track.midY)), at: 0.3)
        playground.update(to: 1)
        #expect(playground.settings[setting] == 50)
        #expect(playground.feed.offset == 0)
        #expect(playground.tuning.selectedRow == row)
    }

    /// Each slider's tick sits at its default's place along the track (the deceleration by the log of
    /// its time constant, the wheel step by the log of its pixels, with "auto" at the start), and
    /// the knob at the value's.
    @Test func theDefaultsTickAndTheKnobSitWhereTheirValuesAre() {
        let playground = Playground(viewport: viewport, first: "pager", environment: testEnvironment())
        playground.handle(.key(.p, shift: false), at: 0)
        var s = playground.settings
        s[.pagerHeaderSpeed] = 3.1
        s.decelerationRate = 0.99
        s.wheelStep = 100
        playground.apply(s)
        var list = DisplayList()
        playground.draw(into: &list)
        let fills = list.commands.compactMap { if case let .fill(fill) = $0 { fill.rect } else { nil } }
        let discs = list.commands.compactMap { if case let .disc(disc) = $0 { disc.center } else { nil } }
        let timeConstant = { (r: Double) in log(-1 / log(r)) }
        let decay = PlaygroundSettings.Limits.decelerationRate
        let expected: [(label: String, defaultFraction: Double, valueFraction: Double)] = [
            ("Background speed", (0.6 + 2) / 6, (0.6 + 2) / 6),
            ("Headline speed", (1.5 + 2) / 6, (3.1 + 2) / 6),
            ("Paragraph speed", (2 + 2) / 6, (2 + 2) / 6),
            ("UIKit deceleration / ms", (timeConstant(0.998) - timeConstant(decay.lowerBound)) / (timeConstant(decay.upperBound) - timeConstant(decay.lowerBound)),
             (timeConstant(0.99) - timeConstant(decay.lowerBound)) / (timeConstant(decay.upperBound) - timeConstant(decay.lowerBound))),
            ("UIKit rubber band c", (0.55 - 0.05) / 1.95, (0.55 - 0.05) / 1.95),
            ("Wheel step", 0, log(100 / 10) / log(2000 / 10)),
        ]
        for (label, defaultFraction, valueFraction) in expected {
            let row = playground.tuning.rows(in: playground).firstIndex { $0.label == label }!
            let track = playground.tuning.layout(in: playground).rows[row].control
            let tickX = (track.minX + defaultFraction * track.width).rounded()
            #expect(fills.contains { $0.width == 2 && $0.midX == tickX && $0.midY == track.midY && $0.height > track.height },
                    "\(label): no tick at \(tickX)")
            let knob = Point(x: (track.minX + valueFraction * track.width).rounded(), y: track.midY)
            #expect(discs.contains(knob), "\(label): no knob at \(knob)")
        }
        #expect(abs(timeConstant(0.998) - log(499.5)) < 1e-3, "0.998 per ms is a 499.5 ms time constant")
    }

    @Test func theWheelStepsSliderIsAutoAtItsStartAndPixelsByRatioBeyond() {
        let playground = Playground(viewport: viewport, environment: testEnvironment())
        playground.handle(.key(.p, shift: false), at: 0)
        let row = playground.tuning.rows(in: playground).firstIndex { $0.label == "Wheel step" }!
        let track = playground.tuning.layout(in: playground).rows[row].control
        for fraction in [0.0, 0.1, 0.3, 0.6, 1] {
            let x = track.minX + fraction * track.width
            playground.handle(.mouseDown(Point(x: x, y: track.midY)), at: 0)
            playground.handle(.mouseUp(Point(x: x, y: track.midY)), at: 0)
            let pixels = (10 * pow(200, fraction)).rounded()
            #expect(playground.settings.wheelStep == (pixels < 20 ? nil : pixels), "at \(fraction) of the track")
        }
    }

    @Test func aSwitchTogglesOnAPressAndItsLabelDoesNot() {
        let playground = Playground(viewport: viewport, environment: testEnvironment())
        playground.handle(.key(.p, shift: false), at: 0)
        let row = playground.tuning.rows(in: playground).firstIndex { $0.label == "Whole pixels" }!
        let frames = playground.tuning.layout(in: playground).rows[row]
        let onSwitch = Point(x: frames.control.midX, y: frames.control.midY)
        #expect(!playground.settings.wholePixels)
        playground.handle(.mouseDown(onSwitch), at: 0)
        playground.handle(.mouseUp(onSwitch), at: 0)
        #expect(playground.settings.wholePixels)
        #expect(playground.tuning.selectedRow == row)
        playground.handle(.mouseDown(Point(x: frames.labelOrigin.x + 10, y: frames.lineCentre)), at: 0)
        #expect(playground.settings.wholePixels, "the label selects, it does not toggle")
        playground.handle(.mouseDown(onSwitch), at: 0)
        #expect(!playground.settings.wholePixels)
        // The switch shows its state: its knob at the right end when on, at the left when off.
        func knobX() -> Double? {
            var list = DisplayList()
            playground.draw(into: &list)
            return list.commands.compactMap { if case let .disc(disc) = $0, disc.center.y == frames.control.midY,
                                                 disc.radius == frames.control.height / 2 - 2 { disc.center.x } else { nil } }.first
        }
        #expect(knobX() == frames.control.minX + frames.control.height / 2)
        playground.handle(.mouseDown(onSwitch), at: 0)
        #expect(knobX() == frames.control.maxX - frames.control.height / 2)
    }

    @Test func theChoicesArrowsStepThroughThePhysicsModels() {
        let playground = Playground(viewport: viewport, environment: testEnvironment())
        playground.handle(.key(.p, shift: false), at: 0)
        let frames = playground.tuning.layout(in: playground).rows[playground.tuning.rows(in: playground).firstIndex { $0.label == "Physics" }!]
        let names = ScrollPhysicsModels.names
        playground.handle(.mouseDown(Point(x: frames.next.midX, y: frames.next.midY)), at: 0)
        #expect(playground.settings.physics == names[1])
        playground.handle(.mouseDown(Point(x: frames.previous.midX, y: frames.previous.midY)), at: 0)
        playground.handle(.mouseDown(Point(x: frames.previous.midX, y: frames.previous.midY)), at: 0)
        #expect(playground.settings.physics == names[names.count - 1])
    }

    /// ↺ shows on the rows that differ from their defaults and resets one; 0 resets the selected
    /// row; "Reset all" every row on the sheet: back to `PlaygroundSettings()`, the one source.
    @Test func resetsPutRowsBackToTheirDefaults() {
        let playground = Playground(viewport: viewport, environment: testEnvironment())
        let defaults = PlaygroundSettings()
        playground.handle(.key(.p, shift: false), at: 0)
        func resetButtons() -> Int {
            var list = DisplayList()
            playground.draw(into: &list)
            return list.textRuns.filter { $0.text == "↺" }.count
        }
        #expect(resetButtons() == 0)
        var s = playground.settings
        s[.feedMaxShift] = 80
        s.physics = "android"
        s.rubberBandConstant = 1
        s.wholePixels = true
        s.oneFrameLate = true
        playground.apply(s)
        #expect(resetButtons() == 5)
        let layout = playground.tuning.layout(in: playground)
        let rubber = playground.tuning.rows(in: playground).firstIndex { $0.label == "UIKit rubber band c" }!
        playground.handle(.mouseDown(Point(x: layout.rows[rubber].reset.midX, y: layout.rows[rubber].reset.midY)), at: 0)
        #expect(playground.settings.rubberBandConstant == defaults.rubberBandConstant)
        #expect(playground.settings[.feedMaxShift] == 80 && playground.settings.wholePixels, "the other rows stay")
        #expect(resetButtons() == 4)
        // 0 resets the selected row: the first, the photo margin.
        playground.handle(.key(.leftBracket, shift: false), at: 0)
        for _ in 0..<10 { playground.handle(.key(.leftBracket, shift: false), at: 0) }
        playground.handle(.key(.zero, shift: false), at: 0)
        #expect(playground.settings[.feedMaxShift] == SceneSetting.feedMaxShift.defaultValue)
        #expect(playground.feed.layout.settings.maxShift == SceneSetting.feedMaxShift.defaultValue)
        playground.handle(.mouseDown(Point(x: layout.resetAll.midX, y: layout.resetAll.midY)), at: 0)
        #expect(playground.settings == defaults)
        #expect(resetButtons() == 0)
        #expect(playground.feed.scroller.settings.rubberBandConstant == defaults.rubberBandConstant)
    }

    /// Below the width where the side sheet would leave the scene under 480 px, the sheet is drawn
    /// over the dimmed window: at 480x360 every scene's rows, one line each and at least 22 px tall,
    /// and the footer fit inside it, in order without overlap, and it inside the window; each text
    /// run inside its row or the footer.
    @Test(arguments: ["feed", "header", "pager"])
    func atTheSmallestWindowTheModalSheetHoldsEveryRowAndItsFooter(scene: String) {
        let small = Size(width: 480, height: 360), text = HalfEmTextMeasurer()
        let playground = Playground(viewport: small, first: scene, environment: testEnvironment())
        playground.handle(.key(.p, shift: false), at: 0)
        #expect(playground.tuningIsModal)
        #expect(playground.active.viewport == small, "the scene keeps the window")
        let layout = playground.tuning.layout(in: playground), sheet = playground.tuning.frame(in: playground)!
        #expect(sheet.minX >= 0 && sheet.maxX <= small.width && sheet.minY >= 0 && sheet.maxY <= small.height, "\(sheet)")
        #expect(layout.rows.count == playground.tuning.rows(in: playground).count)
        #expect(layout.maxScroll == 0, "every row shows at once")
        var bottom = sheet.minY + TuningLayout.compactHeader
        for (i, row) in layout.rows.enumerated() {
            #expect(row.frame.minY >= bottom, "row \(i) overlaps the one above")
            #expect(row.frame.height >= TuningPanel.minimumCompactRowHeight)
            #expect(row.frame.minX >= sheet.minX && row.frame.maxX <= sheet.maxX, "row \(i)")
            for part in [row.reset, row.control, row.grip] where part != .zero {
                #expect(part.minX >= row.frame.minX && part.maxX <= row.frame.maxX && part.minY >= row.frame.minY && part.maxY <= row.frame.maxY,
                        "row \(i): \(part) outside \(row.frame)")
            }
            bottom = row.frame.maxY
        }
        #expect(layout.resetAll.minY >= bottom && layout.resetAll.maxY <= sheet.maxY)
        let lineHeight = text.size(of: "0", font: Playground.panelFont).height
        #expect(layout.statusOrigin.x >= layout.resetAll.maxX && layout.statusOrigin.y >= bottom && layout.statusOrigin.y + lineHeight <= sheet.maxY)
        // Below the bar, like every modal panel (PanelLayout.swift).
        #expect(sheet.minY >= Playground.barHeight)
        var list = DisplayList()
        playground.draw(into: &list)
        let sheetStart = list.commands.firstIndex { if case let .fill(fill) = $0 { fill.rect == sheet } else { false } }!
        let runs = list.commands[sheetStart...].compactMap { if case let .text(run) = $0 { run } else { nil } }
        #expect(runs.count > layout.rows.count)
        for run in runs {
            let box = Rect(origin: run.origin, size: text.size(of: run.text, font: run.font))
            #expect(box.minX >= sheet.minX && box.maxX <= sheet.maxX && box.minY >= sheet.minY && box.maxY <= sheet.maxY, "'\(run.text)' at \(box)")
            let inOneRow = layout.rows.contains { box.minX >= $0.frame.minX && box.maxX <= $0.frame.maxX && box.minY >= $0.frame.minY && box.maxY <= $0.frame.maxY }
            #expect(inOneRow || box.maxY <= layout.rows[0].frame.minY || box.minY >= bottom, "'\(run.text)' at \(box) across rows")
        }
        // The scene under it is dimmed: a translucent black over the whole window before the sheet.
        #expect(list.commands[..<sheetStart].contains { if case let .fill(fill) = $0 { fill.rect == Rect(origin: .zero, size: small) && fill.color.a > 0 && fill.color.r == 0 } else { false } })
    }

    /// With a toast under it at 480x360 the sheet ends above the toast, and its rows scroll: the
    /// wheel reaches the last row, ] keeps the selected row in view, a row scrolled away takes no press.
    @Test func whereTheRowsDoNotFitTheyScrollInsideTheSheet() throws {
        let small = Size(width: 480, height: 360)
        let playground = Playground(viewport: small, first: "pager", environment: testEnvironment())
        playground.handle(.key(.p, shift: false), at: 0)
        playground.notify("Saved parallax-2026-11-27-101010.123.png", flash: false, at: 0)
        let toast = try #require(playground.toast.frame(above: nil, in: playground))
        var layout = playground.tuning.layout(in: playground)
        #expect(!layout.frame.intersects(toast) && layout.frame.maxY <= toast.minY, "\(layout.frame) meets the toast \(toast)")
        #expect(layout.maxScroll > 0)
        let count = playground.tuning.rows(in: playground).count
        func whole(_ row: Int) -> Bool {
            let frame = playground.tuning.layout(in: playground).rows[row].frame, clip = playground.tuning.layout(in: playground).rowsClip
            return frame.minY >= clip.minY && frame.maxY <= clip.maxY
        }
        #expect(whole(0) && !whole(count - 1))
        let last = layout.rows[count - 1]
        playground.handle(.mouseDown(Point(x: last.control.midX, y: last.control.midY)), at: 0)
        playground.handle(.mouseUp(Point(x: last.control.midX, y: last.control.midY)), at: 0)
        #expect(!playground.settings.oneFrameLate, "the hidden last row took no press")
        for _ in 0..<20 { playground.handle(.wheel(dx: 0, dy: 1, shift: false), at: 0) }
        layout = playground.tuning.layout(in: playground)
        #expect(layout.scroll == layout.maxScroll && whole(count - 1) && !whole(0))
        #expect(playground.pager.offset == 0, "the wheel scrolled the sheet, not the pager")
        for _ in 0..<20 { playground.handle(.wheel(dx: 0, dy: -1, shift: false), at: 0) }
        #expect(playground.tuning.layout(in: playground).scroll == 0)
        // A trackpad's 4 px deltas add up: ten of them are two 20 px rows.
        let rowHeight = layout.rows[0].frame.height
        for _ in 0..<10 { playground.handle(.scroll(dx: 0, dy: 4, liftFollows: false, shift: false), at: 0) }
        #expect(playground.tuning.layout(in: playground).scroll == (40 / rowHeight).rounded() * rowHeight)
        #expect(playground.tuning.layout(in: playground).rows[0].frame.minY == playground.tuning.layout(in: playground).rowsClip.minY - playground.tuning.layout(in: playground).scroll)
        for _ in 0..<20 { playground.handle(.wheel(dx: 0, dy: -1, shift: false), at: 0) }
        for row in 1..<count {
            playground.handle(.key(.rightBracket, shift: false), at: 0)
            #expect(playground.tuning.selectedRow == row && whole(row), "row \(row)")
        }
        let shown = playground.tuning.layout(in: playground).rows[count - 1]
        playground.handle(.mouseDown(Point(x: shown.control.midX, y: shown.control.midY)), at: 0)
        #expect(playground.settings.oneFrameLate)
    }

    @Test func aPressOnTheDimmedSceneClosesTheModalSheetAndDoesNotScroll() {
        let playground = Playground(viewport: Size(width: 700, height: 500), environment: testEnvironment())
        playground.handle(.key(.p, shift: false), at: 0)
        #expect(playground.tuningIsModal && !playground.tuning.frame(in: playground)!.contains(Point(x: 20, y: 300)))
        playground.handle(.mouseDown(Point(x: 20, y: 300)), at: 0)
        playground.handle(.mouseMove(Point(x: 20, y: 100)), at: 0.05)
        playground.handle(.mouseUp(Point(x: 20, y: 100)), at: 0.1)
        playground.update(to: 1)
        #expect(!playground.showsTuning && !playground.tuningIsModal)
        #expect(playground.feed.offset == 0)
    }

    @Test func wheelStepGoesFromAutoToPixelsAndBack() {
        let playground = Playground(viewport: viewport, environment: testEnvironment())
        var s = playground.settings
        let row = TuningRow.rows(for: SceneRegistry.standard.entries[0]).first { $0.label == "Wheel step" }!
        #expect(row.value(s) == "auto")
        row.step(&s, 1)
        #expect(s.wheelStep == 20 && row.value(s) == "20 px")
        row.step(&s, -1)
        #expect(s.wheelStep == nil)
        playground.apply(s)
        s.wheelStep = 100
        playground.apply(s)
        playground.handle(.wheel(dx: 0, dy: 1, shift: false), at: 0)
        playground.update(to: 1)
        #expect(playground.feed.offset == 100)
    }

    @Test func aRefusedReloadKeepsTheSettings() {
        let playground = Playground(viewport: viewport, environment: testEnvironment())
        playground.onReload = { .failure(InputFileError(file: "c.json", path: "feed.maxShift", problem: "must be between 0 and 100, found 300")) }
        playground.handle(.key(.p, shift: false), at: 0)
        playground.handle(.key(.equals, shift: false), at: 0)
        playground.handle(.key(.l, shift: false), at: 0)
        #expect(playground.settings[.feedMaxShift] == 31)
        #expect(playground.tuning.status == "Not reloaded: feed.maxShift: must be between 0 and 100, found 300")
        var saved: PlaygroundSettings?
        playground.onSave = { saved = $0; return "Saved to c.json" }
        playground.handle(.key(.s, shift: false), at: 0)
        #expect(saved?[.feedMaxShift] == 31 && playground.tuning.status == "Saved to c.json")
    }

    @Test func oneFrameLateTakesTheShiftFromThePreviousFrame() {
        var options = SceneRegistry.Options()
        options.settings.oneFrameLate = true
        let late = Playground(viewport: viewport, options: options, environment: testEnvironment())
        late.handle(.mouseDown(Point(x: 640, y: 700)), at: 0)
        late.handle(.mouseMove(Point(x: 640, y: 600)), at: 0)
        late.update(to: 0)       // offset 100
        late.handle(.mouseMove(Point(x: 640, y: 500)), at: 0.02)
        late.update(to: 0.02)    // offset 200; the shift is still the one for 100
        let cell = late.feed.layout.visible(offset: 200).cells[0]
        guard case let .array(items)? = late.traceGeometry["items"], case let .object(first)? = items.first else { Issue.record("no items"); return }
        let lagging = late.feed.layout.cell(cell.index, offset: 200, parallaxOffset: 100).shift
        #expect(first["shift"] == .number(lagging), "the trace reports the shift drawn")
        var list = DisplayList()
        late.feed.draw(into: &list)
        let quad = list.imageQuads.first { $0.clip == cell.container }!
        #expect(quad.destination.minY == cell.container.minY - 30 + lagging)
        #expect(lagging != cell.shift)
    }

    @Test func wholePixelsRoundTheDrawnOffset() {
        var options = SceneRegistry.Options()
        options.settings.wholePixels = true
        let playground = Playground(viewport: viewport, options: options, environment: testEnvironment())
        playground.handle(.mouseDown(Point(x: 640, y: 700)), at: 0)
        playground.handle(.mouseMove(Point(x: 640, y: 599.6)), at: 0)
        playground.update(to: 0)
        #expect(playground.feed.offset == 100)
    }

    @Test func helpListsEveryKey() {
        let playground = Playground(viewport: viewport, environment: testEnvironment())
        func texts() -> [String] {
            var list = DisplayList()
            playground.draw(into: &list)
            return list.textRuns.map(\.text)
        }
        let without = texts()
        playground.handle(.key(.h, shift: false), at: 0)
        let help = texts().filter { !without.contains($0) }
        let words = Set(help.flatMap { $0.split(whereSeparator: { " ,/:+()".contains($0) }).map(String.init) })
        // The keys something handles, as the help must name them: the playground (1 2 3 Tab M H P, and
        // [ ] - = 0 S L in the tuning panel), the scenes (arrows, pages, Home, End, Space, R), the window
        // (Esc, F1, F12).
        let handled = ["1", "2", "3", "Tab", "M", "H", "P", "[", "]", "-", "=", "0", "S", "L",
                       "Up", "Down", "Left", "Right", "PageUp", "PageDown", "Home", "End", "Space", "R",
                       "Esc", "F1", "F12"]
        for key in handled { #expect(words.contains(key), "the help does not name \(key): \(help)") }
    }
}
