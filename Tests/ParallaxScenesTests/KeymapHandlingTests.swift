import Testing
@testable import ParallaxEngine
@testable import ParallaxScenes

/// The playground and its scenes act on keys only through `Keymap`: every key bound to one of their
/// actions changes what is drawn somewhere, and every other key changes nothing anywhere.
@Suite struct KeymapHandlingTests {
    let viewport = Size(width: 1280, height: 800)
    /// Handled by the window loop (Run), never by the playground. (Esc's `dismiss` is both's:
    /// the playground closes its panels, the loop quits when none is open.)
    let windowActions: Set<KeyAction> = [.toggleFrameTimes, .screenshot]

    /// A playground on scene `index`, away from the top (a screen down, or a page on), with the
    /// tuning panel shown on its second row, changed from its default (so 0 has something to reset),
    /// when `tuning`; then `key` at 1 s, drawn at 2 s.
    func frame(scene index: Int, tuning: Bool, key: (Key, Bool)?) -> [DrawCommand] {
        let playground = Playground(viewport: viewport, environment: testEnvironment())
        playground.select(index)
        playground.handle(.key(index == 2 ? .right : .pageDown, shift: false), at: 0)
        if tuning {
            playground.handle(.key(.p, shift: false), at: 0)
            playground.handle(.key(.rightBracket, shift: false), at: 0)
            playground.handle(.key(.equals, shift: false), at: 0)
        }
        if let (key, shift) = key { playground.handle(.key(key, shift: shift), at: 1) }
        playground.update(to: 2)
        var list = DisplayList()
        playground.draw(into: &list)
        return list.commands
    }

    func changesAFrame(_ key: Key, shift: Bool) -> Bool {
        (0..<3).contains { index in
            [false, true].contains { tuning in
                frame(scene: index, tuning: tuning, key: (key, shift)) != frame(scene: index, tuning: tuning, key: nil)
            }
        }
    }

    @Test func everyKeyBoundToThePlaygroundActs() {
        for binding in Keymap.bindings(scenes: SceneRegistry.standard.keymapScenes) where !windowActions.contains(binding.action) {
            #expect(changesAFrame(binding.key, shift: binding.shift ?? false), "\(binding.key.name) (\(binding.action)) did nothing")
        }
    }

    @Test func everyOtherKeyIsIgnored() {
        for key in Key.allCases {
            for shift in [false, true] {
                guard let action = Keymap.action(for: key, shift: shift, scenes: SceneRegistry.standard.keymapScenes) else {
                    #expect(!changesAFrame(key, shift: shift), "\(key.name) is in no keymap line but acted")
                    continue
                }
                if windowActions.contains(action) {
                    #expect(!changesAFrame(key, shift: shift), "\(key.name) is the window's (\(action)) but the playground acted")
                }
            }
        }
    }
}
