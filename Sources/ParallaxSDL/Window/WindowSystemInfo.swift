import CSDL2
import CSDL2SysWM

/// What SDL tells of the window system under a window (its X display, or its Wayland display and
/// surface); nil where SDL cannot say.
func windowSystemInfo(of window: OpaquePointer) -> SDL_SysWMinfo? {
    var info = SDL_SysWMinfo()
    info.version = SDL_version(major: UInt8(SDL_MAJOR_VERSION), minor: UInt8(SDL_MINOR_VERSION), patch: UInt8(SDL_PATCHLEVEL))
    return SDL_GetWindowWMInfo(window, &info) == SDL_TRUE ? info : nil
}
