import ParallaxEngine

/// The physics plot's panel (G): whether it shows and the plot it keeps of the active scroller
/// (PhysicsPlot.swift), and of compare mode's right pane beside it. It records every frame while
/// shown and predicts after each input; another scene's scroller starts it afresh.
public final class PlotPanel: Panel {
    public let name = "plot"
    public private(set) var shown = false
    private(set) var plot = PhysicsPlot()

    enum Action: Sendable { case toggle }
    static let keys = PanelKeys<Action>("G", "physics plot: offset and velocity, the last 3 s", [(.g, nil, .toggle)])

    public func keyLines(in playground: Playground) -> [KeyLine] { [Self.keys.line(state: KeyLine.onOff(shown))] }

    /// At the scenes' bottom left, over both panes in compare mode.
    public func frame(in playground: Playground) -> Rect? {
        guard shown else { return nil }
        let width = playground.sceneViewport.width * (playground.comparison == nil ? 1 : 2)
        return PhysicsPlot.frame(in: Rect(x: 0, y: Playground.barHeight, width: width, height: playground.sceneArea.height))
    }

    public func handle(_ event: InputEvent, action: KeyAction?, in playground: Playground, at time: Double) -> Bool {
        guard Self.keys.action(for: event) != nil else { return false }
        shown.toggle()
        return true
    }

    /// The plot follows one scroller: another scene's starts afresh.
    func restart() { plot = PhysicsPlot() }

    /// After an input at the scenes' time `time`: a motion the scrollers now make on their own is predicted.
    func predict(in playground: Playground, at time: Double) {
        guard shown else { return }
        for axis in [playground.active.plottedScroller, playground.comparison?.active.plottedScroller].compactMap({ $0 }) { plot.predict(axis, at: time) }
    }

    /// After a change of model at `time`: the active scroller's motion from then on.
    func modelChanged(in playground: Playground, at time: Double) {
        if shown, let axis = playground.active.plottedScroller { plot.predict(axis, at: time) }
    }

    public func update(to frameTime: Double, in playground: Playground) {
        guard shown, let axis = playground.active.plottedScroller else { return }
        plot.record(axis, comparing: playground.comparison?.active.plottedScroller, at: playground.sceneTime(at: frameTime))
    }

    public func draw(into list: inout DisplayList, frame: Rect, in playground: Playground) {
        plot.draw(into: &list, frame: frame, now: plot.samples.last?.time ?? 0, model: playground.settings.physics,
                  comparedModel: playground.comparison?.settings.physics, text: playground.environment.text)
    }
}
