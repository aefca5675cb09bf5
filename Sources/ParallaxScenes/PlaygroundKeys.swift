import ParallaxEngine

/// The playground's own keys (reduced motion, compare mode, slow motion) and every line the help
/// panel shows, in its order: the engine's scrolling and scene keys (`Keymap`), the playground's
/// and its panels' own, the window loop's. A panel's keys live with the panel (`Panel.keyLines`).
extension Playground {
    enum ModeKey: Sendable { case reducedMotion, compare, slowMotion }

    static let reducedMotionKeys = PanelKeys<ModeKey>("M", "reduced motion", [(.m, nil, .reducedMotion)])
    static let compareKeys = PanelKeys<ModeKey>("C", "compare: the next physics model in a second pane", [(.c, nil, .compare)])
    static let slowMotionKeys = PanelKeys<ModeKey>("T", "slow motion: 1, 1/2, 1/4, 1/10 of the engine's time", [(.t, nil, .slowMotion)])
    static let ownKeys = [reducedMotionKeys, compareKeys, slowMotionKeys]

    /// The help panel's key lines, each switch with its state.
    public var keyLines: [KeyLine] {
        let sceneToggles = Keymap.sceneToggleLines.map { line in
            KeyLine(line, state: line.bindings.first.flatMap { binding in scenes.lazy.compactMap { $0.isOn(binding.action) }.first }.map(KeyLine.onOff))
        }
        let window = Keymap.windowLines.map { line in
            KeyLine(line, state: line.bindings.contains { $0.action == .toggleFrameTimes } ? KeyLine.onOff(frameOverlaySize != nil) : nil)
        }
        // Reduced motion says what set it: the user, the config file, the environment, the desktop.
        let reducedMotion = Self.reducedMotionKeys.line(state: KeyLine.onOff(reducedMotion), note: reducedMotionState.source.shown)
        let playground = [reducedMotion] + plot.keyLines(in: self)
            + [Self.compareKeys.line(state: KeyLine.onOff(comparison != nil)),
               Self.slowMotionKeys.line(state: timeScale == 1 ? "off" : Self.timeScaleText(timeScale))]
            + tuning.keyLines(in: self) + added.flatMap { $0.keyLines(in: self) }
        return Keymap.linesBeforeScenes.map { KeyLine($0) } + [KeyLine(Keymap.sceneLine(registry.keymapScenes))] + sceneToggles
            + playground + window + help.keyLines(in: self) + [KeyLine(Keymap.dismissLine)]
    }
}
