/// A wall-clock time of day, in seconds since midnight. A scene gets the one at its time 0 as a
/// value and adds its own time to show a clock: it never reads one (the window passes the local
/// time at start; `capture` and `verify` a script's `clock`, so their pixels stay the same).
public struct TimeOfDay: Hashable, Sendable {
    public var secondsSinceMidnight: Double

    public init(hour: Int, minute: Int, second: Double = 0) {
        secondsSinceMidnight = Double(hour * 3600 + minute * 60) + second
    }

    /// `HH:MM` on a 24-hour clock (`9:41` too); nil for anything else.
    public init?(parsing text: String) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, (1...2).contains(parts[0].count), parts[1].count == 2,
              parts.allSatisfy({ $0.allSatisfy(\.isASCII) }),
              let hour = Int(parts[0]), let minute = Int(parts[1]), (0..<24).contains(hour), (0..<60).contains(minute) else { return nil }
        self.init(hour: hour, minute: minute)
    }

    /// The clock `seconds` later as `HH:MM` (the minute it is in; past midnight it starts again).
    public func text(after seconds: Double) -> String {
        let total = secondsSinceMidnight + (seconds.isFinite ? seconds : 0)
        let minutes = Int((total / 60).rounded(.down)) % (24 * 60)
        let wrapped = (minutes + 24 * 60) % (24 * 60)
        let hh = wrapped / 60, mm = wrapped % 60
        return (hh < 10 ? "0" : "") + String(hh) + ":" + (mm < 10 ? "0" : "") + String(mm)
    }

    /// What `capture` and `verify` show for a script without a `clock`.
    public static let scriptDefault = TimeOfDay(hour: 9, minute: 41)
}
