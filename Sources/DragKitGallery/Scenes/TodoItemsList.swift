import DragAndDrop
import DragKitGTK
import DragKitWidgets
import Foundation
import ItemProviders
import UniformTypes

/// One to-do list's items as a GTK list, built only from the SwiftUI-style
/// list modifiers: rows drag their item (`onDrag`), reorder (`onMove`), and
/// take items and text from anywhere (`onInsert`); an item from another list
/// of this process moves out of it, as Do It does.
@MainActor
final class TodoItemsList {
    /// Every list of this process, by name.
    static var lists: [String: TodoItemsList] = [:]
    static var contents: [String: [String]] = [
        "Groceries": ["Milk", "Eggs", "Bread"],
        "Chores": ["Laundry", "Dishes"],
    ]

    let name: String
    let items: ListItems<String>
    let widget: ListWidget

    init(name: String) {
        self.name = name
        let items = ListItems(Self.contents[name] ?? [])
        self.items = items
        let model = ListView(name: name, dataSource: items,
                             layout: ListRowLayout(width: 180, rowHeight: { _ in 32 }))
        widget = ListWidget(model) { items[$0] }
        // Rows take the keyboard focus, so they can be dragged by keys.
        widget.allowsSelection = true
        widget.allowsMultipleSelection = true
        widget
            .onDrag { index in
                ItemProvider(transferable: GalleryTodo(title: items.items[index], list: name, process: getpid()))
            }
            .onMove { [unowned self] offsets, destination in
                EventLog.emit("todo-move", ["list": name, "offsets": Array(offsets), "destination": destination])
                var titles = items.items
                titles.move(fromOffsets: offsets, toOffset: destination)
                for (index, title) in titles.enumerated() { items[IndexPath(item: index, section: 0)] = title }
                // The list moves its row once this returns; report after that.
                Task { @MainActor in log() }
            }
            .onInsert(of: [.galleryTodo, .plainText]) { [unowned self] index, providers in
                EventLog.emit("todo-insert", ["list": name, "index": index, "count": providers.count])
                Task { await insert(providers, at: index) }
            }
        // Ctrl+C, Ctrl+X and Ctrl+V through the same providers and insert.
        widget.copyable()
            .cuttable { [unowned self] rows in
                for row in rows.sorted().reversed() { remove(items.items[row.item]) }
            }
            .pasteDestination()
        Self.lists[name] = self
    }

    private func insert(_ providers: [ItemProvider], at index: Int) async {
        var offset = 0
        for provider in providers {
            do {
                let todo = try await provider.loadTransferable(type: GalleryTodo.self)
                let at = IndexPath(item: min(index + offset, items.items.count), section: 0)
                items.insert(todo.title, at: at)
                try widget.model.insertItems(at: [at])
                offset += 1
                if todo.process == getpid(), let origin = todo.list, origin != name {
                    Self.lists[origin]?.remove(todo.title)
                }
            } catch {
                EventLog.emit("error", ["list": name, "description": "\(error)"])
            }
        }
        log()
    }

    func remove(_ title: String) {
        guard let index = items.items.firstIndex(of: title) else { return }
        let indexPath = IndexPath(item: index, section: 0)
        items.remove(at: indexPath)
        try? widget.model.deleteItems(at: [indexPath])
        log()
    }

    func log() {
        Self.contents[name] = items.items
        EventLog.emit("todo-list", ["list": name, "items": items.items, "shown": widget.shownTexts.first ?? []])
    }
}
