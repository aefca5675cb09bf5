import ParallaxEngine

extension ScrollAxis {
    /// Applies the input a vertical scroller takes (wheel, trackpad, drag, keys) and returns true;
    /// false for events it does not take (resize and other keys), left to the scene.
    /// `pageStep` is what PageUp/PageDown and Space scroll: the visible height less 10%.
    mutating func handleVertical(_ event: InputEvent, pageStep: Double, at time: Double) -> Bool {
        switch event {
        case let .wheel(_, dy, precise, shift):
            // Shift turns the wheel horizontal, which a vertical scroller does not take.
            guard !shift, dy != 0 else { return true }
            // SDL's positive dy is "away from the user", which scrolls back towards the top.
            if precise { self.precise(notches: -dy, at: time) } else { wheel(notches: -dy, at: time) }
        case let .mouseDown(p): pointerDown(p.y, at: time)
        case let .mouseMove(p): pointerMoved(p.y, at: time)
        case let .mouseUp(p): pointerUp(p.y, at: time)
        case .key(.up, _): wheel(notches: -1, at: time)
        case .key(.down, _): wheel(notches: 1, at: time)
        case .key(.pageUp, _): scroll(by: -pageStep, animated: true, at: time)
        case .key(.pageDown, _): scroll(by: pageStep, animated: true, at: time)
        case let .key(.space, shift): scroll(by: shift ? -pageStep : pageStep, animated: true, at: time)
        case .key(.home, _): scroll(to: 0, animated: true, at: time)
        case .key(.end, _): scroll(to: maxOffset, animated: true, at: time)
        case .key, .resize: return false
        }
        return true
    }
}
