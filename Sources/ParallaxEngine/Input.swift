/// Keys the playground reacts to, named as SDL's `SDL_GetKeyName` names them, so scripts can use SDL's names.
public enum Key: String, Sendable, CaseIterable, Codable {
    case up = "Up", down = "Down", left = "Left", right = "Right"
    case pageUp = "PageUp", pageDown = "PageDown", home = "Home", end = "End"
    case space = "Space", tab = "Tab", escape = "Escape", `return` = "Return"
    case one = "1", two = "2", three = "3"
    case h = "H", l = "L", m = "M", p = "P", r = "R", s = "S"
    case minus = "-", equals = "=", leftBracket = "[", rightBracket = "]"
    case f1 = "F1", f12 = "F12"
}

/// One input event as a plain value. Positions are in logical window pixels.
public enum InputEvent: Hashable, Sendable {
    /// Wheel deltas in SDL's sense (positive `dy`: away from the user; positive `dx`: to the right), in notches.
    /// `precise` deltas come from a trackpad-like device and are fractional; notched ones are whole clicks.
    case wheel(dx: Double, dy: Double, precise: Bool, shift: Bool)
    case mouseDown(Point)
    case mouseMove(Point)
    case mouseUp(Point)
    case key(Key, shift: Bool)
    case resize(Size)

    /// False for events carrying a NaN or infinite number, which every consumer drops.
    public var isFinite: Bool {
        switch self {
        case let .wheel(dx, dy, _, _): return dx.isFinite && dy.isFinite
        case let .mouseDown(p), let .mouseMove(p), let .mouseUp(p): return p.isFinite
        case .key: return true
        case let .resize(s): return s.isFinite
        }
    }
}

/// An input event with the absolute time, in seconds from the start, at which it happened.
public struct TimedInput: Hashable, Sendable {
    public var time: Double
    public var event: InputEvent
    public init(time: Double, event: InputEvent) { self.time = time; self.event = event }
}
