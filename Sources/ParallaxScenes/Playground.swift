import ParallaxEngine

/// The app: the registry's scenes (SceneRegistry.swift) under a tab bar (TabBar.swift), with the tuning panel (TuningPanel.swift,
/// PlaygroundTuning.swift) and the help panel (HelpPanel.swift) over them. This file routes input: keys by their
/// `Keymap` action, presses on the bar and panel to them, the rest to the active scene. Each scene keeps its own scroll state.
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
    public internal(set) var showsHelp = false
    public private(set) var showsPlot = false
    /// Compare mode (C, `--compare`): the same scenes under a second model, in the right pane (CompareMode.swift).
    public internal(set) var comparison: Playground?
    /// What the playground was made with, for the comparison's playground.
    let options: SceneRegistry.Options
    var plot = PhysicsPlot()
    public internal(set) var showsTuning = false
    public internal(set) var selectedRow = 0
    /// The tuning row whose slider a press holds (TuningPanel.swift).
    var draggedTuningRow: Int?
    /// How far the tuning sheet's rows are scrolled, where they do not all fit (TuningPanel.swift).
    var tuningScroll = 0.0
    /// The last word of the panel on saving or reloading.
    public internal(set) var tuningStatus = ""
    /// Writes the settings to the config file; returns what to tell the user.
    public var onSave: ((PlaygroundSettings) -> String)?
    /// Reads the config file again: the new settings, or why they were refused.
    public var onReload: (() -> Result<PlaygroundSettings, InputFileError>)?
    let environment: SceneEnvironment
    /// A press that began on the tab bar or the tuning panel: its moves and release are not the scene's.
    var pressOnControls = false
    /// The bar's measured layout (TabBar.swift), for the width and reduced-motion state it was made for.
    var barCache: BarLayout?
    public var frameOverlaySize: Size?
    /// The last frame's time (not slowed by `timeScale`): the toast and the flash run on it.
    var frameTime = 0.0
    /// The toast's message and when it appeared (Toast.swift).
    var toast: (text: String, start: Double)?
    var flashStart: Double?
    /// How far the help panel's lines are scrolled (HelpPanel.swift).
    var helpScroll = 0.0

    public static let barHeight = 56.0
    /// The text of the overlay panels (tuning, help).
    static let panelFont = Font(size: 13)
    static let panelBold = Font(size: 13, weight: .bold)

    public var active: Traceable { scenes[activeIndex] }
    public var hasOpenPanel: Bool { showsHelp || showsTuning }
    public var scrollState: ScrollState { active.scrollState }
    public var contentSummary: String { active.contentSummary }

    /// The active scene's fields, the physics model's name, the panels shown (PanelLayout.swift's
    /// names, bottom to top), a toast's text and the flash's opacity while they show; in compare
    /// mode, the right pane's model and scroll state as `compare`.
    public var traceGeometry: [String: JSONValue] {
        var fields = active.traceGeometry
        fields["physics"] = .string(settings.physics)
        fields["panels"] = .array(panelFrames.shown.map { .string($0.name) })
        if let toast, showsToast(at: frameTime) { fields["toast"] = .string(toast.text) }
        if flashOpacity(at: frameTime) > 0 { fields["flash"] = .number(flashOpacity(at: frameTime)) }
        if let comparison {
            let state = comparison.scrollState
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

    /// Shows `first` (default: the registry's first scene).
    public init(viewport: Size, first: String? = nil, options: SceneRegistry.Options = .init(), registry: SceneRegistry = .standard,
                environment: SceneEnvironment) {
        self.viewport = viewport
        self.registry = registry
        settings = options.settings
        self.options = options
        self.environment = environment
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
        // The plot follows one scroller: another scene's starts afresh.
        if new != activeIndex { plot = PhysicsPlot() }
        activeIndex = new
        comparison?.select(new)
    }

    public func handle(_ event: InputEvent, at frameTime: Double) {
        guard event.isFinite else { return }
        let action = Keymap.action(for: event, scenes: registry.keymapScenes)
        if action == .cycleSlowMotion {
            cycleTimeScale(at: frameTime)
            comparison?.cycleTimeScale(at: frameTime)
            return
        }
        if action == .toggleCompare {
            setComparison(comparison == nil ? nextModel : nil, at: frameTime)
            return
        }
        // Open help takes the pointer and the scrolling keys (HelpPanel.swift); the rest still work.
        if showsHelp, handleHelpInput(event, action: action) { return }
        let event = paneLocal(event)
        let time = sceneTime(at: frameTime)
        switch event {
        case .key:
            switch Keymap.action(for: event, scenes: registry.keymapScenes) {
            case let .showScene(index)?: select(index)
            case .nextScene?: select(activeIndex + 1)
            case .previousScene?: select(activeIndex - 1)
            case .toggleReducedMotion?: setReducedMotion(!reducedMotion, at: time)
            case .toggleHelp?: toggleHelp()
            case .togglePlot?: showsPlot.toggle()
            case .toggleTuning?: setTuning(!showsTuning, at: time)
            // Help is drawn over the tuning panel, so it is the first to go.
            case .dismiss? where showsHelp: showsHelp = false
            case .dismiss? where showsTuning: setTuning(false, at: time)
            case .tuningPreviousRow? where showsTuning: selectTuningRow(selectedRow - 1)
            case .tuningNextRow? where showsTuning: selectTuningRow(selectedRow + 1)
            case .tuningDecrease? where showsTuning: stepSelected(-1, at: time)
            case .tuningIncrease? where showsTuning: stepSelected(1, at: time)
            case .tuningResetRow? where showsTuning: resetSelectedTuningRow(at: time)
            case .tuningSave? where showsTuning: saveTuning()
            case .tuningReload? where showsTuning: reload(at: time)
            default: active.handle(event, at: time)
            }
        case let .resize(size):
            viewport = size
            for scene in scenes { scene.handle(.resize(sceneViewport), at: time) }
        case let .mouseDown(p) where p.y < Self.barHeight:
            pressOnControls = true
            if let tab = tabFrames().firstIndex(where: { $0.contains(p) }) { select(tab) }
            switch barButton(at: p) {
            case .help?: toggleHelp()
            case .tuning?: setTuning(!showsTuning, at: time)
            case nil: break
            }
        case let .mouseDown(p) where showsTuning && (tuningIsModal || tuningFrame.contains(p)):
            // A press on the sheet is the sheet's (its controls, never a drag of the scene), and so is
            // one on the dimmed window around a modal sheet (it closes it).
            pressOnControls = true
            tuningPress(at: p, time: time)
        // A modal sheet takes the wheel and the trackpad: its rows scroll where they do not all fit.
        case let .wheel(_, dy, _) where tuningIsModal: scrollTuning(by: dy * Self.tuningWheelNotch)
        case let .scroll(_, dy, _, _) where tuningIsModal: scrollTuning(by: dy)
        case let .mouseMove(p), let .mouseUp(p):
            if pressOnControls {
                if case .mouseUp = event {
                    tuningRelease(at: p, time: time)
                    pressOnControls = false
                } else {
                    tuningDrag(to: p, time: time)
                }
                return
            }
            active.handle(event, at: time)
        default:
            active.handle(event, at: time)
        }
        if !pressOnControls { forwardToComparison(event, action: action, at: frameTime) }
        switch event {
        case .wheel, .scroll, .fingersLifted, .mouseUp, .key:
            guard showsPlot else { break }
            for axis in [scenes[activeIndex].plottedScroller, comparedScroller].compactMap({ $0 }) { plot.predict(axis, at: time) }
        default: break
        }
    }

    func toggleHelp() {
        showsHelp.toggle()
        helpScroll = 0
    }

    /// What a click at `point` would act on: a hand over the tabs, the bar's buttons and the tuning
    /// sheet's controls, an arrow on the rest of the bar, the panels, everywhere but the bar while help
    /// is open, and around a modal tuning sheet; elsewhere the scene's answer.
    public func cursor(at point: Point) -> CursorKind {
        if point.y < Self.barHeight { return tabFrames().contains { $0.contains(point) } || barButton(at: point) != nil ? .hand : .arrow }
        // Open help is modal: a click beside it closes it rather than acting on what is under it.
        if showsHelp { return .arrow }
        if showsTuning, let kind = tuningCursor(at: point) { return kind }
        // In compare mode the right pane's point is the left pane's.
        guard case let .mouseMove(local) = paneLocal(.mouseMove(point)) else { return .arrow }
        return (active as? CursorProviding)?.cursor(at: local) ?? .arrow
    }

    public func update(to frameTime: Double) {
        self.frameTime = frameTime
        let time = sceneTime(at: frameTime)
        active.update(to: time)
        comparison?.update(to: frameTime)
        if showsPlot, let axis = scenes[activeIndex].plottedScroller { plot.record(axis, comparing: comparedScroller, at: time) }
    }

    /// The layers in the order PanelLayout.swift gives.
    public func draw(into list: inout DisplayList) {
        let frames = panelFrames
        if comparison == nil { active.draw(into: &list) } else { drawPanes(into: &list) }
        if let plotFrame = frames.plot {
            plot.draw(into: &list, frame: plotFrame, now: plot.samples.last?.time ?? 0, model: settings.physics,
                      comparedModel: comparison?.settings.physics, text: environment.text)
        }
        drawBar(into: &list)
        if frames.sideSheet != nil {
            drawTuning(into: &list)
        } else if showsTuning, !tuningIsModal {
            // The sheet's place, while help hides it, stays the sheet's colour rather than a hole.
            list.fill(tuningFrame, Theme.panel)
        }
        if let frameTimes = frames.frameTimes { list.reserveOverlay(at: frameTimes) }
        if frames.modal != nil {
            list.fill(Rect(origin: .zero, size: viewport), Color(r: 0, g: 0, b: 0, a: 120))
            if showsHelp { drawHelp(into: &list) } else { drawTuning(into: &list) }
        }
        if let toastFrame = frames.toast { drawToast(into: &list, frame: toastFrame) }
        drawFlash(into: &list)
    }
}
