import Foundation
import UniformTypes

/// What each place in Do It takes, as the seed app decides it:
///
/// | destination | takes |
/// |---|---|
/// | a list | its own items (reorder), items of other lists (move), item JSON, JSON, text |
/// | All | item JSON, JSON, text (new items); not items already in the app |
/// | Today, Scheduled, Overdue | nothing: a drop there would have to invent a date |
/// | Home | its own lists (reorder), list JSON, JSON, text (a new list) |
/// | a list's row on Home | items (the app's own, or item JSON): into that list, at its end |
public enum DropRules {
    /// The types a destination reads, best first. Empty: it takes nothing.
    public static func acceptedTypes(for destination: TodoDestination) -> [UTType] {
        switch destination {
        case .list: [.todoItemID, .todoItem, .json, .plainText]
        case .group(.all): [.todoItem, .json, .plainText]
        case .group: []
        case .home: [.todoListID, .todoList, .json, .plainText]
        }
    }

    /// Whether a drag offering these types (one array per dragged item) can
    /// be dropped on `destination`, judged while it hovers (types only).
    /// Every item must be usable, since a drop takes all or nothing.
    public static func accepts(_ itemTypes: [[UTType]], on destination: TodoDestination) -> Bool {
        let accepted = acceptedTypes(for: destination)
        guard !accepted.isEmpty, !itemTypes.isEmpty else { return false }
        return itemTypes.allSatisfy { types in
            if case .group(.all) = destination, types.contains(where: { $0.conforms(to: .todoItemID) }) {
                return false
            }
            if case .home = destination, types.contains(where: { $0.conforms(to: .todoItemID) }) {
                return false
            }
            if case .list = destination, types.contains(where: { $0.conforms(to: .todoListID) }) {
                return false
            }
            return types.contains { type in accepted.contains { type.conforms(to: $0) } }
        }
    }

    /// Whether a drag offering these types carries to-do items (the app's
    /// own, or item JSON): on Home's sidebar such a drag goes into a list's
    /// row, never between rows.
    public static func carriesItems(_ itemTypes: [[UTType]]) -> Bool {
        itemTypes.contains { types in types.contains { $0.conforms(to: .todoItemID) || $0.conforms(to: .todoItem) } }
    }

    /// Whether a drag offering these types can be dropped on a list's row
    /// in Home's sidebar (moving or copying its items into that list):
    /// every item must be a to-do item, and none a list.
    public static func acceptsOnListRow(_ itemTypes: [[UTType]]) -> Bool {
        !itemTypes.isEmpty && itemTypes.allSatisfy { types in
            !types.contains { $0.conforms(to: .todoListID) || $0.conforms(to: .todoList) }
                && types.contains { $0.conforms(to: .todoItemID) || $0.conforms(to: .todoItem) }
        }
    }

    /// Whether dropping these types moves something already in the app
    /// (a reorder or a move between lists) rather than copying new data in.
    public static func isMove(_ itemTypes: [[UTType]]) -> Bool {
        !itemTypes.isEmpty && itemTypes.allSatisfy { types in
            types.contains { $0.conforms(to: .todoItemID) || $0.conforms(to: .todoListID) }
        }
    }

    /// Why `destination` refuses `payload`, or nil when it takes it.
    static func refusal(of payload: DropPayload, on destination: TodoDestination) -> DoItError? {
        switch (destination, payload) {
        case (.list, .existingItem), (.list, .items), (.list, .text),
             (.group(.all), .items), (.group(.all), .text),
             (.home, .existingList), (.home, .list), (.home, .text):
            return nil
        case (.group(.all), .existingItem):
            return DoItError(.notAccepted,
                "That item is already in All. To move it, drop it on one of the lists.")
        case (.group(let group), _) where group != .all:
            return DoItError(.notAccepted,
                "\(group.title) shows items by their due date and takes no drops. Drop on a list or on All instead.")
        case (.list, .existingList), (.list, .list), (.group(.all), .existingList), (.group(.all), .list):
            return DoItError(.notAccepted, "A list can't go inside a list. Drop lists on Home.")
        case (.home, .existingItem), (.home, .items):
            return DoItError(.notAccepted,
                "Home takes lists, or text to name a new list. Drop items on a list.")
        default:
            return DoItError(.notAccepted, "Do It can't drop that here.")
        }
    }
}
