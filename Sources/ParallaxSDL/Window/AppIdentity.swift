import CSDL2

/// Who the app is to the desktop: one application ID in reverse-DNS form, the name of its desktop
/// entry, icon and metainfo, and the window's X11 `WM_CLASS` and Wayland app ID, by which the
/// desktop matches the window to its entry (docs/input-and-trackpads.md, "The window and the desktop").
public enum AppIdentity {
    public static let id = "org.parallaxplayground.Parallax"
    /// The human name: SDL gives it to the screensaver inhibitor and audio streams.
    public static let name = "Parallax Playground"

    /// Before SDL's video starts: SDL 2.26 reads the window's class and app ID from these two
    /// variables once, at video init (a user's own value stays); the hints make it a desktop
    /// window rather than a game's: the screensaver may start while it idles, and the compositor keeps
    /// compositing it.
    static func announce() {
        SDL_setenv("SDL_VIDEO_X11_WMCLASS", id, 0)
        SDL_setenv("SDL_VIDEO_WAYLAND_WMCLASS", id, 0)
        SDL_SetHint(SDL_HINT_APP_NAME, name)
        SDL_SetHint(SDL_HINT_VIDEO_ALLOW_SCREENSAVER, "1")
        SDL_SetHint(SDL_HINT_VIDEO_X11_NET_WM_BYPASS_COMPOSITOR, "0")
    }
}
