import DoItCore
import DragKitGTK
import DragKitWidgets
import Foundation

/// The popover that sets or clears an item's due date: a calendar (arrow
/// keys move the day, Enter sets it), Today and Tomorrow, Clear, and Set.
@MainActor
final class DuePicker {
    let popover: Popover
    private let calendar = CalendarView()
    private let clock: DayClock
    /// Runs with the chosen day (nil: clear).
    var onChoose: (@MainActor (Date?) -> Void)?

    init(clock: DayClock) {
        self.clock = clock
        let form = Box(.vertical, spacing: 8)
        form.setMargins(6)
        let title = Label("Due Date")
        title.addStyleClass("heading")
        title.textAlignment = 0
        form.append(title)
        form.append(calendar)
        let quick = Box(.horizontal, spacing: 6)
        let today = Button(label: "_Today")
        let tomorrow = Button(label: "T_omorrow")
        let clear = Button(label: "_Clear")
        quick.append(today)
        quick.append(tomorrow)
        quick.append(clear)
        form.append(quick)
        let set = Button(label: "_Set Due Date")
        set.addStyleClass("suggested-action")
        set.setAlignment(horizontal: .end, vertical: .center)
        form.append(set)
        popover = Popover(child: form)
        popover.defaultWidget = set
        today.onClicked { [weak self] in self?.choose(clock.startOfDay(offsetBy: 0)) }
        tomorrow.onClicked { [weak self] in self?.choose(clock.startOfDay(offsetBy: 1)) }
        clear.onClicked { [weak self] in self?.choose(nil) }
        set.onClicked { [weak self] in self?.setChosenDay() }
        let keys = ShortcutController()
        for key in ["Return", "KP_Enter"] {
            keys.add(key) { [weak self] in
                self?.setChosenDay()
                return true
            }
        }
        calendar.addShortcuts(keys)
        popover.onShow { [weak self] in self?.calendar.grabFocus() }
    }

    /// Shows `date`'s day (today when nil) before the popover opens.
    func prepare(_ date: Date?) {
        var parts = clock.calendar.dateComponents([.year, .month, .day], from: date ?? clock.now())
        parts.calendar = nil
        calendar.day = parts
    }

    private func setChosenDay() {
        var parts = calendar.day
        parts.hour = 0
        choose(clock.calendar.date(from: parts))
    }

    private func choose(_ date: Date?) {
        onChoose?(date)
        popover.popdown()
    }
}
