import CSDL2
import CSDL2Image
import CSDL2TTF
import Foundation

/// SDL's global state: video (a real display, or the dummy driver for headless work), SDL2_image and SDL2_ttf.
public enum SDLVideo {
    public enum Mode: Sendable { case window, headless }

    public struct NoDisplay: Error, CustomStringConvertible {
        public let reason: String
        public var description: String {
            "no display available (\(reason)); use `parallax capture` to render headless"
        }
    }

    /// The video drivers a window can ask for (`--video-driver`); SDL_VIDEODRIVER chooses too.
    public static let windowDrivers = ["x11", "wayland"]

    /// The driver SDL runs, for `--stats`; nil before SDL video starts.
    public static var currentDriver: String? { SDL_GetCurrentVideoDriver().map { String(cString: $0) } }

    /// Starts SDL video once per process in the given mode.
    public static func start(_ mode: Mode) throws {
        if SDL_WasInit(SDL_INIT_VIDEO) != 0 { return }
        AppIdentity.announce()
        let chosenDriver = ProcessInfo.processInfo.environment["SDL_VIDEODRIVER"]
        let environment = ProcessInfo.processInfo.environment
        switch mode {
        case .headless:
            // The dummy driver gives a window surface in memory: same renderer path, no display.
            SDL_SetHint(SDL_HINT_VIDEODRIVER, "dummy")
        case .window where chosenDriver == nil && environment["DISPLAY"] == nil && environment["WAYLAND_DISPLAY"] == nil:
            throw NoDisplay(reason: "neither DISPLAY nor WAYLAND_DISPLAY is set")
        case .window:
            break
        }
        if mode == .window, chosenDriver == nil, environment["WAYLAND_DISPLAY"] != nil {
            // SDL2 opens on X11 (through Xwayland) where both are there; on Wayland itself the window
            // gets the compositor's units and times and its output scale (docs/input-and-trackpads.md,
            // "Video drivers"). X11 where Wayland does not start.
            SDL_SetHint(SDL_HINT_VIDEODRIVER, "wayland")
            if SDL_Init(SDL_INIT_VIDEO) != 0 {
                guard environment["DISPLAY"] != nil else { throw NoDisplay(reason: String(cString: SDL_GetError())) }
                SDL_SetHint(SDL_HINT_VIDEODRIVER, "x11")
            }
        }
        guard SDL_WasInit(SDL_INIT_VIDEO) != 0 || SDL_Init(SDL_INIT_VIDEO) == 0 else {
            let reason = String(cString: SDL_GetError())
            if mode == .window { throw NoDisplay(reason: reason) }
            throw SDLError(message: "SDL_Init: \(reason)")
        }
        // SDL falls back to drivers that show nothing; a window on one of them is no window at all.
        let driver = String(cString: SDL_GetCurrentVideoDriver())
        if mode == .window, ["offscreen", "dummy"].contains(driver), chosenDriver != driver {
            SDL_Quit()
            throw NoDisplay(reason: "SDL found only its \(driver) video driver")
        }
        let formats = Int32(IMG_INIT_PNG.rawValue | IMG_INIT_JPG.rawValue)
        _ = IMG_Init(formats)
        if TTF_WasInit() == 0, TTF_Init() != 0 { throw SDLError("TTF_Init") }
    }
}
