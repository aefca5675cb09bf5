import ParallaxEngine

/// The app: the registry's scenes (SceneRegistry.swift) under its panels (Panel.swift): the plot,
/// the tab bar, the tuning sheet, the frame-time panel's place, help and the toast, bottom to top as
/// PanelLayout.swift layers them. This file routes input: down the panels from the topmost, then the
/// playground's own keys (PlaygroundKeys.swift), then the active scene. Each scene keeps its own
/// scroll state, each panel its own state.
public final class Playground: Traceable, PanelHosting, CursorProviding, FrameOverlayHosting, Notifying {
    public let registry: SceneRegistry
    /// One per registry entry, in its order.
    public let scenes: [any PlaygroundScene]
    public private(set) var activeIndex: Int
    public private(set) var viewport: Size
    public internal(set) var settings: PlaygroundSettings
    public var reducedMotion: Bool { settings.reducedMotion }
    /// The user set reduced motion in this run (M, the tuning panel), over the config file's.
    var reducedMotionSetHere = false
    /// Slow motion (T, `--time-scale`): the scenes' time runs at this fraction of the frames' time,
    /// so every simulation and animation slows, not the frame rate (SlowMotion.swift).
    public internal(set) var timeScale = 1.0
    /// A frame time and the scenes' time at that moment, from the last change of `timeScale`.
    var timeAnchor = (frame: 0.0, scene: 0.0)
    /// Compare mode (C, `--compare`): the same scenes under a second model, in the right pane (CompareMode.swift).
    public internal(set) var comparison: ComparedScenes?
    /// What the playground was made with, for the compared scenes.
    let options: SceneRegistry.Options
    /// Writes the settings to the config file; returns what to tell the user.
    public var onSave: ((PlaygroundSettings) -> String)?
    /// Reads the config file again: the new settings, or why they were refused.
    public var onReload: (() -> Result<PlaygroundSettings, InputFileError>)?
    let environment: SceneEnvironment
    /// The panel a press began on: its moves and release are that panel's, not the scene's.
    private var pressOwner: (any Panel)?

    let plot = PlotPanel()
    let bar = TabBar()
    let tuning = TuningPanel()
    /// Panels given at `init`, beside the scene over the side sheet; hidden while a modal panel shows.
    let added: [any Panel]
    let frameTimes = FrameTimePanel()
    let help = HelpPanel()
    let toast = Toast()

    /// Bottom to top, in PanelLayout.swift's order: made once, not for each frame and input.
    let panels: [any Panel]

    public static let barHeight = 56.0
    /// The text of the overlay panels (tuning, help).
    static let panelFont = Font(size: 13)
    static let panelBold = Font(size: 13, weight: .bold)

    public var active: any PlaygroundScene { scenes[activeIndex] }
    public var showsHelp: Bool { help.shown }
    public var showsTuning: Bool { tuning.shown }
    public var showsPlot: Bool { plot.shown }
    public var tuningIsModal: Bool { tuning.isModal(in: self) }
    public var hasOpenPanel: Bool { help.shown || tuning.shown }
    public var frameOverlaySize: Size? {
        get { frameTimes.size }
        set { frameTimes.size = newValue }
    }
    public var scrollState: ScrollState { active.scrollState }
    public var contentSummary: String { active.contentSummary }

    /// The active scene's fields, the physics model's name, the panels shown (PanelLayout.swift's
    /// names, bottom to top), a toast's text and the flash's opacity while they show; in compare
    /// mode, the right pane's model and scroll state as `compare`.
    public var traceGeometry: [String: JSONValue] {
        var fields = active.traceGeometry
        fields["physics"] = .string(settings.physics)
        fields["panels"] = .array(panelFrames.shown.map { .string($0.name) })
        if let text = toast.shownText { fields["toast"] = .string(text) }
        if toast.flashOpacity > 0 { fields["flash"] = .number(toast.flashOpacity) }
        if let comparison {
            let state = comparison.active.scrollState
            fields["compare"] = .object(["physics": .string(comparison.settings.physics), "offset": state.offset.traceValue,
                                         "velocity": state.velocity.traceValue, "phase": .string(state.phase.rawValue)])
        }
        return fields
    }
    public var name: String { active.name }

    /// The active scene's motion (its left pane in compare mode) and the physics model.
    public var motionSample: MotionSample {
        var sample = active.motionSample
        sample.physics = settings.physics
        return sample
    }

    /// Shows `first` (default: the registry's first scene), with `panels` over the standard ones.
    public init(viewport: Size, first: String? = nil, options: SceneRegistry.Options = .init(), registry: SceneRegistry = .standard,
                panels: [any Panel] = [], environment: SceneEnvironment) {
        self.viewport = viewport
        self.registry = registry
        settings = options.settings
        self.options = options
        self.environment = environment
        added = panels
        self.panels = [plot, bar, tuning] + panels + [frameTimes, help, toast]
        // Compare mode from the start lays the scenes out in their pane at once.
        let sceneSize = options.compare == nil ? viewport : Size(width: (viewport.width / 2).rounded(.down), height: viewport.height)
        let context = SceneEntry.Context(viewport: sceneSize, options: options, topInset: Self.barHeight, environment: environment)
        scenes = registry.entries.map { $0.make(context) }
        activeIndex = registry.entries.firstIndex { $0.name == first } ?? 0
        timeScale = options.timeScale
        apply(settings)
        if let model = options.compare { setComparison(model, at: 0) }
    }

    public func select(_ index: Int) {
        let new = (index % scenes.count + scenes.count) % scenes.count
        if new != activeIndex { plot.restart() }
        activeIndex = new
    }

    public func handle(_ event: InputEvent, at frameTime: Double) {
        guard event.isFinite else { return }
        // Slow motion and compare mode change how the scenes run, before anything sees the key.
        switch Self.ownKeys.lazy.compactMap({ $0.action(for: event) }).first {
        case .slowMotion?: return cycleTimeScale(at: frameTime)
        case .compare?: return setComparison(comparison == nil ? nextModel : nil, at: frameTime)
        case .reducedMotion?, nil: break
        }
        let action = Keymap.action(for: event, scenes: registry.keymapScenes)
        let time = sceneTime(at: frameTime)
        switch event {
        case .mouseMove, .mouseUp:
            guard let owner = pressOwner else { break }
            _ = owner.handle(event, action: action, in: self, at: time)
            if case .mouseUp = event { pressOwner = nil }
            return
        case let .resize(size):
            viewport = size
            for scene in scenes { scene.handle(.resize(sceneViewport), at: time) }
            comparison?.resize(to: sceneViewport, at: time)
            return
        default: break
        }
        if let taker = panels.reversed().first(where: { $0.handle(event, action: action, in: self, at: time) }) {
            if case .mouseDown = event { pressOwner = taker }
        } else {
            handleInScenes(paneLocal(event), action: action, at: time)
        }
        predictPlot(after: event, at: time)
    }

    /// An input no panel took: the playground's keys, else the active scene's (both panes').
    private func handleInScenes(_ event: InputEvent, action: KeyAction?, at time: Double) {
        switch action {
        case let .showScene(index)?: return select(index)
        case .nextScene?: return select(activeIndex + 1)
        case .previousScene?: return select(activeIndex - 1)
        default: break
        }
        if Self.reducedMotionKeys.action(for: event) != nil { return setReducedMotion(!reducedMotion, at: time) }
        active.handle(event, at: time)
        forwardToComparison(event, action: action, at: time)
    }

    /// After an input that may start a motion of its own, the plot predicts it.
    private func predictPlot(after event: InputEvent, at time: Double) {
        switch event {
        case .wheel, .scroll, .fingersLifted, .mouseUp, .key: plot.predict(in: self, at: time)
        default: break
        }
    }

    /// What a click at `point` would act on: the topmost panel's answer (PanelLayout.swift's order),
    /// else the scene's.
    public func cursor(at point: Point) -> CursorKind {
        for panel in panels.reversed() { if let kind = panel.cursor(at: point, in: self) { return kind } }
        // In compare mode the right pane's point is the left pane's.
        guard case let .mouseMove(local) = paneLocal(.mouseMove(point)) else { return .arrow }
        return (active as? CursorProviding)?.cursor(at: local) ?? .arrow
    }

    public func notify(_ message: String, flash: Bool, at time: Double) {
        toast.show(message, flash: flash, at: time)
    }

    public func update(to frameTime: Double) {
        let time = sceneTime(at: frameTime)
        active.update(to: time)
        comparison?.active.update(to: time)
        for panel in panels { panel.update(to: frameTime, in: self) }
    }

    /// The layers in the order PanelLayout.swift gives.
    public func draw(into list: inout DisplayList) {
        let frames = panelFrames
        if comparison == nil { active.draw(into: &list) } else { drawPanes(into: &list) }
        if let frame = frames.plot { plot.draw(into: &list, frame: frame, in: self) }
        bar.draw(into: &list, frame: frames.bar, in: self)
        if let frame = frames.sideSheet {
            tuning.draw(into: &list, frame: frame, in: self)
        } else if tuning.isBeside(in: self), let frame = tuning.frame(in: self) {
            // The sheet's place, while help hides it, stays the sheet's colour rather than a hole.
            list.fill(frame, Theme.panel)
        }
        for (panel, placed) in zip(added, frames.added) { if let frame = placed.frame { panel.draw(into: &list, frame: frame, in: self) } }
        if let frame = frames.frameTimes { frameTimes.draw(into: &list, frame: frame, in: self) }
        if let frame = frames.modal {
            list.fill(Rect(origin: .zero, size: viewport), Color(r: 0, g: 0, b: 0, a: 120))
            (help.shown ? help as any Panel : tuning).draw(into: &list, frame: frame, in: self)
        }
        if let frame = frames.toast { toast.draw(into: &list, frame: frame, in: self) }
        toast.drawFlash(into: &list, in: self)
    }
}
