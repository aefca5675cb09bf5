import ParallaxEngine

/// A short message at the bottom of the scene for two seconds (F12's "Saved …"), and the flash of a
/// screenshot: both start on the frame after the one they are about, so neither is in a screenshot.
/// Closed-form in the frames' time: fades of `fade` in and out, the flash's from white to clear.
public final class Toast: Panel {
    public let name = "toast"
    /// The message and when it appeared.
    private(set) var message: (text: String, start: Double)?
    private var flashStart: Double?
    /// The last frame's time (not slowed by `Playground.timeScale`): the toast and the flash run on it.
    private(set) var now = 0.0

    static let duration = 2.0
    static let fade = 0.15
    static let flashDuration = 0.3
    static let font = Font(size: 13)
    static let height = 34.0

    func show(_ text: String, flash: Bool, at time: Double) {
        message = (text, time)
        if flash { flashStart = time }
    }

    public func update(to frameTime: Double, in playground: Playground) { now = frameTime }

    /// The message while it is up: for `duration` from its start.
    var shownText: String? {
        guard let message, now >= message.start && now < message.start + Self.duration else { return nil }
        return message.text
    }

    /// The toast's opacity: fading in and out over `fade` at its ends, 1 between.
    var opacity: Double {
        guard let message, shownText != nil else { return 0 }
        let age = now - message.start
        return min(1, age / Self.fade, (Self.duration - age) / Self.fade)
    }

    /// The flash's opacity: from 0.6 down to 0 over `flashDuration`, squared so it lets go fast.
    var flashOpacity: Double {
        guard let flashStart else { return 0 }
        let left = 1 - (now - flashStart) / Self.flashDuration
        return now < flashStart || left <= 0 ? 0 : 0.6 * left * left
    }

    public func frame(in playground: Playground) -> Rect? { frame(above: playground.panelFrames.plot, in: playground) }

    /// Centred in the scene's area, `panelMargin` above its bottom or above `plot`; nil while none shows.
    func frame(above plot: Rect?, in playground: Playground) -> Rect? {
        guard let text = shownText else { return nil }
        let area = playground.sceneArea
        let width = min(area.width - 2 * Playground.panelMargin, playground.environment.text.size(of: text, font: Self.font).width + 32).rounded(.up)
        let bottom = (plot?.minY ?? playground.viewport.height) - Playground.panelMargin
        return Rect(x: (area.midX - width / 2).rounded(), y: bottom - Self.height, width: width, height: Self.height)
    }

    public func draw(into list: inout DisplayList, frame: Rect, in playground: Playground) {
        guard let text = shownText else { return }
        let opacity = opacity
        list.fill(frame, Color(r: 36, g: 40, b: 50, a: 245), opacity: opacity)
        list.fill(Rect(x: frame.minX, y: frame.minY, width: 3, height: frame.height), Theme.accent, opacity: opacity)
        let size = playground.environment.text.size(of: text, font: Self.font)
        list.text(text, font: Self.font, at: Point(x: frame.minX + 16, y: (frame.midY - size.height / 2).rounded()),
                  color: Theme.text, clip: frame, opacity: opacity)
    }

    /// The flash, over the whole window.
    func drawFlash(into list: inout DisplayList, in playground: Playground) {
        let opacity = flashOpacity
        if opacity > 0 { list.fill(Rect(origin: .zero, size: playground.viewport), Color(gray: 255), opacity: opacity) }
    }
}
