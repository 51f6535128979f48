import Foundation

/// The JSON forms of items and lists that Do It writes and reads: what a
/// dragged item or list carries, what `.todoitem`/`.todolist` files hold.
///
/// An item:
///
/// ```json
/// {"id": "6F1C…", "title": "Buy milk", "priority": "high", "notes": "semi-skimmed",
///  "date": "2026-11-24T09:00:00Z", "listID": "0B7A…", "completed": false}
/// ```
///
/// A list is `{"id", "name", "color", "icon", "items": [item, …]}`.
///
/// Reading is lenient where the format has known variants and strict
/// otherwise: `priority` may be a name or a number (0 low … 3 urgent);
/// the due date may be `date` or `dueDate`, ISO 8601 (with or without time
/// and fraction) or seconds since 2001-01-01 (Apple's default `Date`
/// coding); `completed` (or `complete`) may be a Boolean or the date it was
/// completed; `id`, `notes`, `date`, `listID`, `color`, `icon` and `items`
/// may be left out; a list may also come as `{"list": {…}, "items": […]}`.
/// Anything else (no title, a priority of 7, a date that is not one) is a
/// ``DoItError`` with code `.invalidJSON` saying what and where.
public enum TodoJSON {
    // MARK: - Writing

    /// The item as JSON.
    public static func data(for item: TodoItem) -> Data {
        encode(object(for: item))
    }

    /// The list and its items as JSON.
    public static func data(for list: TodoList, items: [TodoItem]) -> Data {
        encode(object(for: list, items: items))
    }

    static func object(for item: TodoItem) -> [String: Any] {
        var object: [String: Any] = [
            "id": item.id.uuidString, "title": item.title, "priority": item.priority.name,
            "listID": item.listID.uuidString, "completed": item.completed,
        ]
        if let notes = item.notes { object["notes"] = notes }
        if let due = item.dueDate { object["date"] = isoFormatter.string(from: due) }
        return object
    }

    static func object(for list: TodoList, items: [TodoItem]) -> [String: Any] {
        ["id": list.id.uuidString, "name": list.name, "color": list.color.rawValue, "icon": list.icon,
         "items": items.map(object(for:))]
    }

    private static func encode(_ object: [String: Any]) -> Data {
        // Only strings, numbers, Booleans, arrays and dictionaries go in, so
        // serialisation cannot fail.
        (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data("{}".utf8)
    }

    // MARK: - Reading

    /// What a piece of JSON describes.
    public enum Content: Sendable, Equatable {
        /// One or more items (an item object, or an array of them).
        case items([TodoItem])
        /// A list with its items.
        case list(TodoList, [TodoItem])
    }

    /// Reads an item, an array of items, or a list with its items.
    ///
    /// Items read without a list get `listID` `placeholderListID`; the drop
    /// decides their list.
    public static func content(from data: Data) throws(DoItError) -> Content {
        let root = try parse(data)
        if let array = root as? [Any] {
            guard !array.isEmpty else {
                throw DoItError(.invalidJSON, "The JSON is an empty array: there is no to-do item in it.")
            }
            var items: [TodoItem] = []
            for (index, element) in array.enumerated() {
                items.append(try item(from: element, at: "item \(index + 1)"))
            }
            return .items(items)
        }
        guard let object = root as? [String: Any] else {
            throw DoItError(.invalidJSON, "The JSON is a \(kind(of: root)), not a to-do item or list.")
        }
        if object["title"] != nil { return .items([try item(from: object, at: "the item")]) }
        if object["name"] != nil || object["list"] != nil { return try list(from: object) }
        throw DoItError(.invalidJSON,
            "The JSON is neither a to-do item (it has no \"title\") nor a to-do list (it has no \"name\").")
    }

    /// Reads one item; an array or a list is an error.
    public static func item(from data: Data) throws(DoItError) -> TodoItem {
        try item(from: try parse(data), at: "the item")
    }

    /// Reads one list with its items; an item is an error.
    public static func list(from data: Data) throws(DoItError) -> (TodoList, [TodoItem]) {
        guard let object = try parse(data) as? [String: Any] else {
            throw DoItError(.invalidJSON, "The to-do list JSON is not an object.")
        }
        guard case .list(let list, let items) = try list(from: object) else { fatalError("list(from:) makes lists") }
        return (list, items)
    }

    /// The list an item read from JSON gets when its JSON names none.
    public static let placeholderListID = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))

    private static func parse(_ data: Data) throws(DoItError) -> Any {
        do {
            return try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        } catch {
            throw DoItError(.invalidJSON, "The data is not valid JSON (\(data.count) bytes).")
        }
    }

    private static func list(from object: [String: Any]) throws(DoItError) -> Content {
        var fields = object
        var itemsValue = object["items"]
        if let nested = object["list"] {
            guard let nestedObject = nested as? [String: Any] else {
                throw DoItError(.invalidJSON, "In the to-do list JSON, \"list\" is a \(kind(of: nested)), not an object.")
            }
            fields = nestedObject
            itemsValue = object["items"] ?? nestedObject["items"]
        }
        let place = "the list"
        guard let name = try string(fields["name"], key: "name", at: place), !name.trimmed.isEmpty else {
            throw DoItError(.invalidJSON, "The to-do list JSON has no \"name\".")
        }
        let id = try uuid(fields["id"], key: "id", at: place) ?? UUID()
        var color = ListColor.blue
        if let colorName = try string(fields["color"], key: "color", at: place) {
            guard let known = ListColor(name: colorName) else {
                throw DoItError(.invalidJSON, "The list's \"color\" \"\(colorName)\" is not one of "
                    + ListColor.allCases.map(\.rawValue).joined(separator: ", ") + ".")
            }
            color = known
        }
        let icon = try string(fields["icon"], key: "icon", at: place) ?? TodoList.defaultIcon
        var items: [TodoItem] = []
        if let itemsValue, !(itemsValue is NSNull) {
            guard let array = itemsValue as? [Any] else {
                throw DoItError(.invalidJSON, "The list's \"items\" is a \(kind(of: itemsValue)), not an array.")
            }
            for (index, element) in array.enumerated() {
                var item = try item(from: element, at: "item \(index + 1) of the list")
                item.listID = id
                items.append(item)
            }
        }
        return .list(TodoList(id: id, name: name.trimmed, color: color, icon: icon), items)
    }

    private static func item(from value: Any, at place: String) throws(DoItError) -> TodoItem {
        guard let object = value as? [String: Any] else {
            throw DoItError(.invalidJSON, "\(place.capitalizedFirst) is a \(kind(of: value)), not an object.")
        }
        guard let title = try string(object["title"], key: "title", at: place), !title.trimmed.isEmpty else {
            throw DoItError(.invalidJSON, "\(place.capitalizedFirst) has no \"title\".")
        }
        return TodoItem(
            id: try uuid(object["id"], key: "id", at: place) ?? UUID(),
            title: title.trimmed,
            priority: try priority(object["priority"], at: place),
            notes: try string(object["notes"], key: "notes", at: place),
            dueDate: try date(object["date"] ?? object["dueDate"], key: object["date"] != nil ? "date" : "dueDate", at: place),
            completed: try completed(object["completed"] ?? object["complete"], at: place),
            listID: try uuid(object["listID"], key: "listID", at: place) ?? placeholderListID)
    }

    // MARK: - Fields

    private static func string(_ value: Any?, key: String, at place: String) throws(DoItError) -> String? {
        guard let value, !(value is NSNull) else { return nil }
        guard let string = value as? String else {
            throw DoItError(.invalidJSON, "In \(place), \"\(key)\" is a \(kind(of: value)), not a string.")
        }
        return string
    }

    private static func uuid(_ value: Any?, key: String, at place: String) throws(DoItError) -> UUID? {
        guard let text = try string(value, key: key, at: place) else { return nil }
        guard let uuid = UUID(uuidString: text) else {
            throw DoItError(.invalidJSON, "In \(place), \"\(key)\" \"\(text)\" is not a UUID.")
        }
        return uuid
    }

    private static func priority(_ value: Any?, at place: String) throws(DoItError) -> Priority {
        guard let value, !(value is NSNull) else { return .normal }
        if let name = value as? String {
            if let priority = Priority(name: name) { return priority }
        } else if let number = value as? NSNumber, !isBoolean(number),
                  let priority = Priority(rawValue: number.intValue), Double(number.intValue) == number.doubleValue {
            return priority
        }
        throw DoItError(.invalidJSON, "In \(place), \"priority\" \(describe(value)) is not one of low, normal, high, urgent (or 0 to 3).")
    }

    private static func completed(_ value: Any?, at place: String) throws(DoItError) -> Bool {
        guard let value, !(value is NSNull) else { return false }
        if let number = value as? NSNumber, isBoolean(number) { return number.boolValue }
        // A completion date means completed.
        if try date(value, key: "completed", at: place) != nil { return true }
        return false
    }

    private static func date(_ value: Any?, key: String, at place: String) throws(DoItError) -> Date? {
        guard let value, !(value is NSNull) else { return nil }
        if let number = value as? NSNumber, !isBoolean(number) {
            return Date(timeIntervalSinceReferenceDate: number.doubleValue)
        }
        if let text = value as? String {
            for formatter in dateFormatters {
                if let date = formatter.date(from: text) { return date }
            }
            if let day = dayFormatter.date(from: text) { return day }
        }
        throw DoItError(.invalidJSON, "In \(place), \"\(key)\" \(describe(value)) is not a date "
            + "(use ISO 8601, like \"2026-11-24T09:00:00Z\" or \"2026-11-24\").")
    }

    // MARK: - Helpers

    nonisolated(unsafe) static let isoFormatter: ISO8601DateFormatter = {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        return formatter
    }()

    nonisolated(unsafe) private static let dateFormatters: [ISO8601DateFormatter] = {
        let fractional = ISO8601DateFormatter()
        fractional.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return [isoFormatter, fractional]
    }()

    private static let dayFormatter: DateFormatter = {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd"
        return formatter
    }()

    private static func isBoolean(_ number: NSNumber) -> Bool {
        // JSONSerialization reads true/false as Boolean numbers (type "c"),
        // which also convert to Int; tell them apart from 0 and 1.
        String(cString: number.objCType) == "c"
    }

    private static func kind(of value: Any) -> String {
        switch value {
        case is [Any]: "array"
        case is [String: Any]: "object"
        case is String: "string"
        case let number as NSNumber: isBoolean(number) ? "Boolean" : "number"
        case is NSNull: "null"
        default: "value"
        }
    }

    private static func describe(_ value: Any) -> String {
        if let text = value as? String { return "\"\(text)\"" }
        return "\(value)"
    }
}

extension String {
    var trimmed: String { trimmingCharacters(in: .whitespacesAndNewlines) }

    var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}
