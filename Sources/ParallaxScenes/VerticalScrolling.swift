import ParallaxEngine

extension ScrollAxis {
    /// Applies the input a vertical scroller takes (wheel, trackpad, drag, keys) and returns true;
    /// false for events it does not take (resize and keys not bound to scrolling in `Keymap`), left to the scene.
    /// `pageStep` is what PageUp/PageDown and Space scroll: the visible height less 10%.
    mutating func handleVertical(_ event: InputEvent, pageStep: Double, at time: Double) -> Bool {
        if let action = Keymap.action(for: event) {
            switch action {
            case .lineUp: wheel(notches: -1, at: time)
            case .lineDown: wheel(notches: 1, at: time)
            case .screenUp: scroll(by: -pageStep, animated: true, at: time)
            case .screenDown: scroll(by: pageStep, animated: true, at: time)
            case .top: scroll(to: 0, animated: true, at: time)
            case .bottom: scroll(to: maxOffset, animated: true, at: time)
            default: return false
            }
            return true
        }
        switch event {
        case let .wheel(_, dy, shift):
            // Shift turns the wheel horizontal, which a vertical scroller does not take.
            guard !shift, dy != 0 else { return true }
            wheel(notches: dy, at: time)
        case let .scroll(_, dy, liftFollows, shift):
            guard !shift, dy != 0 else { return true }
            precise(pixels: dy, liftFollows: liftFollows, at: time)
        case .fingersLifted: fingersLifted(at: time)
        case let .mouseDown(p): pointerDown(p.y, at: time)
        case let .mouseMove(p): pointerMoved(p.y, at: time)
        case let .mouseUp(p): pointerUp(p.y, at: time)
        case .key, .resize: return false
        }
        return true
    }
}
