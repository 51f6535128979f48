import Foundation

/// What a person does with the keyboard and pointer besides dragging:
/// make, rename and delete lists; add, edit, date, tick and delete items.
/// Each is one undo step; a refusal or a failure becomes the window's
/// error message and changes nothing.
///
/// ```swift
/// let list = app.createList(named: "Errands", icon: "user-home-symbolic", in: window.id)
/// app.addItem(titled: "Post the parcel", to: list!.id, in: window.id)
/// app.undo()      // the parcel is gone; undo again and the list is too
/// ```
extension DoItApp {
    // MARK: - Lists

    /// Makes a list at the end of Home and shows it beside Home. Returns
    /// nil (and says why in the window) when the name is empty.
    @discardableResult
    public func createList(named name: String, icon: String = TodoList.defaultIcon, in windowID: Int) -> TodoList? {
        var made: TodoList?
        report(in: windowID) { () throws(DoItError) in
            let name = try TodoList.name(from: name)
            let color = ListColor.allCases[store.lists().count % ListColor.allCases.count]
            let list = TodoList(name: name, color: color, icon: ListIcon.isChoice(icon) ? icon : TodoList.defaultIcon)
            try store.addList(list)
            made = list
        }
        if let made { windows.select(.list(made.id), in: windowID) }
        return made
    }

    /// Renames a list and changes its icon.
    public func renameList(_ id: UUID, to name: String, icon: String? = nil, in windowID: Int) {
        report(in: windowID) { () throws(DoItError) in
            let name = try TodoList.name(from: name)
            guard var list = store.list(withID: id) else { throw Self.listGone }
            guard list.name != name || (icon != nil && icon != list.icon) else { return }
            list.name = name
            if let icon, ListIcon.isChoice(icon) { list.icon = icon }
            try store.update(list)
        }
    }

    /// Deletes a list with its items (undo brings both back), then shows
    /// the list that took its place on Home, or the one before it.
    public func deleteList(_ id: UUID, in windowID: Int) {
        let lists = store.lists()
        guard let index = lists.firstIndex(where: { $0.id == id }) else { return }
        var deleted = false
        report(in: windowID) { () throws(DoItError) in
            try store.removeList(withID: id)
            deleted = true
        }
        guard deleted, windows.window(windowID)?.selection == .list(id) else { return }
        let remaining = store.lists()
        let next = remaining.isEmpty ? nil : remaining[min(index, remaining.count - 1)]
        windows.select(next.map { .list($0.id) }, in: windowID)
    }

    // MARK: - Items

    /// Adds an item at the end of a list. Returns nil (and says why) when
    /// the title is empty.
    @discardableResult
    public func addItem(titled title: String, to listID: UUID, in windowID: Int) -> TodoItem? {
        var made: TodoItem?
        report(in: windowID) { () throws(DoItError) in
            let title = try Self.requireName(title, "Type what there is to do, then press Enter.")
            guard store.list(withID: listID) != nil else { throw Self.listGone }
            let item = TodoItem(title: title, listID: listID)
            try store.addItems([item])
            made = item
        }
        return made
    }

    /// Changes an item's title (an empty title is refused, the old one kept).
    public func setTitle(_ title: String, ofItem id: UUID, in windowID: Int) {
        edit(id, in: windowID) { item throws(DoItError) in
            item.title = try Self.requireName(title, "An item needs a title; the old one is kept.")
        }
    }

    /// Sets the day an item is due (stored as the start of that day in the
    /// store's calendar), or clears it with nil.
    public func setDueDate(_ date: Date?, ofItem id: UUID, in windowID: Int) {
        edit(id, in: windowID) { item in
            item.dueDate = date.map { store.clock.calendar.startOfDay(for: $0) }
        }
    }

    /// Marks an item done or not done.
    public func setCompleted(_ completed: Bool, ofItem id: UUID, in windowID: Int) {
        edit(id, in: windowID) { item in item.completed = completed }
    }

    /// Deletes items (one undo step for all of them).
    public func deleteItems(_ ids: [UUID], in windowID: Int) {
        let present = ids.filter { store.item(withID: $0) != nil }
        guard !present.isEmpty else { return }
        report(in: windowID) { () throws(DoItError) in try store.removeItems(withIDs: present) }
    }

    /// Changes one item through `change`; no step when nothing changed.
    private func edit(_ id: UUID, in windowID: Int, _ change: (inout TodoItem) throws(DoItError) -> Void) {
        report(in: windowID) { () throws(DoItError) in
            guard let stored = store.item(withID: id) else {
                throw DoItError(.notFound, "That item is no longer there; it may have been deleted in another window.")
            }
            var item = stored
            try change(&item)
            if item != stored { try store.update(item) }
        }
    }

    static let listGone = DoItError(.notFound, "That list is no longer there; it may have been deleted in another window.")

    /// `name` without surrounding spaces and line breaks; refused when nothing is left.
    nonisolated static func requireName(_ name: String, _ refusal: String) throws(DoItError) -> String {
        let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw DoItError(.emptyName, refusal) }
        return trimmed
    }
}

/// The keyboard's way to do what a drag does: move an item up or down its
/// list, or into another list (at its end), and move a list on Home.
extension DoItApp {
    /// Moves an item one place up (`offset` -1) or down (+1) in its list;
    /// nothing at either end.
    public func moveItem(_ id: UUID, by offset: Int, in windowID: Int) {
        guard let item = store.item(withID: id) else { return }
        let items = store.items(inList: item.listID)
        guard let index = items.firstIndex(where: { $0.id == id }), items.indices.contains(index + offset) else { return }
        // onMove's destination counts the rows before the move.
        let destination = offset > 0 ? index + offset + 1 : index + offset
        report(in: windowID) { () throws(DoItError) in
            try store.moveItems(fromOffsets: [index], to: destination, within: item.listID)
        }
    }

    /// Moves an item to the end of another list, as a drop on that list's
    /// row in the sidebar does.
    public func moveItem(_ id: UUID, toList listID: UUID, in windowID: Int) {
        guard let item = store.item(withID: id), item.listID != listID else { return }
        report(in: windowID) { () throws(DoItError) in
            guard store.list(withID: listID) != nil else { throw Self.listGone }
            try store.moveItems(withIDs: [id], toList: listID, at: Int.max)
        }
    }

    /// Moves an item to the end of the `number`th list on Home (1 is the
    /// first), the keyboard's drop on that list's row; nothing when there
    /// is no such list.
    public func moveItem(_ id: UUID, toListNumbered number: Int, in windowID: Int) {
        let lists = store.lists()
        guard lists.indices.contains(number - 1) else { return }
        moveItem(id, toList: lists[number - 1].id, in: windowID)
    }

    /// Shows what a click on Home's `number`th row shows: 0 is All, 1 the
    /// first list, and so on; nothing when there is no such list.
    public func show(numbered number: Int, in windowID: Int) {
        if number == 0 {
            windows.select(.group(.all), in: windowID)
            return
        }
        let lists = store.lists()
        guard number > 0, lists.indices.contains(number - 1) else { return }
        windows.select(.list(lists[number - 1].id), in: windowID)
    }

    /// Moves a list one place up or down on Home.
    public func moveList(_ id: UUID, by offset: Int, in windowID: Int) {
        let lists = store.lists()
        guard let index = lists.firstIndex(where: { $0.id == id }), lists.indices.contains(index + offset) else { return }
        let destination = offset > 0 ? index + offset + 1 : index + offset
        report(in: windowID) { () throws(DoItError) in
            try store.moveLists(fromOffsets: [index], to: destination)
        }
    }
}
