import ParallaxEngine

/// A layer over the playground's scenes that holds its own state and answers for itself: where it
/// shows, which input it takes, the pointer over it and what it draws. The playground keeps its
/// panels bottom to top in PanelLayout.swift's order (`Playground.panels`), hands each input down
/// from the topmost (the first that takes it stops it; a press it takes is its own to the release)
/// and draws them from the bottom up (docs/architecture.md, "Where to add").
public protocol Panel: AnyObject {
    /// Its name in the trace's `panels` (PanelLayout.swift).
    var name: String { get }
    /// Where it shows this frame; nil while it is closed. Called for added panels; the standard
    /// ones are placed by PanelLayout.swift's rule.
    func frame(in playground: Playground) -> Rect?
    /// The help panel's lines for its keys, with their switches' states; none by default.
    func keyLines(in playground: Playground) -> [KeyLine]
    /// An input at the scenes' time `time` (`action`: the key's in the engine's `Keymap`, Esc's
    /// dismiss say): true where the panel took it, so that nothing under it sees it.
    func handle(_ event: InputEvent, action: KeyAction?, in playground: Playground, at time: Double) -> Bool
    /// The pointer's shape over `point`; nil where the panel leaves it to what is under it.
    func cursor(at point: Point, in playground: Playground) -> CursorKind?
    /// Brings it to the frames' time `frameTime`.
    func update(to frameTime: Double, in playground: Playground)
    /// Draws it at `frame`, the place the layout gave it this frame.
    func draw(into list: inout DisplayList, frame: Rect, in playground: Playground)
}

extension Panel {
    public func keyLines(in playground: Playground) -> [KeyLine] { [] }
    public func handle(_ event: InputEvent, action: KeyAction?, in playground: Playground, at time: Double) -> Bool { false }
    public func cursor(at point: Point, in playground: Playground) -> CursorKind? { nil }
    public func update(to frameTime: Double, in playground: Playground) {}
}

/// One line of the help panel: its keys as shown, what they do, the keys it binds, and for a switch
/// its state. The engine's lines (`Keymap.Line`: scrolling, scenes, the window's keys) and the
/// playground's and its panels' own (`PanelKeys`) alike.
public struct KeyLine {
    public let keys: String
    public let action: String
    /// Each key with Shift (true), without (false) or either (nil).
    public let bindings: [(key: Key, shift: Bool?)]
    /// "on", "off" or slow motion's fraction; nil: the line is no switch.
    public let state: String?
    /// Shown after the action in brackets: what set reduced motion.
    public let note: String?

    public init(keys: String, action: String, bindings: [(key: Key, shift: Bool?)], state: String? = nil, note: String? = nil) {
        self.keys = keys
        self.action = action
        self.bindings = bindings
        self.state = state
        self.note = note
    }

    init(_ line: Keymap.Line, state: String? = nil) {
        self.init(keys: line.keys, action: line.action, bindings: line.bindings.map { ($0.key, $0.shift) }, state: state)
    }

    static func onOff(_ on: Bool) -> String { on ? "on" : "off" }
}

/// The keys of the playground or a panel, in its own terms: each key's action, and the help line
/// that names them. Adding one edits no engine type.
public struct PanelKeys<Action: Sendable>: Sendable {
    public let keys: String
    public let action: String
    public let bindings: [(key: Key, shift: Bool?, action: Action)]

    public init(_ keys: String, _ action: String, _ bindings: [(key: Key, shift: Bool?, action: Action)]) {
        self.keys = keys
        self.action = action
        self.bindings = bindings
    }

    /// The action of a key press; nil for other events and keys not on the line.
    public func action(for event: InputEvent) -> Action? {
        guard case let .key(key, shift) = event else { return nil }
        return bindings.first { $0.key == key && ($0.shift == nil || $0.shift == shift) }?.action
    }

    public func line(state: String? = nil, note: String? = nil) -> KeyLine {
        KeyLine(keys: keys, action: action, bindings: bindings.map { ($0.key, $0.shift) }, state: state, note: note)
    }
}
