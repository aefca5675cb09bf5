import Foundation
import Testing
@testable import ParallaxEngine
@testable import ParallaxScenes

@Suite struct TuningPanelTests {
    let viewport = Size(width: 1280, height: 800)

    @Test func keysSelectAndChangeRowsAndTheChangeAppliesAtOnce() {
        let playground = Playground(viewport: viewport, environment: testEnvironment())
        playground.handle(.key(.p, shift: false), at: 0)
        #expect(playground.showsTuning)
        #expect(playground.tuningRows.first?.label == "Photo margin M")
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
        let row = playground.tuningRows.firstIndex { $0.label == "Trackpad momentum" }!
        for _ in 0..<row { playground.handle(.key(.rightBracket, shift: false), at: 3) }
        playground.handle(.key(.equals, shift: false), at: 3)
        #expect(!playground.settings.trackpadMomentum)
        #expect(!playground.feed.scroller.settings.trackpadMomentum)
        #expect(coastAfterStream(from: 4) == 0)
    }

    @Test func clicksOnTheButtonsChangeValuesAndDoNotScroll() {
        let playground = Playground(viewport: viewport, environment: testEnvironment())
        playground.handle(.key(.p, shift: false), at: 0)
        let rows = playground.tuningRowFrames()
        let decelerationRow = playground.tuningRows.firstIndex { $0.label == "UIKit deceleration / ms" }!
        let plus = rows[decelerationRow].plus
        playground.handle(.mouseDown(Point(x: plus.midX, y: plus.midY)), at: 0)
        playground.handle(.mouseMove(Point(x: plus.midX, y: plus.midY - 300)), at: 0.1)
        playground.handle(.mouseUp(Point(x: plus.midX, y: plus.midY - 300)), at: 0.1)
        playground.update(to: 1)
        #expect(abs(playground.settings.decelerationRate - 0.999) < 1e-12)
        #expect(playground.feed.scroller.settings.decelerationRate == playground.settings.decelerationRate)
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
        #expect(playground.tuningStatus == "refused: feed.maxShift: must be between 0 and 100, found 300")
        var saved: PlaygroundSettings?
        playground.onSave = { saved = $0; return "saved to c.json" }
        playground.handle(.key(.s, shift: false), at: 0)
        #expect(saved?[.feedMaxShift] == 31 && playground.tuningStatus == "saved to c.json")
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
        // [ ] - = S L in the tuning panel), the scenes (arrows, pages, Home, End, Space, R), the window
        // (Esc, F1, F12).
        let handled = ["1", "2", "3", "Tab", "M", "H", "P", "[", "]", "-", "=", "S", "L",
                       "Up", "Down", "Left", "Right", "PageUp", "PageDown", "Home", "End", "Space", "R",
                       "Esc", "F1", "F12"]
        for key in handled { #expect(words.contains(key), "the help does not name \(key): \(help)") }
    }
}
