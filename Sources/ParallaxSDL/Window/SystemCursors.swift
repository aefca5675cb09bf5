import CSDL2
import ParallaxEngine

/// SDL's system cursors for each `CursorKind`, created on first use; a kind is set only when it
/// changes, so asking every frame costs nothing.
public final class SystemCursors {
    private var cursors: [CursorKind: OpaquePointer] = [:]
    public private(set) var applied: CursorKind?

    public init() {}

    deinit {
        for cursor in cursors.values { SDL_FreeCursor(cursor) }
    }

    public func apply(_ kind: CursorKind) {
        guard kind != applied, let cursor = cursor(for: kind) else { return }
        SDL_SetCursor(cursor)
        applied = kind
    }

    /// The kind SDL has set, read back from it; nil when it is none of these.
    public var current: CursorKind? {
        guard let set = SDL_GetCursor() else { return nil }
        return cursors.first { $0.value == set }?.key
    }

    private func cursor(for kind: CursorKind) -> OpaquePointer? {
        if let cursor = cursors[kind] { return cursor }
        let id: SDL_SystemCursor = switch kind {
        case .arrow: SDL_SYSTEM_CURSOR_ARROW
        case .hand: SDL_SYSTEM_CURSOR_HAND
        }
        // Without a mouse (the dummy driver) there is none to make: nothing is set.
        guard let cursor = SDL_CreateSystemCursor(id) else { return nil }
        cursors[kind] = cursor
        return cursor
    }
}
