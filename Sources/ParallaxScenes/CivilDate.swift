/// Calendar dates computed from a day count, without a clock or a locale, so captions are deterministic.
struct CivilDate: Equatable {
    var year: Int, month: Int, day: Int

    /// Days since 1970-01-01 to a proleptic Gregorian date (Howard Hinnant's `civil_from_days`).
    init(daysSinceEpoch z0: Int) {
        let z = z0 + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        day = doy - (153 * mp + 2) / 5 + 1
        month = mp < 10 ? mp + 3 : mp - 9
        year = yoe + era * 400 + (month <= 2 ? 1 : 0)
        weekday = ((z0 % 7) + 7 + 4) % 7  // 1970-01-01 was a Thursday (4)
    }

    /// 0 = Sunday.
    var weekday: Int

    static let weekdayNames = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]
    static let monthNames = ["January", "February", "March", "April", "May", "June", "July",
                             "August", "September", "October", "November", "December"]

    var longText: String { "\(Self.weekdayNames[weekday]), \(day) \(Self.monthNames[month - 1]) \(year)" }
}
