import Foundation
import ParallaxEngine

extension TimeOfDay {
    /// The local wall clock now: what the window's scenes count from (their time 0 is about now).
    static func localNow() -> TimeOfDay {
        let now = Calendar.current.dateComponents([.hour, .minute, .second, .nanosecond], from: Date())
        return TimeOfDay(hour: now.hour ?? 0, minute: now.minute ?? 0, second: Double(now.second ?? 0) + Double(now.nanosecond ?? 0) / 1e9)
    }
}
