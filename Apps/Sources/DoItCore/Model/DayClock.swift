import Foundation

/// The time and calendar the date groups (Today, Overdue) are computed
/// with. Apps use ``system``; tests pass a fixed time and time zone so the
/// groups do not depend on when or where they run.
///
/// ```swift
/// var calendar = Calendar(identifier: .gregorian)
/// calendar.timeZone = TimeZone(identifier: "UTC")!
/// let clock = DayClock(calendar: calendar) { Date(timeIntervalSince1970: 1_800_000_000) }
/// ```
public struct DayClock: Sendable {
    public let calendar: Calendar
    public let now: @Sendable () -> Date

    public init(calendar: Calendar = .current, now: @escaping @Sendable () -> Date = { Date() }) {
        self.calendar = calendar
        self.now = now
    }

    /// The machine's clock and calendar.
    public static var system: DayClock { DayClock() }

    /// Midnight starting the day `days` after today (negative: before).
    public func startOfDay(offsetBy days: Int) -> Date {
        let today = calendar.startOfDay(for: now())
        return calendar.date(byAdding: .day, value: days, to: today) ?? today
    }
}
