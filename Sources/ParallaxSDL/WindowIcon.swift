import CSDL2
import CSDL2Image
import Logging

/// The window's icon: `Resources/Icons/parallax.png` (128x128, a stack of photo cards).
public enum WindowIcon {
    public static let path = "/Icons/parallax.png"

    /// Sets the PNG at `path` as `window`'s icon; an icon that cannot be read is one log line and
    /// the window keeps the system's. Returns whether it was set.
    @discardableResult
    public static func set(on window: OpaquePointer, path: String, logger: Logger) -> Bool {
        guard let surface = IMG_Load(path) else {
            logger.warning("window icon \(path): \(String(cString: SDL_GetError())); the window keeps the system's")
            return false
        }
        defer { SDL_FreeSurface(surface) }
        SDL_SetWindowIcon(window, surface)
        return true
    }
}
