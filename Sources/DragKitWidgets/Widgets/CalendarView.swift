import CGtk4
import DragKitGTK
import Foundation

/// A month view to pick a day (GtkCalendar): arrows move the day, Page Up
/// and Page Down the month.
///
/// ```swift
/// let calendar = CalendarView()
/// calendar.day = DateComponents(year: 2026, month: 11, day: 28)
/// calendar.onDaySelected { print(calendar.day) }
/// ```
@MainActor
public final class CalendarView: Widget {
    /// Creates a calendar showing today.
    public init() {
        super.init(sinking: GPointer.raw(gtk_calendar_new()))
    }

    private var calendarPointer: OpaquePointer { reference.opaque }

    /// The selected day as year, month (1–12) and day.
    public var day: DateComponents {
        get {
            let date = gtk_calendar_get_date(calendarPointer)
            defer { g_date_time_unref(date) }
            return DateComponents(year: Int(g_date_time_get_year(date)), month: Int(g_date_time_get_month(date)),
                                  day: Int(g_date_time_get_day_of_month(date)))
        }
        set {
            guard let year = newValue.year, let month = newValue.month, let day = newValue.day,
                  let date = g_date_time_new_local(Int32(year), Int32(month), Int32(day), 12, 0, 0) else { return }
            defer { g_date_time_unref(date) }
            gtk_calendar_select_day(calendarPointer, date)
        }
    }

    /// Runs `handler` when the selected day changes (a click on a day, the
    /// arrow keys, or setting ``day``).
    @discardableResult
    public func onDaySelected(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        Signal.connect(reference, "day-selected", handler: handler)
    }
}
