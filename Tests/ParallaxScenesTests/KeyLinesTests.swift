import Testing
@testable import ParallaxEngine
@testable import ParallaxScenes

/// The help panel's key lines: the engine's (`Keymap`), the playground's own and its panels'.
@Suite struct KeyLinesTests {
    let lines = Playground(viewport: Size(width: 1280, height: 800), environment: testEnvironment()).keyLines

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
        #expect(lines.map(\.keys) == expected.map(\.0))
        #expect(lines.map(\.action) == expected.map(\.1))
    }

    @Test func everyBindingIsNamedOnItsHelpLine() {
        for line in lines {
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
                let matches = lines.flatMap(\.bindings).filter { $0.key == key && ($0.shift == nil || $0.shift == shift) }
                #expect(matches.count <= 1, "\(key) shift \(shift): \(matches.count) lines")
            }
        }
    }
}
