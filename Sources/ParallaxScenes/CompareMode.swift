import ParallaxEngine

/// Compare mode (C, `run --compare a,b`): the window splits into two panes showing the same scene,
/// the left under the playground's model, the right under a second one: a second set of the
/// registry's scenes, each pane labelled. Both get the same input: a pointer in either pane drives
/// both at the same pane position, wheels and scrolling keys go to both, a tab or a setting changes
/// both. A fling shows at a glance which model goes further and settles sooner.
public final class ComparedScenes {
    /// One per registry entry, in its order; the playground's active index picks the one shown.
    public let scenes: [any PlaygroundScene]
    /// The playground's settings but for the model.
    public private(set) var settings: PlaygroundSettings
    unowned let playground: Playground

    init(model: String, of playground: Playground, viewport: Size) {
        self.playground = playground
        settings = playground.settings
        settings.physics = model
        var options = playground.options
        options.settings = settings
        options.compare = nil
        let context = SceneEntry.Context(viewport: viewport, options: options, topInset: Playground.barHeight, environment: playground.environment)
        scenes = playground.registry.entries.map { $0.make(context) }
        apply(settings)
    }

    public var active: any PlaygroundScene { scenes[playground.activeIndex] }
    public var reducedMotion: Bool { settings.reducedMotion }

    /// The playground's settings at `time`, this pane's model kept.
    func apply(_ new: PlaygroundSettings, at time: Double = -.infinity) {
        var new = new
        new.physics = settings.physics
        settings = new
        for scene in scenes {
            scene.setReducedMotion(new.reducedMotion, at: time)
            scene.apply(new)
        }
    }

    func resize(to size: Size, at time: Double) {
        for scene in scenes { scene.handle(.resize(size), at: time) }
    }
}

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
        comparison = nil
        let pane = Size(width: (sceneViewport.width / 2).rounded(.down), height: viewport.height)
        comparison = ComparedScenes(model: model, of: self, viewport: pane)
        resizeScenes(at: time)
    }

    /// The scenes whose size is not the panes' any more.
    func resizeScenes(at time: Double) {
        for scene in scenes where scene.viewport != sceneViewport { scene.handle(.resize(sceneViewport), at: time) }
        if let comparison { for scene in comparison.scenes where scene.viewport != sceneViewport { scene.handle(.resize(sceneViewport), at: time) } }
    }

    /// A pointer event in the right pane, at its place in the left one (the panes share coordinates).
    func paneLocal(_ event: InputEvent) -> InputEvent {
        guard comparison != nil else { return event }
        let width = sceneViewport.width, sheet = tuning.frame(in: self)
        func local(_ p: Point) -> Point {
            guard p.y >= Self.barHeight, p.x >= width, p.x < 2 * width, !(sheet?.contains(p) ?? false) else { return p }
            return Point(x: p.x - width, y: p.y)
        }
        switch event {
        case let .mouseDown(p): return .mouseDown(local(p))
        case let .mouseMove(p): return .mouseMove(local(p))
        case let .mouseUp(p): return .mouseUp(local(p))
        default: return event
        }
    }

    /// The right pane gets what the left pane's scene got, but the window loop's keys.
    func forwardToComparison(_ event: InputEvent, action: KeyAction?, at time: Double) {
        guard let comparison else { return }
        switch action {
        case .dismiss?, .toggleFrameTimes?, .screenshot?: return
        default: comparison.active.handle(event, at: time)
        }
    }

    static let paneLabelFont = Font(size: 13, weight: .bold)

    /// Both panes, each clipped to its half, a line between them and each model's name on a pill.
    func drawPanes(into list: inout DisplayList) {
        guard let comparison else { return }
        let width = sceneViewport.width, height = viewport.height
        for (i, (scene, model)) in [(active, settings.physics), (comparison.active, comparison.settings.physics)].enumerated() {
            var pane = DisplayList()
            scene.draw(into: &pane)
            let x = Double(i) * width
            list.append(pane, movedBy: x, within: Rect(x: x, y: 0, width: width, height: height))
            let size = environment.text.size(of: model, font: Self.paneLabelFont)
            let pill = Rect(x: x + 12, y: Self.barHeight + 10, width: size.width + 20, height: size.height + 8)
            list.fill(pill, Color(r: 10, g: 12, b: 18, a: 230))
            list.fill(Rect(x: pill.minX, y: pill.minY, width: 3, height: pill.height), i == 0 ? Theme.accent : PhysicsPlot.velocityColor)
            list.text(model, font: Self.paneLabelFont, at: Point(x: pill.minX + 11, y: pill.minY + 4), color: Theme.text)
        }
        list.fill(Rect(x: width - 1, y: Self.barHeight, width: 2, height: height - Self.barHeight), Theme.barLine.withAlpha(90))
    }
}
