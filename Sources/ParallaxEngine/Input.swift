/// Keys the playground reacts to, as the engine knows them: the platform maps its own key codes to
/// these (ParallaxSDL's `EventTranslator`), and `Keymap` says what each does.
public enum Key: Sendable, CaseIterable, Hashable {
    case up, down, left, right
    case pageUp, pageDown, home, end
    case space, tab, escape, `return`
    case one, two, three
    case c, g, h, l, m, p, r, s, t
    case minus, equals, leftBracket, rightBracket
    case f1, f12

    /// The key's name in scripts (README.md, "Script format") and in the help panel.
    public var name: String {
        switch self {
        case .up: "Up"
        case .down: "Down"
        case .left: "Left"
        case .right: "Right"
        case .pageUp: "PageUp"
        case .pageDown: "PageDown"
        case .home: "Home"
        case .end: "End"
        case .space: "Space"
        case .tab: "Tab"
        case .escape: "Escape"
        case .return: "Return"
        case .one: "1"
        case .two: "2"
        case .three: "3"
        case .c: "C"
        case .g: "G"
        case .h: "H"
        case .l: "L"
        case .m: "M"
        case .p: "P"
        case .r: "R"
        case .s: "S"
        case .t: "T"
        case .minus: "-"
        case .equals: "="
        case .leftBracket: "["
        case .rightBracket: "]"
        case .f1: "F1"
        case .f12: "F12"
        }
    }

    /// The key a script names, or nil.
    public init?(name: String) {
        guard let key = Key.allCases.first(where: { $0.name == name }) else { return nil }
        self = key
    }
}

/// One input event as a plain value. Positions are in logical window pixels.
public enum InputEvent: Hashable, Sendable {
    /// A wheel or trackpad scroll, in notches, in content direction: positive `dy` moves further down
    /// the content (the offset grows), positive `dx` further right. `precise` deltas come from a
    /// trackpad-like device and are fractional; notched ones are whole clicks. `shift`: Shift was held.
    case scroll(dx: Double, dy: Double, precise: Bool, shift: Bool)
    case mouseDown(Point)
    case mouseMove(Point)
    case mouseUp(Point)
    case key(Key, shift: Bool)
    case resize(Size)

    /// False for events carrying a NaN or infinite number, which every consumer drops.
    public var isFinite: Bool {
        switch self {
        case let .scroll(dx, dy, _, _): return dx.isFinite && dy.isFinite
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
