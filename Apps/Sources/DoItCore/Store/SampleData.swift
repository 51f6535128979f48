import Foundation

/// The lists a new store starts with, so a person sees what the app does
/// (and a test knows what is there): due dates are relative to the clock,
/// so Today, Scheduled and Overdue each show something.
public enum SampleData {
    /// The sample lists with their items, in order.
    public static func lists(clock: DayClock) -> [(list: TodoList, items: [TodoItem])] {
        let groceries = TodoList(name: "Groceries", color: .green)
        let work = TodoList(name: "Work", color: .blue, icon: "mail-unread-symbolic")
        let chores = TodoList(name: "Chores", color: .orange, icon: "user-home-symbolic")
        let noon = 12 * 3600.0
        let today = clock.startOfDay(offsetBy: 0).addingTimeInterval(noon)
        let tomorrow = clock.startOfDay(offsetBy: 1).addingTimeInterval(noon)
        let lastWeek = clock.startOfDay(offsetBy: -7).addingTimeInterval(noon)
        return [
            (groceries, [
                TodoItem(title: "Milk", listID: groceries.id),
                TodoItem(title: "Bread", priority: .low, listID: groceries.id),
                TodoItem(title: "Apples", notes: "The green ones", dueDate: tomorrow, listID: groceries.id),
            ]),
            (work, [
                TodoItem(title: "Write the report", priority: .high, dueDate: today, listID: work.id),
                TodoItem(title: "Book the meeting room", priority: .urgent, dueDate: lastWeek, listID: work.id),
                TodoItem(title: "Answer the mail", completed: true, listID: work.id),
            ]),
            (chores, [
                TodoItem(title: "Water the plants", dueDate: today, listID: chores.id),
                TodoItem(title: "Take out the bins", listID: chores.id),
            ]),
        ]
    }
}
