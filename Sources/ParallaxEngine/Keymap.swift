/// What a key does, for the engine's layers: the scenes scroll and switch their own options, the
/// playground shows scenes, the window loop shows the frame-time panel, takes screenshots and quits.
/// The playground's and its panels' own keys are theirs (ParallaxScenes' `PanelKeys`).
public enum KeyAction: Hashable, Sendable {
    case lineUp, lineDown, screenUp, screenDown, top, bottom
    case previousPage, nextPage
    case showScene(Int), nextScene, previousScene
    case togglePullToRefresh
    case toggleFrameTimes, screenshot
    /// Closes the topmost panel (help, then tuning); with none open, quits (the window loop asks the
    /// scene, `PanelHosting`).
    case dismiss
}

/// The engine's table of keys: `action(for:shift:scenes:)` is what the scenes, the playground and the
/// window loop handle, and the help panel (H) shows its lines among the playground's and panels'
/// (ParallaxScenes' `Playground.keyLines`). The scene keys come from the playground's scenes (their
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

    public static let linesBeforeScenes: [Line] = [
        Line("Up / Down", "one wheel notch", [(.up, nil, .lineUp), (.down, nil, .lineDown)]),
        Line("PageUp / PageDown, Space", "a screen (Shift+Space back)",
             [(.pageUp, nil, .screenUp), (.pageDown, nil, .screenDown), (.space, false, .screenDown), (.space, true, .screenUp)]),
        Line("Home / End", "top / bottom", [(.home, nil, .top), (.end, nil, .bottom)]),
        Line("Left / Right", "previous / next page", [(.left, nil, .previousPage), (.right, nil, .nextPage)]),
    ]

    /// The scenes' own switches.
    public static let sceneToggleLines: [Line] = [
        Line("R", "header: pull-to-refresh", [(.r, nil, .togglePullToRefresh)]),
    ]

    /// The window loop's keys.
    public static let windowLines: [Line] = [
        Line("F1", "frame-time panel: compact, detail, off", [(.f1, nil, .toggleFrameTimes)]),
        Line("F12", "screenshot (record: capture point)", [(.f12, nil, .screenshot)]),
    ]

    public static let dismissLine = Line("Esc", "close the panel, else quit", [(.escape, nil, .dismiss)])

    /// Each scene's key, then Tab and Shift+Tab through them.
    public static func sceneLine(_ scenes: [Scene]) -> Line {
        let keys = scenes.compactMap { $0.key?.name }.joined(separator: "  ")
        var bindings: [(Key, Bool?, KeyAction)] = scenes.enumerated().compactMap { i, scene in scene.key.map { ($0, nil, .showScene(i)) } }
        bindings += [(.tab, false, .nextScene), (.tab, true, .previousScene)]
        return Line(keys.isEmpty ? "Tab" : keys + ",  Tab", scenes.map(\.name).joined(separator: ", "), bindings)
    }

    public static func lines(scenes: [Scene]) -> [Line] {
        linesBeforeScenes + [sceneLine(scenes)] + sceneToggleLines + windowLines + [dismissLine]
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
