import Foundation
import Testing
@testable import ParallaxEngine
import ParallaxFrame
@testable import ParallaxScenes

/// WCAG 2's contrast ratio of two opaque colours: (L1 + 0.05) / (L2 + 0.05), L the relative luminance
/// of the linearised sRGB channels.
func contrastRatio(_ a: Color, _ b: Color) -> Double {
    func luminance(_ c: Color) -> Double {
        func linear(_ v: UInt8) -> Double {
            let s = Double(v) / 255
            return s <= 0.03928 ? s / 12.92 : pow((s + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(c.r) + 0.7152 * linear(c.g) + 0.0722 * linear(c.b)
    }
    let (l1, l2) = (luminance(a), luminance(b))
    return (max(l1, l2) + 0.05) / (min(l1, l2) + 0.05)
}

@Suite struct PanelTests {
    let viewport = Size(width: 1280, height: 800)

    func press(_ key: Key, _ playground: Playground) { playground.handle(.key(key, shift: false), at: 0) }

    func frame(_ playground: Playground) -> [DrawCommand] {
        playground.update(to: 1)
        var list = DisplayList()
        playground.draw(into: &list)
        return list.commands
    }

    @Test func contrastRatioIsWCAGs() {
        #expect(abs(contrastRatio(.white, Color(gray: 0)) - 21) < 1e-9)
        // #777 on white, WCAG's best-known near miss: 4.48.
        #expect(abs(contrastRatio(Color(gray: 0x77), .white) - 4.48) < 0.005)
    }

    /// Every text run drawn on a panel, against what is under it: the fills drawn before it over that
    /// point, composited in order on the scene's worst cases, black and white (whatever the scene
    /// shows there). At its box's corners and centre, its colour over that background is at least
    /// 4.5:1 against it.
    @Test(arguments: [Key.h, Key.p])
    func panelTextIsAtLeast4Point5To1OverWhateverIsBehind(panelKey: Key) {
        let text = HalfEmTextMeasurer()
        for scene in 0..<3 {
            let playground = Playground(viewport: viewport, environment: testEnvironment())
            playground.select(scene)
            press(panelKey, playground)
            let commands = frame(playground)
            // From the panel's own fill on, everything drawn is the panel's.
            let before = commands.firstIndex { if case let .fill(fill) = $0 { fill.color.withAlpha(255) == Theme.panel.withAlpha(255) } else { false } }!
            let panelCommands = commands[before...]
            var checked = 0
            for (index, command) in zip(panelCommands.indices, panelCommands) {
                guard case let .text(run) = command else { continue }
                let size = text.size(of: run.text, font: run.font)
                let box = Rect(origin: run.origin, size: size).insetBy(dx: 1, dy: 1)
                for point in [Point(x: box.minX, y: box.minY), Point(x: box.maxX, y: box.maxY), Point(x: box.midX, y: box.midY)] {
                    for behind in [Color(gray: 0), Color.white] {
                        var under = behind
                        for case let .fill(fill) in commands[before..<index] where fill.rect.contains(point) && fill.clip?.contains(point) != false {
                            under = fill.color.withAlpha(UInt8((Double(fill.color.a) * fill.opacity).rounded())).composited(over: under)
                        }
                        let ink = run.color.withAlpha(UInt8((Double(run.color.a) * run.opacity).rounded())).composited(over: under)
                        let ratio = contrastRatio(ink, under)
                        #expect(ratio >= 4.5, "\(panelKey.name) in scene \(scene): '\(run.text)' \(ratio):1 over \(behind)")
                    }
                }
                checked += 1
            }
            #expect(checked > 10, "the panel's text was found")
        }
    }

    /// The sheet stands beside the scene: every scene is laid out in the width left of it, so none
    /// of its text is under the sheet, and gets the whole window back when it closes.
    @Test func theTuningSheetCoversNoneOfTheScene() {
        let text = HalfEmTextMeasurer()
        for scene in 0..<3 {
            let playground = Playground(viewport: viewport, environment: testEnvironment())
            playground.select(scene)
            press(.p, playground)
            let sheet = playground.tuning.frame(in: playground)!
            #expect(sheet == Rect(x: 950, y: Playground.barHeight, width: 330, height: 800 - Playground.barHeight))
            #expect(playground.active.viewport == Size(width: 950, height: 800))
            playground.update(to: 1)
            var list = DisplayList()
            playground.active.draw(into: &list)
            #expect(list.textRuns.count >= 2)
            for run in list.textRuns {
                let right = run.origin.x + text.size(of: run.text, font: run.font).width
                #expect(right <= sheet.minX || (run.clip.map { $0.maxX <= sheet.minX } ?? false), "scene \(scene): '\(run.text)' ends at \(right)")
            }
            press(.escape, playground)
            #expect(playground.active.viewport == viewport)
        }
    }

    @Test func inANarrowWindowTheSheetIsModalOverTheScene() {
        let narrow = Size(width: 700, height: 500)
        let playground = Playground(viewport: narrow, environment: testEnvironment())
        press(.p, playground)
        // 700 - 330 = 370 px would be too narrow for a scene (under 480): it keeps the window, and the
        // sheet is centred over it, dimmed.
        #expect(playground.active.viewport == narrow)
        #expect(playground.tuningIsModal)
        let sheet = playground.tuning.frame(in: playground)!
        #expect(sheet.width == TuningPanel.modalWidth && sheet.minX == (700 - sheet.width) / 2, "\(sheet)")
        // Widened (and tall enough for the roomy rows) with the sheet open, the scene gets the width beside it.
        playground.handle(.resize(Size(width: 1000, height: 800)), at: 0)
        #expect(!playground.tuningIsModal)
        #expect(playground.active.viewport == Size(width: 670, height: 800))
        #expect(playground.tuning.frame(in: playground)! == Rect(x: 670, y: Playground.barHeight, width: 330, height: 800 - Playground.barHeight))
    }

    /// At 480x360 both panels show their lines inside them at a readable size: each run's box (as
    /// far as its clip lets it show: help's lines scroll) inside the panel, and the panel inside the window.
    @Test(arguments: [Key.h, Key.p])
    func inASmallWindowEveryPanelLineIsWhole(panelKey: Key) {
        let small = Size(width: 480, height: 360), text = HalfEmTextMeasurer()
        let playground = Playground(viewport: small, first: "pager", environment: testEnvironment())
        press(panelKey, playground)
        let commands = frame(playground)
        let start = commands.firstIndex { if case let .fill(fill) = $0 { fill.color.withAlpha(255) == Theme.panel.withAlpha(255) } else { false } }!
        let runs = commands[start...].compactMap { if case let .text(run) = $0 { run } else { nil } }
        let panel = panelKey == .p ? playground.tuning.frame(in: playground)! : playground.help.frame(in: playground)!
        #expect(runs.count >= 12)
        for run in runs {
            let whole = Rect(origin: run.origin, size: text.size(of: run.text, font: run.font))
            guard let box = run.clip.map({ whole.intersection($0) }) ?? whole else { continue }
            #expect(box.minX >= panel.minX && box.maxX <= panel.maxX && box.minY >= panel.minY && box.maxY <= panel.maxY,
                    "'\(run.text)' at \(box) outside the panel \(panel)")
            #expect(run.font.size >= 12, "'\(run.text)' at \(run.font.size) px")
        }
        #expect(panel.minX >= 0 && panel.maxX <= small.width && panel.minY >= 0 && panel.maxY <= small.height, "\(panel)")
    }

    /// Esc closes the help first (it is drawn over the tuning panel), then the tuning panel, in
    /// whichever order they were opened; with neither open the playground leaves it to the window
    /// loop, which quits.
    @Test(arguments: [[Key.p, Key.h], [Key.h, Key.p]])
    func escClosesHelpThenTuningThenIsTheWindowsToQuit(opening: [Key]) {
        let playground = Playground(viewport: viewport, environment: testEnvironment())
        let plain = frame(playground)
        for key in opening { press(key, playground) }
        #expect(playground.showsHelp && playground.showsTuning && playground.hasOpenPanel)
        press(.escape, playground)
        #expect(!playground.showsHelp && playground.showsTuning && playground.hasOpenPanel)
        press(.escape, playground)
        #expect(!playground.showsHelp && !playground.showsTuning && !playground.hasOpenPanel)
        #expect(frame(playground) == plain, "both panels gone")
        press(.escape, playground)
        #expect(frame(playground) == plain, "no panel: Esc changes nothing here")
        #expect(Keymap.action(for: .escape, shift: false) == .dismiss)
    }

    @Test func escClosesAPanelOpenedAlone() {
        for key in [Key.h, Key.p] {
            let playground = Playground(viewport: viewport, environment: testEnvironment())
            press(key, playground)
            #expect(playground.hasOpenPanel)
            press(.escape, playground)
            #expect(!playground.hasOpenPanel)
        }
    }
}

extension PanelTests {
    /// Help shows each switch as it is: a key that turns something on reads "on" beside its line
    /// once pressed, slow motion its fraction; keys that are no switch have no state.
    @Test func helpShowsEachSwitchsState() {
        let playground = Playground(viewport: viewport, environment: testEnvironment())
        func states() -> [String: String] {
            Dictionary(uniqueKeysWithValues: playground.help.rows(in: playground).keys.compactMap { row in row.state.map { (row.action, $0) } })
        }
        press(.h, playground)
        let before = states()
        #expect(before.count == 7, "R M G C T P F1: \(before)")
        #expect(before.values.allSatisfy { $0 == "off" }, "\(before)")
        for key in [Key.m, .g, .t, .two, .r] { press(key, playground) }  // R is the header's: shown first
        let after = states()
        let line = { (key: String) in playground.keyLines.first { $0.keys == key }!.action }
        // Reduced motion says what set it (ReducedMotionTests): here the key.
        #expect(after[line("M") + " (set in the app)"] == "on" && after[line("G")] == "on" && after[line("R")] == "on", "\(after)")
        #expect(after[line("T")] == Playground.timeScaleText(0.5), "\(after)")
        #expect(after[line("C")] == "off" && after[line("P")] == "off")
    }
}
