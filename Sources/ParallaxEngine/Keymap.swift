/// What a key does. Each layer acts on its own: the window loop on `quit`, `frameTimes` and
/// `screenshot`; the playground on scene, panel and motion actions; the scenes on scrolling.
public enum KeyAction: Hashable, Sendable {
    case lineUp, lineDown, screenUp, screenDown, top, bottom
    case previousPage, nextPage
    case showScene(Int), nextScene, previousScene
    case togglePullToRefresh, toggleReducedMotion, cycleSlowMotion, togglePlot, toggleCompare
    case toggleTuning, tuningPreviousRow, tuningNextRow, tuningDecrease, tuningIncrease, tuningResetRow, tuningSave, tuningReload
    case toggleFrameTimes, screenshot, toggleHelp
    /// Closes the topmost panel (help, then tuning); with none open, quits (the window loop asks the
    /// scene, `PanelHosting`).
    case dismiss
}

/// The one table of keys: `action(for:shift:scenes:)` is what every layer handles, and the help panel (H)
/// shows `lines(scenes:)` in order. The scene keys come from the playground's scenes (their
/// registry, SceneRegistry.swift); the window loop and the scenes ask without them.
public enum Keymap {
    /// A scene as the keymap sees it: the key that shows it (nil: only Tab reaches it) and its name.
    public typealias Scene = (key: Key?, name: String)

    public struct Binding: Sendable {
        public let key: Key
        /// nil: with or without Shift.
        public let shift: Bool?
        public let action: KeyAction
    }

    /// One line of the help panel: its keys as shown, what they do, and the bindings it describes.
    public struct Line: Sendable {
        public let keys: String
        public let action: String
        public let bindings: [Binding]

        init(_ keys: String, _ action: String, _ bindings: [(Key, Bool?, KeyAction)] = []) {
            self.keys = keys
            self.action = action
            self.bindings = bindings.map { Binding(key: $0.0, shift: $0.1, action: $0.2) }
        }
    }

    static let linesBeforeScenes: [Line] = [
        Line("Up / Down", "one wheel notch", [(.up, nil, .lineUp), (.down, nil, .lineDown)]),
        Line("PageUp / PageDown, Space", "a screen (Shift+Space back)",
             [(.pageUp, nil, .screenUp), (.pageDown, nil, .screenDown), (.space, false, .screenDown), (.space, true, .screenUp)]),
        Line("Home / End", "top / bottom", [(.home, nil, .top), (.end, nil, .bottom)]),
        Line("Left / Right", "previous / next page", [(.left, nil, .previousPage), (.right, nil, .nextPage)]),
    ]

    static let linesAfterScenes: [Line] = [
        Line("R", "header: pull-to-refresh", [(.r, nil, .togglePullToRefresh)]),
        Line("M", "reduced motion", [(.m, nil, .toggleReducedMotion)]),
        Line("G", "physics plot: offset and velocity, the last 3 s", [(.g, nil, .togglePlot)]),
        Line("C", "compare: the next physics model in a second pane", [(.c, nil, .toggleCompare)]),
        Line("T", "slow motion: 1, 1/2, 1/4, 1/10 of the engine's time", [(.t, nil, .cycleSlowMotion)]),
        Line("P", "tuning:  [ ] row,  - = change,  0 reset,  S save,  L reload",
             [(.p, nil, .toggleTuning), (.leftBracket, nil, .tuningPreviousRow), (.rightBracket, nil, .tuningNextRow),
              (.minus, nil, .tuningDecrease), (.equals, nil, .tuningIncrease), (.zero, nil, .tuningResetRow),
              (.s, nil, .tuningSave), (.l, nil, .tuningReload)]),
        Line("F1", "frame-time panel: compact, detail, off", [(.f1, nil, .toggleFrameTimes)]),
        Line("F12", "screenshot (record: capture point)", [(.f12, nil, .screenshot)]),
        Line("H", "this help", [(.h, nil, .toggleHelp)]),
        Line("Esc", "close the panel, else quit", [(.escape, nil, .dismiss)]),
    ]

    /// Each scene's key, then Tab and Shift+Tab through them.
    static func sceneLine(_ scenes: [Scene]) -> Line {
        let keys = scenes.compactMap { $0.key?.name }.joined(separator: "  ")
        var bindings: [(Key, Bool?, KeyAction)] = scenes.enumerated().compactMap { i, scene in scene.key.map { ($0, nil, .showScene(i)) } }
        bindings += [(.tab, false, .nextScene), (.tab, true, .previousScene)]
        return Line(keys.isEmpty ? "Tab" : keys + ",  Tab", scenes.map(\.name).joined(separator: ", "), bindings)
    }

    public static func lines(scenes: [Scene]) -> [Line] {
        linesBeforeScenes + [sceneLine(scenes)] + linesAfterScenes
    }

    public static func bindings(scenes: [Scene] = []) -> [Binding] {
        lines(scenes: scenes).flatMap(\.bindings)
    }

    public static func action(for key: Key, shift: Bool, scenes: [Scene] = []) -> KeyAction? {
        bindings(scenes: scenes).first { $0.key == key && ($0.shift == nil || $0.shift == shift) }?.action
    }

    /// The action of a key press; nil for other events and unbound keys.
    public static func action(for event: InputEvent, scenes: [Scene] = []) -> KeyAction? {
        guard case let .key(key, shift) = event else { return nil }
        return action(for: key, shift: shift, scenes: scenes)
    }
}
