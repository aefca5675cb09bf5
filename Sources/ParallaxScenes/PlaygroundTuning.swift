import ParallaxEngine

/// What the playground's settings and its tuning panel (TuningPanel.swift) do to the scenes: tuned
/// values applied to every scene, reduced motion eased in, a row stepped, the config file saved and
/// reloaded, and the sheet opened beside the scenes.
extension Playground {
    /// Applies settings to every scene, changed at `time`: tuned values at once, a change of reduced
    /// motion easing from then on (`MotionEase`; at `-infinity`, at once).
    public func apply(_ new: PlaygroundSettings, at time: Double = -.infinity) {
        let switched = new.physics != settings.physics
        settings = new
        for scene in scenes {
            scene.setReducedMotion(new.reducedMotion, at: time)
            scene.apply(new)
        }
        if switched, showsPlot, let axis = scenes[activeIndex].plottedScroller { plot.predict(axis, at: time) }
        // Compare mode's right pane takes every setting but the model.
        if let comparison {
            var other = new
            other.physics = comparison.settings.physics
            comparison.apply(other, at: time)
        }
    }

    public func setReducedMotion(_ on: Bool, at time: Double) {
        var s = settings
        s.reducedMotion = on
        apply(s, at: time)
    }

    func stepSelected(_ direction: Double, at time: Double) {
        let rows = tuningRows
        guard !rows.isEmpty else { return }
        var s = settings
        rows[min(selectedRow, rows.count - 1)].step(&s, direction)
        apply(s, at: time)
    }

    /// The scenes' viewport: the window, less the tuning sheet while it shows beside them (the sheet
    /// then covers none of a scene) and leaves them at least `minimumSceneWidth`; narrower, it overlays.
    var sceneViewport: Size {
        let width = showsTuning && viewport.width - Self.panelWidth >= Self.minimumSceneWidth ? viewport.width - Self.panelWidth : viewport.width
        // Compare mode halves what is left.
        return Size(width: comparison == nil ? width : (width / 2).rounded(.down), height: viewport.height)
    }

    static let minimumSceneWidth = 480.0

    func setTuning(_ shown: Bool, at time: Double) {
        let before = sceneViewport
        showsTuning = shown
        if sceneViewport != before {
            for scene in scenes { scene.handle(.resize(sceneViewport), at: time) }
            comparison?.handle(.resize(sceneViewport), at: time)
        }
    }

    func reload(at time: Double) {
        switch onReload?() {
        case let .success(new)?:
            apply(new, at: time)
            tuningStatus = "reloaded"
        case let .failure(error)?:
            // A bad file changes nothing: the settings in use stay.
            tuningStatus = "refused: \(error.path.isEmpty ? "" : error.path + ": ")\(error.problem)"
        case nil:
            tuningStatus = "no config file to reload"
        }
    }
}
