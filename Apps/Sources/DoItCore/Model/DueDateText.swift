import Foundation

/// How a due date reads in a row: "Today", "Tomorrow", "Yesterday", the
/// weekday and day within a week ("Mon 30 Nov"), the day and month this
/// year ("12 Jan"), with the year otherwise ("3 Mar 2028").
///
/// ```swift
/// DueDateText.string(for: item.dueDate!, clock: store.clock)   // "Tomorrow"
/// ```
public enum DueDateText {
    /// The words for `date`, relative to `clock`'s today.
    public static func string(for date: Date, clock: DayClock) -> String {
        let calendar = clock.calendar
        let today = calendar.startOfDay(for: clock.now())
        let day = calendar.startOfDay(for: date)
        let offset = calendar.dateComponents([.day], from: today, to: day).day ?? 0
        switch offset {
        case 0: return "Today"
        case 1: return "Tomorrow"
        case -1: return "Yesterday"
        default: break
        }
        let formatter = DateFormatter()
        formatter.calendar = calendar
        formatter.timeZone = calendar.timeZone
        formatter.locale = Locale(identifier: "en_GB")
        if (2...6).contains(offset) {
            formatter.dateFormat = "EEE d MMM"
        } else if calendar.component(.year, from: day) == calendar.component(.year, from: today) {
            formatter.dateFormat = "d MMM"
        } else {
            formatter.dateFormat = "d MMM yyyy"
        }
        return formatter.string(from: day)
    }

    /// The date as `yyyy-MM-dd` in `clock`'s calendar (the export's form).
    public static func isoDay(_ date: Date, clock: DayClock) -> String {
        let parts = clock.calendar.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
    }
}
