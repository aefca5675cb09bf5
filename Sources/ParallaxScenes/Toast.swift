import ParallaxEngine

/// A short message at the bottom of the scene for two seconds (F12's "Saved …"), and the flash of a
/// screenshot: both start on the frame after the one they are about, so neither is in a screenshot.
/// Closed-form in the frames' time: fades of `toastFade` in and out, the flash's from white to clear.
extension Playground {
    static let toastDuration = 2.0
    static let toastFade = 0.15
    static let flashDuration = 0.3
    static let toastFont = Font(size: 13)
    static let toastHeight = 34.0

    public func notify(_ message: String, flash: Bool, at time: Double) {
        toast = (message, time)
        if flash { flashStart = time }
    }

    /// Whether the toast is up at `time`: for `toastDuration` from its start.
    func showsToast(at time: Double) -> Bool {
        guard let toast else { return false }
        return time >= toast.start && time < toast.start + Self.toastDuration
    }

    /// The toast's opacity at `time`: fading in and out over `toastFade` at its ends, 1 between.
    func toastOpacity(at time: Double) -> Double {
        guard let toast, showsToast(at: time) else { return 0 }
        let age = time - toast.start
        return min(1, age / Self.toastFade, (Self.toastDuration - age) / Self.toastFade)
    }

    /// The flash's opacity at `time`: from 0.6 down to 0 over `flashDuration`, squared so it lets go fast.
    func flashOpacity(at time: Double) -> Double {
        guard let flashStart else { return 0 }
        let left = 1 - (time - flashStart) / Self.flashDuration
        return time < flashStart || left <= 0 ? 0 : 0.6 * left * left
    }

    /// Centred in the scene's area, `panelMargin` above its bottom or above `plot`; nil while none shows.
    func toastFrame(above plot: Rect?) -> Rect? {
        guard let toast, showsToast(at: frameTime) else { return nil }
        let area = sceneArea
        let width = min(area.width - 2 * Self.panelMargin, environment.text.size(of: toast.text, font: Self.toastFont).width + 32).rounded(.up)
        let bottom = (plot?.minY ?? viewport.height) - Self.panelMargin
        return Rect(x: (area.midX - width / 2).rounded(), y: bottom - Self.toastHeight, width: width, height: Self.toastHeight)
    }

    func drawToast(into list: inout DisplayList, frame: Rect) {
        guard let toast else { return }
        let opacity = toastOpacity(at: frameTime)
        list.fill(frame, Color(r: 36, g: 40, b: 50, a: 245), opacity: opacity)
        list.fill(Rect(x: frame.minX, y: frame.minY, width: 3, height: frame.height), Theme.accent, opacity: opacity)
        let size = environment.text.size(of: toast.text, font: Self.toastFont)
        list.text(toast.text, font: Self.toastFont, at: Point(x: frame.minX + 16, y: (frame.midY - size.height / 2).rounded()),
                  color: Theme.text, clip: frame, opacity: opacity)
    }

    func drawFlash(into list: inout DisplayList) {
        let opacity = flashOpacity(at: frameTime)
        if opacity > 0 { list.fill(Rect(origin: .zero, size: viewport), Color(gray: 255), opacity: opacity) }
    }
}
