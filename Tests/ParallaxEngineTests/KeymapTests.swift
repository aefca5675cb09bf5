import Foundation
import Testing
@testable import ParallaxEngine

@Suite struct KeymapTests {
    /// The playground's scenes as its registry gives them (SceneRegistry.standard).
    let scenes: [Keymap.Scene] = [(.one, "feed"), (.two, "header"), (.three, "pager")]

    /// The engine's own lines, in the order the help panel keeps them (the playground's and panels'
    /// go between, `Playground.keyLines`): scrolling, the scenes, their switches, the window's keys.
    @Test func theEngineKeepsScrollingSceneAndWindowKeys() {
        #expect(Keymap.lines(scenes: scenes).map(\.keys) == ["Up / Down", "PageUp / PageDown, Space", "Home / End", "Left / Right",
                                                             "1  2  3,  Tab", "R", "F1", "F12", "Esc"])
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
