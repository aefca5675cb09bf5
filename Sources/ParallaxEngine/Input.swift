/// Keys the playground reacts to, as the engine knows them: the platform maps its own key codes to
/// these (ParallaxSDL's `EventTranslator`), and `Keymap` says what each does.
public enum Key: Sendable, CaseIterable, Hashable {
    case up, down, left, right
    case pageUp, pageDown, home, end
    case space, tab, escape, `return`
    case zero, one, two, three
    case c, g, h, l, m, p, r, s, t
    case minus, equals, leftBracket, rightBracket
    case f1, f12

    /// The key's name in scripts (docs/file-formats.md, "Script format") and in the help panel.
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
        case .zero: "0"
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
    /// A mouse wheel, in notches (whole clicks, or a high-resolution wheel's fraction of one), in
    /// content direction: positive `dy` moves further down the content (the offset grows), positive
    /// `dx` further right. Each notch is animated. `shift`: Shift was held.
    case wheel(dx: Double, dy: Double, shift: Bool)
    /// A trackpad's fingers (or another precise device), in logical pixels, in content direction:
    /// applied 1:1 while the fingers move (docs/input-and-trackpads.md, "Trackpads"). `liftFollows`:
    /// the platform reports the fingers lifting (`fingersLifted`), so the stream is held until then
    /// instead of ending after a pause.
    case scroll(dx: Double, dy: Double, liftFollows: Bool, shift: Bool)
    /// The fingers left the trackpad (Wayland's `axis_stop`): the stream's momentum starts now.
    case fingersLifted
    case mouseDown(Point)
    case mouseMove(Point)
    case mouseUp(Point)
    case key(Key, shift: Bool)
    case resize(Size)

    /// False for events carrying a NaN or infinite number, which every consumer drops.
    public var isFinite: Bool {
        switch self {
        case let .wheel(dx, dy, _), let .scroll(dx, dy, _, _): return dx.isFinite && dy.isFinite
        case let .mouseDown(p), let .mouseMove(p), let .mouseUp(p): return p.isFinite
        case .key, .fingersLifted: return true
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
