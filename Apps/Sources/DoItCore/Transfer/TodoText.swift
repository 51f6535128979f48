import Foundation

/// The plain-text forms of items and lists that Do It gives other apps (a
/// text editor, a chat box): readable, one item per line.
///
/// ```
/// Groceries
/// [ ] Buy milk (high priority, due 2026-11-24)
/// [x] Bread
/// ```
public enum TodoText {
    /// One line for the item, then its notes indented below it.
    public static func string(for item: TodoItem) -> String {
        var details: [String] = []
        if item.priority != .normal { details.append("\(item.priority.name) priority") }
        if let due = item.dueDate { details.append("due \(dayFormatter.string(from: due))") }
        var line = "[\(item.completed ? "x" : " ")] \(item.title)"
        if !details.isEmpty { line += " (\(details.joined(separator: ", ")))" }
        if let notes = item.notes?.trimmed, !notes.isEmpty {
            line += "\n" + notes.split(separator: "\n", omittingEmptySubsequences: false).map { "    \($0)" }.joined(separator: "\n")
        }
        return line
    }

    /// The list's name, then its items.
    public static func string(for list: TodoList, items: [TodoItem]) -> String {
        ([list.name] + items.map(string(for:))).joined(separator: "\n")
    }

    /// A new item's title and notes from dropped text: the first non-empty
    /// line is the title, the lines after it the notes.
    static func titleAndNotes(from text: String) -> (title: String, notes: String?)? {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { String($0).trimmed }
        guard let first = lines.firstIndex(where: { !$0.isEmpty }) else { return nil }
        let notes = lines[(first + 1)...].joined(separator: "\n").trimmed
        return (lines[first], notes.isEmpty ? nil : notes)
    }

    private static let dayFormatter: DateFormatter = {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd"
        return formatter
    }()
}
