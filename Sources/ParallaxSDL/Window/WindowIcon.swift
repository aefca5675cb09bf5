import CSDL2
import CSDL2Image
import CSDL2SysWM
import Logging

/// The window's icon: `Resources/Icons/parallax-<size>.png`, drawn for each size by
/// `scripts/make-icons` (a stack of photo cards). On X11 every size goes into `_NET_WM_ICON`, so a
/// task bar at 16 px shows the 16 px drawing rather than the large one shrunk; elsewhere SDL gets the
/// largest (SDL2 sets no icon on Wayland, where the compositor takes it from a desktop entry).
public enum WindowIcon {
    public static let sizes = [16, 32, 48, 128, 256]
    public static func path(size: Int) -> String { "/Icons/parallax-\(size).png" }

    /// Sets the PNGs under `resourcesFolder` as `window`'s icon; an icon that cannot be read is one
    /// log line and the window keeps the system's. Returns whether every size was set.
    @discardableResult
    public static func set(on window: OpaquePointer, resourcesFolder: String, logger: Logger) -> Bool {
        var icons: [(size: Int, argb: [UInt32], surface: UnsafeMutablePointer<SDL_Surface>)] = []
        defer { for icon in icons { SDL_FreeSurface(icon.surface) } }
        for size in sizes {
            let file = resourcesFolder + path(size: size)
            guard let loaded = IMG_Load(file) else {
                logger.warning("window icon \(file): \(String(cString: SDL_GetError())); the window keeps the system's")
                return false
            }
            defer { SDL_FreeSurface(loaded) }
            guard loaded.pointee.w == size, loaded.pointee.h == size,
                  let argb = SDL_ConvertSurfaceFormat(loaded, SDL_PIXELFORMAT_ARGB8888.rawValue, 0) else {
                logger.warning("window icon \(file): not a \(size)x\(size) image; the window keeps the system's")
                return false
            }
            icons.append((size, pixels(of: argb, side: size), argb))
        }
        // On X11 the property is written once, with every size (SDL's would hold the largest alone).
        if !setAllSizesOnX11(window, icons.map { ($0.size, $0.argb) }) { SDL_SetWindowIcon(window, icons[icons.count - 1].surface) }
        return true
    }

    static func pixels(of surface: UnsafeMutablePointer<SDL_Surface>, side: Int) -> [UInt32] {
        let pitch = Int(surface.pointee.pitch)
        let bytes = surface.pointee.pixels.assumingMemoryBound(to: UInt8.self)
        return (0..<side).flatMap { y in
            UnsafeRawPointer(bytes + y * pitch).withMemoryRebound(to: UInt32.self, capacity: side) { Array(UnsafeBufferPointer(start: $0, count: side)) }
        }
    }

    /// `_NET_WM_ICON` with every size: width, height, then ARGB pixels, each in a `long` (Xlib's
    /// format 32), one icon after another (the EWMH specification).
    /// Returns false where the window is not an X11 one.
    @discardableResult
    static func setAllSizesOnX11(_ window: OpaquePointer, _ icons: [(size: Int, argb: [UInt32])]) -> Bool {
        guard let info = windowSystemInfo(of: window), info.subsystem == SDL_SYSWM_X11, let display = info.info.x11.display else { return false }
        var data: [CLong] = []
        for icon in icons {
            data += [CLong(icon.size), CLong(icon.size)] + icon.argb.map { CLong($0) }
        }
        let property = XInternAtom(display, "_NET_WM_ICON", 0), cardinal = XInternAtom(display, "CARDINAL", 0)
        data.withUnsafeBytes { raw in
            _ = XChangeProperty(display, info.info.x11.window, property, cardinal, 32, PropModeReplace,
                                raw.baseAddress!.assumingMemoryBound(to: UInt8.self), Int32(data.count))
        }
        XFlush(display)
        return true
    }
}
