import ParallaxEngine

/// What the playground's settings and its tuning panel (TuningPanel.swift) do to the scenes: tuned
/// values applied to every scene (and compare mode's), reduced motion eased in, the config file
/// reloaded, and the width the sheet leaves the scenes.
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
        if switched { plot.modelChanged(in: self, at: time) }
        // Compare mode's right pane takes every setting but the model.
        comparison?.apply(new, at: time)
    }

    /// Reduced motion as the user sets it in the app (M).
    public func setReducedMotion(_ on: Bool, at time: Double) {
        var s = settings
        s.reducedMotion = on
        applyUsersChange(s, at: time)
    }

    /// Reduced motion where the user has not set it (`PlaygroundSettings.reducedMotionFallback`): the
    /// desktop's, once it has answered.
    public func setReducedMotionFallback(_ fallback: ReducedMotion, at time: Double = -.infinity) {
        var s = settings
        s.reducedMotionFallback = fallback
        apply(s, at: time)
    }

    /// Reduced motion and what set it, for the help panel and `--stats`.
    public var reducedMotionState: ReducedMotion {
        guard let set = settings.reducedMotionSet else { return settings.reducedMotionFallback }
        return ReducedMotion(on: set, source: reducedMotionSetHere ? .app : .configFile)
    }

    /// Applies what the user changed in the app (a key, a tuning row): reduced motion set here
    /// outranks the config file's from then on.
    func applyUsersChange(_ new: PlaygroundSettings, at time: Double) {
        if new.reducedMotionSet != settings.reducedMotionSet { reducedMotionSetHere = true }
        apply(new, at: time)
    }

    /// A word for the sheet's footer from outside the playground: why the config file read at start
    /// was not used, say.
    public func showTuningStatus(_ status: String) {
        tuning.status = status
    }

    /// The scenes' viewport: the window, less the tuning sheet while it shows beside them (the sheet
    /// then covers none of a scene); a modal sheet (`TuningPanel.isModal`) leaves them the whole window.
    var sceneViewport: Size {
        let width = tuning.isBeside(in: self) ? viewport.width - TuningPanel.sideWidth : viewport.width
        // Compare mode halves what is left.
        return Size(width: comparison == nil ? width : (width / 2).rounded(.down), height: viewport.height)
    }

    /// Reads the config file again (L in the tuning panel); returns the word for the panel's footer.
    func reload(at time: Double) -> String {
        switch onReload?() {
        case var .success(new)?:
            // The file's reduced motion, if it has one, else the fallback as it was.
            new.reducedMotionFallback = settings.reducedMotionFallback
            reducedMotionSetHere = false
            apply(new, at: time)
            return "Reloaded"
        case let .failure(error)?:
            // A bad file changes nothing: the settings in use stay.
            return "Not reloaded: \(error.path.isEmpty ? "" : error.path + ": ")\(error.problem)"
        case nil:
            return "No config file to reload"
        }
    }
}
