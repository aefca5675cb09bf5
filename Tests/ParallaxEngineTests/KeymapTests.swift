import Foundation
import Testing
@testable import ParallaxEngine

@Suite struct KeymapTests {
    /// The playground's scenes as its registry gives them (SceneRegistry.standard).
    let scenes: [Keymap.Scene] = [(.one, "feed"), (.two, "header"), (.three, "pager")]

    /// The help panel's key lines, written out by hand (its mouse and trackpad lines are the playground's).
    @Test func theHelpPanelShowsTheKeymapsLines() {
        let expected: [(String, String)] = [
            ("Up / Down", "one wheel notch"),
            ("PageUp / PageDown, Space", "a screen (Shift+Space back)"),
            ("Home / End", "top / bottom"),
            ("Left / Right", "previous / next page"),
            ("1  2  3,  Tab", "feed, header, pager"),
            ("R", "header: pull-to-refresh"),
            ("M", "reduced motion"),
            ("G", "physics plot: offset and velocity, the last 3 s"),
            ("C", "compare: the next physics model in a second pane"),
            ("T", "slow motion: 1, 1/2, 1/4, 1/10 of the engine's time"),
            ("P", "tuning:  [ ] row,  - = change,  0 reset,  S save,  L reload"),
            ("F1", "frame-time panel: compact, detail, off"),
            ("F12", "screenshot (record: capture point)"),
            ("H", "this help"),
            ("Esc", "close the panel, else quit"),
        ]
        #expect(Keymap.lines(scenes: scenes).map(\.keys) == expected.map(\.0))
        #expect(Keymap.lines(scenes: scenes).map(\.action) == expected.map(\.1))
    }

    @Test func everyBindingIsNamedOnItsHelpLine() {
        for line in Keymap.lines(scenes: scenes) {
            for binding in line.bindings {
                // The panel abbreviates Escape as on the keycap.
                let shown = binding.key == .escape ? "Esc" : binding.key.name
                #expect((line.keys + " " + line.action).contains(shown), "\(binding.key) is not on the line '\(line.keys)'")
            }
        }
    }

    @Test func aKeyAndShiftHaveAtMostOneAction() {
        for key in Key.allCases {
            for shift in [false, true] {
                let matches = Keymap.bindings(scenes: scenes).filter { $0.key == key && ($0.shift == nil || $0.shift == shift) }
                #expect(matches.count <= 1, "\(key) shift \(shift): \(matches.map(\.action))")
            }
        }
    }

    @Test func shiftPicksTheDirection() {
        #expect(Keymap.action(for: .space, shift: false) == .screenDown)
        #expect(Keymap.action(for: .space, shift: true) == .screenUp)
        #expect(Keymap.action(for: .tab, shift: false) == .nextScene)
        #expect(Keymap.action(for: .tab, shift: true) == .previousScene)
        #expect(Keymap.action(for: .pageDown, shift: true) == .screenDown)
        #expect(Keymap.action(for: .escape, shift: false) == .dismiss)
        #expect(Keymap.action(for: .return, shift: false) == nil)
        #expect(Keymap.action(for: .wheel(dx: 0, dy: 1, shift: false)) == nil)
    }

    @Test func aSceneWithoutAKeyIsReachedByTabOnly() {
        let line = Keymap.sceneLine([(.one, "feed"), (nil, "sketch")])
        #expect(line.keys == "1,  Tab" && line.action == "feed, sketch")
        #expect(line.bindings.map(\.action) == [.showScene(0), .nextScene, .previousScene])
        #expect(Keymap.sceneLine([]).keys == "Tab")
    }

    @Test func everyKeyHasAUniqueScriptName() {
        let names = Key.allCases.map(\.name)
        #expect(Set(names).count == names.count)
        for key in Key.allCases { #expect(Key(name: key.name) == key) }
        #expect(Key(name: "h") == nil, "names are case-sensitive, as scripts always were")
    }
}
