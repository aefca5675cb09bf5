import ParallaxEngine

/// Compare mode (C, `run --compare a,b`): the window splits into two panes showing the same scene,
/// the left under the playground's model, the right under a second one (a second playground, its
/// bar and panels never drawn), each labelled. Both get the same input: a pointer in either pane
/// drives both at the same pane position, wheels and scrolling keys go to both, a tab or a setting
/// changes both. A fling shows at a glance which model goes further and settles sooner.
extension Playground {
    /// The model after the current one (`ScrollPhysicsModels.all`), for C.
    var nextModel: String {
        let names = ScrollPhysicsModels.names, i = names.firstIndex(of: settings.physics) ?? 0
        return names[(i + 1) % names.count]
    }

    /// Starts comparing with `model` (the right pane starts at rest at the top), or stops with nil.
    public func setComparison(_ model: String?, at frameTime: Double) {
        let time = sceneTime(at: frameTime)
        guard let model, ScrollPhysicsModels.named(model) != nil else {
            guard comparison != nil else { return }
            comparison = nil
            resizeScenes(at: time)
            return
        }
        var options = self.options
        options.settings = settings
        options.settings.physics = model
        options.timeScale = timeScale
        options.compare = nil
        comparison = nil
        let pane = Size(width: (sceneViewport.width / 2).rounded(.down), height: viewport.height)
        let other = Playground(viewport: pane, first: registry.entries[activeIndex].name, options: options, registry: registry,
                               environment: environment)
        other.timeAnchor = timeAnchor
        comparison = other
        resizeScenes(at: time)
    }

    /// The scenes whose size is not the panes' any more.
    private func resizeScenes(at time: Double) {
        for scene in scenes where scene.viewport != sceneViewport { scene.handle(.resize(sceneViewport), at: time) }
    }

    /// A pointer event in the right pane, at its place in the left one (the panes share coordinates).
    func paneLocal(_ event: InputEvent) -> InputEvent {
        guard comparison != nil else { return event }
        let width = sceneViewport.width
        func local(_ p: Point) -> Point {
            guard p.y >= Self.barHeight, p.x >= width, p.x < 2 * width, !(showsTuning && tuningFrame.contains(p)) else { return p }
            return Point(x: p.x - width, y: p.y)
        }
        switch event {
        case let .mouseDown(p): return .mouseDown(local(p))
        case let .mouseMove(p): return .mouseMove(local(p))
        case let .mouseUp(p): return .mouseUp(local(p))
        default: return event
        }
    }

    /// What the right pane gets of an event the playground handled: the scenes' input and scene
    /// switches, never the panels' keys (its panels are not drawn).
    func forwardToComparison(_ event: InputEvent, action: KeyAction?, at frameTime: Double) {
        guard let comparison else { return }
        switch event {
        case .resize: comparison.handle(.resize(sceneViewport), at: frameTime)
        case .key:
            switch action {
            case .toggleHelp?, .toggleTuning?, .tuningPreviousRow?, .tuningNextRow?, .tuningDecrease?, .tuningIncrease?, .tuningSave?,
                 .tuningReload?, .tuningResetRow?, .dismiss?, .togglePlot?, .toggleFrameTimes?, .screenshot?:
                return
            default: comparison.handle(event, at: frameTime)
            }
        case let .mouseDown(p) where showsTuning && tuningFrame.contains(p): return
        // A modal sheet's rows take the wheel and the trackpad, in both panes.
        case .wheel, .scroll, .fingersLifted:
            if !tuningIsModal { comparison.handle(event, at: frameTime) }
        default: comparison.handle(event, at: frameTime)
        }
    }

    /// The right pane's scroller, for the plot.
    var comparedScroller: ScrollAxis? { comparison.flatMap { $0.scenes[$0.activeIndex].plottedScroller } }

    static let paneLabelFont = Font(size: 13, weight: .bold)

    /// Both panes, each clipped to its half, a line between them and each model's name on a pill.
    func drawPanes(into list: inout DisplayList) {
        guard let comparison else { return }
        let width = sceneViewport.width, height = viewport.height
        for (i, playground) in [self, comparison].enumerated() {
            var pane = DisplayList()
            playground.active.draw(into: &pane)
            let x = Double(i) * width
            list.append(pane, movedBy: x, within: Rect(x: x, y: 0, width: width, height: height))
            let label = playground.settings.physics
            let size = environment.text.size(of: label, font: Self.paneLabelFont)
            let pill = Rect(x: x + 12, y: Self.barHeight + 10, width: size.width + 20, height: size.height + 8)
            list.fill(pill, Color(r: 10, g: 12, b: 18, a: 230))
            list.fill(Rect(x: pill.minX, y: pill.minY, width: 3, height: pill.height), i == 0 ? Theme.accent : PhysicsPlot.velocityColor)
            list.text(label, font: Self.paneLabelFont, at: Point(x: pill.minX + 11, y: pill.minY + 4), color: Theme.text)
        }
        list.fill(Rect(x: width - 1, y: Self.barHeight, width: 2, height: height - Self.barHeight), Theme.barLine.withAlpha(90))
    }
}
