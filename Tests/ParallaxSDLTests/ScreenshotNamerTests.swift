import Foundation
import Testing
@testable import ParallaxSDL

@Suite struct ScreenshotNamerTests {
    let utc = TimeZone(identifier: "UTC")!

    @Test func namesByTheTimeToTheMillisecond() {
        var names = ScreenshotNamer(timeZone: utc)
        // 1,795,451,405 s after 1970 is 2026-11-23 16:30:05 UTC.
        #expect(names.name(for: Date(timeIntervalSince1970: 1_795_451_405.1234)) == "parallax-2026-11-23-163005.123.png")
        #expect(names.name(for: Date(timeIntervalSince1970: 1_795_451_405.4564)) == "parallax-2026-11-23-163005.456.png")
    }

    @Test func countsScreenshotsThatShareAMillisecond() {
        var names = ScreenshotNamer(timeZone: utc)
        let date = Date(timeIntervalSince1970: 1_795_451_405.1231)
        #expect(names.name(for: date) == "parallax-2026-11-23-163005.123.png")
        #expect(names.name(for: date) == "parallax-2026-11-23-163005.123-2.png")
        #expect(names.name(for: date.addingTimeInterval(0.0002)) == "parallax-2026-11-23-163005.123-3.png")
        #expect(names.name(for: date.addingTimeInterval(0.001)) == "parallax-2026-11-23-163005.124.png")
    }
}
