import Testing
@testable import ParallaxEngine
@testable import ParallaxScenes

/// The playground, its panels and its scenes act on keys only through their key lines (`Keymap`'s and
/// `Playground.keyLines`): every key bound on one changes what is drawn somewhere, and every other
/// key changes nothing anywhere.
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

    /// Every key bound on a help line, with what the engine's keymap makes of it (nil: a key of the
    /// playground's or a panel's own).
    let bindings = Playground(viewport: Size(width: 1280, height: 800), environment: testEnvironment()).keyLines.flatMap { line in
        line.bindings.map { (key: $0.key, shift: $0.shift, line: line.keys) }
    }

    func windowAction(_ key: Key, shift: Bool) -> KeyAction? {
        Keymap.action(for: key, shift: shift, scenes: SceneRegistry.standard.keymapScenes).flatMap { windowActions.contains($0) ? $0 : nil }
    }

    @Test func everyKeyBoundToThePlaygroundActs() {
        for binding in bindings where windowAction(binding.key, shift: binding.shift ?? false) == nil {
            #expect(changesAFrame(binding.key, shift: binding.shift ?? false), "\(binding.key.name) (on '\(binding.line)') did nothing")
        }
    }

    @Test func everyOtherKeyIsIgnored() {
        for key in Key.allCases {
            for shift in [false, true] {
                guard bindings.contains(where: { $0.key == key && ($0.shift == nil || $0.shift == shift) }) else {
                    #expect(!changesAFrame(key, shift: shift), "\(key.name) is in no keymap line but acted")
                    continue
                }
                if let action = windowAction(key, shift: shift) {
                    #expect(!changesAFrame(key, shift: shift), "\(key.name) is the window's (\(action)) but the playground acted")
                }
            }
        }
    }
}
