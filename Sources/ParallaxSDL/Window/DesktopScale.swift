import CSDL2SysWM
import Foundation

/// The desktop's scale: device pixels per logical pixel of the window (docs/input-and-trackpads.md,
/// "The desktop's scale"). On Wayland the compositor gives the output's scale and SDL draws at it;
/// on X11 SDL2 knows no scale, so the window follows the X resource `Xft.dpi` (on the root window's
/// `RESOURCE_MANAGER`, where GNOME, KDE and `xrdb` put it) as SDL3 reads it, `Xft.dpi / 96`, in
/// whole steps as GTK scales its windows: 192 (GNOME's 200%) draws at 2x, and 144, which a desktop
/// sets for larger text at 150%, keeps 1x.
public struct DesktopScale: Equatable, Sendable {
    public enum Source: String, Sendable {
        case xftDPI = "Xft.dpi", wayland, none
    }

    public let factor: Double
    public let source: Source

    public static let none = DesktopScale(factor: 1, source: .none)

    /// The scale an `Xft.dpi` gives: its whole multiples of 96, at least 1.
    public static func factor(xftDPI dpi: Double) -> Double {
        guard dpi.isFinite else { return 1 }
        return max(1, (dpi / 96 + 1e-9).rounded(.down))
    }

    /// `Xft.dpi`'s value in an X resource database's text (`name:\tvalue` lines, as `xrdb -query`
    /// prints it); nil where it is not there or not a number.
    public static func xftDPI(inResources text: String) -> Double? {
        for line in text.split(whereSeparator: \.isNewline) {
            let parts = line.split(separator: ":", maxSplits: 1)
            guard parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces) == "Xft.dpi" else { continue }
            return Double(parts[1].trimmingCharacters(in: .whitespaces)).flatMap { $0 > 0 ? $0 : nil }
        }
        return nil
    }

    /// The scale of the X display SDL opened (`DISPLAY`), read on a connection of its own before the
    /// window is made, so the window opens at its size in device pixels.
    static func x11() -> DesktopScale {
        guard let display = XOpenDisplay(nil) else { return .none }
        defer { XCloseDisplay(display) }
        var type: Atom = 0
        var format: Int32 = 0
        var count: UInt = 0, remaining: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        let property = XInternAtom(display, "RESOURCE_MANAGER", 1)
        guard property != 0,
              XGetWindowProperty(display, XDefaultRootWindow(display), property, 0, 1 << 20, 0, Atom(AnyPropertyType),
                                 &type, &format, &count, &remaining, &data) == Success, let data else { return .none }
        defer { XFree(data) }
        let text = String(decoding: UnsafeBufferPointer(start: data, count: format == 8 ? Int(count) : 0), as: UTF8.self)
        guard let dpi = xftDPI(inResources: text) else { return .none }
        return DesktopScale(factor: factor(xftDPI: dpi), source: .xftDPI)
    }
}
