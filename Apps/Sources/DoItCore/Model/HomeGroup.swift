import Foundation

/// The groups Home shows above the lists: views across every list, decided
/// by due date. Their membership depends on the day, so it is computed with
/// a ``DayClock`` the app injects.
public enum HomeGroup: String, CaseIterable, Sendable {
    /// Items due today.
    case today
    /// Items that have a due date.
    case scheduled
    /// Items not completed that were due on an earlier day (an item due
    /// today is in Today, not overdue, until the day is over).
    case overdue
    /// Every item, in the global order.
    case all

    /// The group's title as Home shows it.
    public var title: String {
        switch self {
        case .today: "Today"
        case .scheduled: "Scheduled"
        case .overdue: "Overdue"
        case .all: "All"
        }
    }

    /// Whether `item` belongs in this group at `clock`'s time.
    public func contains(_ item: TodoItem, clock: DayClock) -> Bool {
        switch self {
        case .all:
            return true
        case .scheduled:
            return item.dueDate != nil
        case .today:
            guard let due = item.dueDate else { return false }
            return clock.calendar.isDate(due, inSameDayAs: clock.now())
        case .overdue:
            guard let due = item.dueDate, !item.completed else { return false }
            return due < clock.startOfDay(offsetBy: 0)
        }
    }
}
