import Dispatch
import Foundation
import Logging
import ParallaxFrame
import ParallaxPhotos

/// F12's file names: the local time to the millisecond, and a counter when two share it, so no
/// screenshot overwrites another.
public struct ScreenshotNamer {
    private let formatter = DateFormatter()
    private var lastStem = ""
    private var repeats = 0

    public init(timeZone: TimeZone = .current) {
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = timeZone
        formatter.dateFormat = "yyyy-MM-dd-HHmmss.SSS"
        // A formatter's first use loads ICU's calendar data (1 to 6 ms here): now, before the first
        // frame, not in the frame of the first F12.
        _ = formatter.string(from: Date(timeIntervalSince1970: 0))
    }

    /// `parallax-2026-11-22-163005.123.png`; a second one in that millisecond `...163005.123-2.png`.
    public mutating func name(for date: Date) -> String {
        let stem = "parallax-" + formatter.string(from: date)
        repeats = stem == lastStem ? repeats + 1 : 1
        lastStem = stem
        return stem + (repeats > 1 ? "-\(repeats)" : "") + ".png"
    }
}

/// Encodes and writes screenshots on threads of their own, at the lowest priority: a PNG of a
/// 1280x800 window takes a few hundred milliseconds of a core to encode, which the window's
/// frames must neither wait for nor lose their core to.
public final class ScreenshotWriter: Sendable {
    private let pending = DispatchGroup()
    private let logger: Logger

    public init(logger: Logger) { self.logger = logger }

    /// Returns at once; the file appears when its encoding is done.
    public func save(_ pixels: PixelImage, path: String) {
        pending.enter()
        Thread { [pending, logger] in
            defer { pending.leave() }
            BackgroundPriority.lowest()
            do {
                try pixels.savePNG(path: path)
                logger.info("saved a screenshot to \(path)")
            } catch {
                logger.warning("could not save a screenshot: \(error)")
            }
        }.start()
    }

    /// Waits for every screenshot handed over so far to be written (before the process exits).
    public func finish() { pending.wait() }
}
