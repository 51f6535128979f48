import DoItCore
import Foundation

enum TestClock {
    /// 2026-11-23 15:00 UTC, in a UTC calendar.
    static let fixed: DayClock = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return DayClock(calendar: calendar) { Date(timeIntervalSince1970: 1_795_446_000) }
    }()
}
