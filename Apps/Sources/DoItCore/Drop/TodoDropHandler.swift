import Foundation
import ItemProviders
import UniformTypes

/// Carries out drops: reads the dropped providers, checks every item
/// against ``DropRules``, then changes the store as one undo step. When
/// anything is refused or unreadable, nothing changes and the error says
/// why.
///
/// ```swift
/// let handler = TodoDropHandler(store: store)
/// try await handler.drop(providers, at: 2, on: .list(groceries.id))
/// ```
///
/// On a list, a new item is added at the end and then moved to the drop
/// index, the two grouped into one undo step (as the seed app does); on
/// All it is inserted at the drop index of the global order, in the first
/// list.
@MainActor
public final class TodoDropHandler {
    public let store: TodoStore
    /// Ids taken: by items in the store (looked up once per drop) and by
    /// new items of the current drop, so that the same JSON dropped twice
    /// in one drag still makes two items.
    private var claimedIDs: Set<UUID> = []

    public init(store: TodoStore) {
        self.store = store
    }

    /// Drops `providers` at `index` (a row index of the destination's list,
    /// as it was before the drop) on `destination`.
    ///
    /// - Throws: ``DoItError``; the store is unchanged then.
    public func drop(_ providers: [ItemProvider], at index: Int, on destination: TodoDestination) async throws(DoItError) {
        let accepted = DropRules.acceptedTypes(for: destination)
        if accepted.isEmpty, let refusal = DropRules.refusal(of: .text("-"), on: destination) { throw refusal }
        let payloads = try await PayloadReader.payloads(of: providers, accepting: accepted)
        try apply(payloads, at: index, on: destination)
    }

    /// Applies payloads already read; see ``drop(_:at:on:)``.
    public func apply(_ payloads: [DropPayload], at index: Int, on destination: TodoDestination) throws(DoItError) {
        for payload in payloads {
            if let refusal = DropRules.refusal(of: payload, on: destination) { throw refusal }
            try checkExists(payload)
        }
        claimedIDs = store.existingItemIDs(among: payloads.flatMap { payload -> [UUID] in
            switch payload {
            case .items(let items): items.map(\.id)
            case .list(_, let items): items.map(\.id)
            default: []
            }
        })
        let history = store.undoHistory
        history.beginGrouping()
        do {
            switch destination {
            case .list(let listID): try drop(payloads, at: index, onList: listID)
            case .group: try dropOnAll(payloads, at: index)
            case .home: try dropOnHome(payloads, at: index)
            }
        } catch {
            history.abandonOpenGroup()
            throw error
        }
        history.endGrouping()
    }

    // MARK: - Destinations

    private func drop(_ payloads: [DropPayload], at index: Int, onList listID: UUID) throws(DoItError) {
        guard store.list(withID: listID) != nil else {
            throw DoItError(.notFound, "That list is no longer there; it may have been deleted in another window.")
        }
        var index = min(max(0, index), store.items(inList: listID).count)
        var pending: [TodoItem] = []
        func flush() throws(DoItError) {
            guard !pending.isEmpty else { return }
            let count = store.items(inList: listID).count
            try store.addItems(pending)
            try store.moveItems(fromOffsets: IndexSet(count..<count + pending.count), to: index, within: listID)
            index += pending.count
            pending = []
        }
        for payload in payloads {
            switch payload {
            case .existingItem(let id):
                try flush()
                let item = store.item(withID: id)!
                if item.listID == listID {
                    let current = store.items(inList: listID).firstIndex { $0.id == id }!
                    try store.moveItems(fromOffsets: [current], to: index, within: listID)
                    if current >= index { index += 1 }
                } else {
                    try store.moveItems(withIDs: [id], toList: listID, at: index)
                    index += 1
                }
            case .items(let items):
                pending += items.map { fresh($0, in: listID) }
            case .text(let text):
                pending.append(newItem(from: text, in: listID))
            case .existingList, .list:
                break
            }
        }
        try flush()
    }

    private func dropOnAll(_ payloads: [DropPayload], at index: Int) throws(DoItError) {
        guard let first = store.lists().first else {
            throw DoItError(.notAccepted, "There is no list to put new items in. Make a list on Home first.")
        }
        var items: [TodoItem] = []
        for payload in payloads {
            switch payload {
            case .items(let new): items += new.map { fresh($0, in: first.id) }
            case .text(let text): items.append(newItem(from: text, in: first.id))
            default: break
            }
        }
        try store.addItems(items, atGlobalIndex: index)
    }

    private func dropOnHome(_ payloads: [DropPayload], at index: Int) throws(DoItError) {
        var index = min(max(0, index), store.lists().count)
        for payload in payloads {
            switch payload {
            case .existingList(let id):
                let current = store.lists().firstIndex { $0.id == id }!
                try store.moveLists(fromOffsets: [current], to: index)
                if current >= index { index += 1 }
            case .list(let list, let items):
                var list = list
                if store.list(withID: list.id) != nil { list.id = UUID() }
                try store.addList(list, items: items.map { fresh($0, in: list.id) }, at: index)
                index += 1
            case .text(let text):
                let name = TodoText.titleAndNotes(from: text)?.title ?? text.trimmed
                let color = ListColor.allCases[store.lists().count % ListColor.allCases.count]
                try store.addList(TodoList(name: name, color: color), at: index)
                index += 1
            case .existingItem, .items:
                break
            }
        }
    }

    // MARK: - Helpers

    /// A dropped item as a new item of `listID`, with a new id when its own
    /// is taken (the same JSON dropped twice makes two items).
    private func fresh(_ item: TodoItem, in listID: UUID) -> TodoItem {
        var item = item
        item.listID = listID
        if claimedIDs.contains(item.id) { item.id = UUID() }
        claimedIDs.insert(item.id)
        return item
    }

    private func newItem(from text: String, in listID: UUID) -> TodoItem {
        let (title, notes) = TodoText.titleAndNotes(from: text) ?? (text.trimmed, nil)
        return TodoItem(title: title, notes: notes, listID: listID)
    }

    private func checkExists(_ payload: DropPayload) throws(DoItError) {
        switch payload {
        case .existingItem(let id) where store.item(withID: id) == nil:
            throw DoItError(.notFound, "The dragged item is no longer there; it may have been deleted meanwhile.")
        case .existingList(let id) where store.list(withID: id) == nil:
            throw DoItError(.notFound, "The dragged list is no longer there; it may have been deleted meanwhile.")
        case .text(let text) where text.trimmed.isEmpty:
            throw DoItError(.emptyText, "The dropped text is empty; drop some words to make an item of them.")
        default:
            break
        }
    }
}
