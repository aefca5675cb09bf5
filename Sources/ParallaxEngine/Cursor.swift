/// The pointer's look: the system's hand over what a click acts on (tabs, page dots, the tuning
/// panel's buttons), its arrow elsewhere.
public enum CursorKind: String, Sendable, CaseIterable {
    case arrow, hand
}

/// A scene that says which cursor belongs over a point. Pure, so tests ask it without SDL; the
/// window applies the answer (`SystemCursors`).
public protocol CursorProviding {
    func cursor(at point: Point) -> CursorKind
}
