import ParallaxEngine

/// What the playground's settings and its tuning panel (TuningPanel.swift) do to the scenes: tuned
/// values applied to every scene, reduced motion eased in, a row stepped or reset, the config file
/// saved and reloaded, and the sheet opened beside the scenes.
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
    private func applyUsersChange(_ new: PlaygroundSettings, at time: Double) {
        if new.reducedMotionSet != settings.reducedMotionSet { reducedMotionSetHere = true }
        apply(new, at: time)
    }

    /// Applies `change` to the selected row's setting at `time`.
    private func changeSelectedRow(at time: Double, _ change: (TuningRow, inout PlaygroundSettings) -> Void) {
        let rows = tuningRows
        guard !rows.isEmpty else { return }
        var s = settings
        change(rows[min(selectedRow, rows.count - 1)], &s)
        applyUsersChange(s, at: time)
    }

    func stepSelected(_ direction: Double, at time: Double) {
        changeSelectedRow(at: time) { row, s in row.step(&s, direction) }
    }

    /// The selected row back to its default (0, or its ↺).
    func resetSelectedTuningRow(at time: Double) {
        let defaults = tuningDefaults
        changeSelectedRow(at: time) { row, s in row.reset(&s, defaults) }
    }

    /// Every row on the sheet back to its default ("Reset all"); the other scenes' rows and the photo
    /// settings stay.
    func resetAllTuningRows(at time: Double) {
        var s = settings
        let defaults = tuningDefaults
        for row in tuningRows { row.reset(&s, defaults) }
        applyUsersChange(s, at: time)
    }

    /// Saves the settings (S) where `onSave` writes them, and shows its word.
    func saveTuning() {
        tuningStatus = onSave?(settings) ?? "No config file to save to: HOME is not set (or use --config)"
    }

    /// A word for the sheet's footer from outside the playground: why the config file read at start
    /// was not used, say.
    public func showTuningStatus(_ status: String) {
        tuningStatus = status
    }

    /// The scenes' viewport: the window, less the tuning sheet while it shows beside them (the sheet
    /// then covers none of a scene); a modal sheet (`tuningIsModal`) leaves them the whole window.
    var sceneViewport: Size {
        let width = showsTuning && !tuningIsModal ? viewport.width - Self.panelWidth : viewport.width
        // Compare mode halves what is left.
        return Size(width: comparison == nil ? width : (width / 2).rounded(.down), height: viewport.height)
    }

    static let minimumSceneWidth = 480.0

    func setTuning(_ shown: Bool, at time: Double) {
        let before = sceneViewport
        showsTuning = shown
        tuningScroll = 0
        if sceneViewport != before {
            for scene in scenes { scene.handle(.resize(sceneViewport), at: time) }
            comparison?.handle(.resize(sceneViewport), at: time)
        }
    }

    func reload(at time: Double) {
        switch onReload?() {
        case var .success(new)?:
            // The file's reduced motion, if it has one, else the fallback as it was.
            new.reducedMotionFallback = settings.reducedMotionFallback
            reducedMotionSetHere = false
            apply(new, at: time)
            tuningStatus = "Reloaded"
        case let .failure(error)?:
            // A bad file changes nothing: the settings in use stay.
            tuningStatus = "Not reloaded: \(error.path.isEmpty ? "" : error.path + ": ")\(error.problem)"
        case nil:
            tuningStatus = "No config file to reload"
        }
    }
}
