import DragAndDrop
import Foundation
import ItemProviders

/// The toolkit-free screen of one list or one of Home's groups: its items
/// as a ``ListView`` written with the SwiftUI-style modifiers, as the seed
/// app's list view is:
///
/// - every row drags its item (`onDrag`): the item's UUID inside the app,
///   its JSON, text for other apps, and the activity that opens a window
///   for it when dropped on no window;
/// - a list reorders its own rows (`onMove`) and takes drops of the types
///   ``DropRules`` allows there (`onInsert`, validated by
///   ``DropRules/accepts(_:on:)`` while hovering); All takes new items and
///   text but refuses items already in the app while they hover; Today,
///   Scheduled and Overdue take nothing.
///
/// The toolkit shows ``listView`` (DragKitGTK's `ListWidget`); tests drive
/// it with DragDropTesting.
@MainActor
public final class TodoListScreen {
    /// What the screen shows: `.list(id)` or `.group(group)`.
    public let content: WindowContent
    /// The list model the toolkit renders.
    public let listView: ListView
    /// The items as shown, in order: every id is read, and each item's
    /// fields are read from the store when it is asked for (see ``item(at:)``).
    public var items: Items { rows.items }

    private unowned let app: DoItApp
    private let windowID: Int
    private let rows: ItemRows
    private var observation: StoreObservation?
    private var pendingReload: Task<Void, Never>?

    init(content: WindowContent, app: DoItApp, windowID: Int, frame: CGRect) {
        self.content = content
        self.app = app
        self.windowID = windowID
        rows = ItemRows { [store = app.store] ids in store.items(withIDs: ids) }
        listView = ListView(name: app.windows.title(for: content), frame: frame, dataSource: rows,
                            layout: ListRowLayout(width: frame.width, rowHeight: CGFloat(ScreenMetrics.rowHeight)))
        reload()
        // The screens live as long as the app's windows; they hold the
        // app weakly so that closing an app (in tests) frees everything.
        // A row past the end of a list another program shortened (until
        // the list view reloads) drags nothing.
        listView.itemProvider { [weak app, rows] index in
            rows.item(at: index).flatMap { app?.itemProvider(forItem: $0) }
        }
        if case .list(let listID) = content {
            listView.onMove { [weak app] offsets, destination in
                app?.report(in: windowID) { () throws(DoItError) in
                    try app?.store.moveItems(fromOffsets: offsets, to: destination, within: listID)
                }
            }
        }
        if let destination = content.dropDestination, !DropRules.acceptedTypes(for: destination).isEmpty {
            // The accepted types admit an item already in the app by its
            // JSON; the rules refuse it on All from its item-id type, so
            // the refusal shows while it hovers and a drop changes nothing.
            // A list keeps taking a dragged list until the drop, which then
            // says why it can't go there.
            var validate: (@MainActor (DropInfo) -> Bool)?
            if destination == .group(.all) {
                validate = { info in
                    let itemTypes = info.session.items.map { item in item.itemProvider.registeredContentTypes }
                    return DropRules.accepts(itemTypes, on: destination)
                }
            }
            listView.onInsert(of: DropRules.acceptedTypes(for: destination), validate: validate) { [weak app] index, providers in
                app?.drop(providers, at: index, on: destination, in: windowID)
            }
        }
        observation = app.store.observe { [weak self] _ in self?.reload() }
        rows.onChangedElsewhere = { [weak self] in self?.reloadSoon() }
    }

    /// Stops following the store (the window closed).
    func close() {
        observation?.cancel()
    }

    /// How many rows the screen shows.
    public var count: Int { rows.rowCount }

    /// The item of the row at `index` (nil past the last row).
    public func item(at index: Int) -> TodoItem? {
        index >= 0 && index < rows.rowCount ? rows.item(at: index) : nil
    }

    /// The row showing the item `id`, if the screen shows it.
    public func index(ofItem id: UUID) -> Int? {
        rows.index(of: id)
    }

    /// How many rows' fields the screen has read from the store: opening
    /// reads the count and the first ids only, showing a row reads its page.
    public var rowsRead: Int { rows.rowsRead }

    /// How many of its rows' ids the screen has read: the first ones when
    /// it opens, every one once a row past them (or every id) is needed.
    public var idsRead: Int { rows.idsRead }

    /// The text a row shows.
    public func text(at index: Int) -> String {
        guard let item = item(at: index) else { return "" }
        let marks = item.priority > .normal ? " " + String(repeating: "!", count: item.priority.rawValue - 1) : ""
        return "\(item.completed ? "☑" : "☐") \(item.title)\(marks)"
    }

    /// What a row shows: a check box, the title, and at the end the
    /// priority marks, the due date and, in Home's groups, the item's list
    /// ("!! · Work · Tomorrow").
    public func row(at index: Int) -> RowContent {
        guard let item = item(at: index) else { return RowContent(icon: "", title: "") }
        var parts: [String] = []
        if item.priority > .normal { parts.append(String(repeating: "!", count: item.priority.rawValue - 1)) }
        if case .group = content, let list = app.store.list(withID: item.listID) { parts.append(list.name) }
        if let due = item.dueDate { parts.append(DueDateText.string(for: due, clock: app.store.clock)) }
        return RowContent(icon: item.completed ? "checkbox-checked-symbolic" : "checkbox-symbolic",
                          title: item.title, detail: parts.joined(separator: " · "), isDone: item.completed,
                          isItem: true, isOverdue: HomeGroup.overdue.contains(item, clock: app.store.clock))
    }

    /// The list new items go into from this screen's entry (nil in Home's
    /// groups, which show items of every list).
    public var listID: UUID? {
        if case .list(let id) = content { return id }
        return nil
    }

    /// What the screen shows when it has no rows: an icon, a title and a
    /// hint of what to do.
    public var emptyState: EmptyState {
        switch content {
        case .list: EmptyState(icon: "checkbox-checked-symbolic", title: "Nothing to Do",
                               hint: "Type a to-do in the entry below and press Enter, or drop items here.")
        case .group(.today): EmptyState(icon: "x-office-calendar-symbolic", title: "Nothing Due Today",
                                        hint: "Items whose due date is today show here. Set one with Ctrl+D.")
        case .group(.scheduled): EmptyState(icon: "alarm-symbolic", title: "Nothing Scheduled",
                                            hint: "Items with a due date show here. Select an item and press Ctrl+D.")
        case .group(.overdue): EmptyState(icon: "emblem-ok-symbolic", title: "Nothing Overdue",
                                          hint: "Items not done by their due date show here.")
        case .group(.all): EmptyState(icon: "view-list-symbolic", title: "No Items",
                                      hint: "Pick a list on the left and type a to-do in its entry.")
        case .home, .item: EmptyState(icon: "view-list-symbolic", title: "", hint: "")
        }
    }

    /// How many ids a screen reads when it opens or reloads: more than a
    /// tall window shows, so scrolling a little reads no more.
    static let firstIDs = 256

    /// The rows found the list changed by another program while the
    /// toolkit was filling in a row: on the next turn of the main actor the
    /// store tells its observers, so this screen reloads and so does
    /// everything else showing the store (Home's counts, other windows).
    private func reloadSoon() {
        guard pendingReload == nil else { return }
        pendingReload = Task { @MainActor [weak self] in
            guard let self else { return }
            pendingReload = nil
            app.store.notify(.byAnotherProgram(inList: listID))
        }
    }

    /// Reads the items again and shows them.
    func reload() {
        switch content {
        case .list(let id):
            let (first, count) = app.store.firstItemIDs(inList: id, limit: Self.firstIDs)
            rows.replace(first: first, count: count) { [store = app.store] offset in store.itemIDs(inList: id, from: offset) }
        case .group(let group):
            let (first, count) = app.store.firstItemIDs(in: group, limit: Self.firstIDs)
            rows.replace(first: first, count: count) { [store = app.store] offset in store.itemIDs(in: group, from: offset) }
        case .home, .item:
            rows.replace(first: [], count: 0, readRest: nil)
        }
        listView.reloadData()
    }
}
