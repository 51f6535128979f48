import DoItCore
import DragAndDrop
import DragKitGTK
import DragKitWidgets
import Foundation

/// One Do It window in GTK: a header bar (New List, undo and redo, the
/// primary menu; Done in windows a drag out opened), an error banner, and
/// the core screen's lists shown with `ListWidget`: Home's sidebar beside
/// the selected list, which has a title bar (rename, delete), the items,
/// and an entry that adds an item at the end.
@MainActor
final class WindowView {
    static let styleSheet = RowView.styleSheet + """

    .dragkit-insertion-gap { background: #3584e4; }
    .dragkit-drop-highlight { background: #cfe0f7; }
    .doit-sidebar { border-right: 1px solid #d0d0d0; background: #fafafa; }
    .doit-item-title { font-size: 1.4em; font-weight: bold; }
    .doit-list-title { font-size: 1.3em; font-weight: bold; }
    .doit-bar { padding: 6px; border-top: 1px solid #e0e0e0; }
    .doit-list-header { padding: 6px 6px 6px 12px; border-bottom: 1px solid #e0e0e0; }
    .doit-icon-chosen { background: #cfe0f7; }
    .dragkit-list:drop(active) { box-shadow: none; outline: none; }
    """

    let screen: WindowScreen
    private let app: DoItApp
    private let shell: AppShell
    private let window: ApplicationWindow
    private let banner = ErrorBanner()
    private let detail = Box(.vertical)
    private var detailList: ListWidget?
    private var detailContent: Widget?
    private let emptyState = StatusPage(iconName: "view-list-symbolic", title: "")
    private var homeWidgets: [ListWidget] = []
    private var homeScreen: HomeScreen?
    private let layout: LayoutDump?
    private var observation: StoreObservation?
    private var actions: [String: Action] = [:]

    // The list's title bar and the entry below the items.
    private let listHeader = Box(.horizontal, spacing: 8)
    private let listIcon = Image(iconName: TodoList.defaultIcon, decorative: true)
    private let listTitle = Label()
    private let addEntry = Entry(placeholder: "Add a to-do, then press Enter")
    /// Set when the New List popover made a list: its entry is focused on close.
    private var typesIntoNewList = false
    private let bottomBar = Box(.horizontal, spacing: 6)
    // The forms the buttons open are made when they first open (or a
    // shortcut prepares them): the window shows without them.
    private lazy var newList = makeNewList()
    private lazy var renameList = makeRenameList()
    private lazy var duePicker = makeDuePicker()
    private var newListButton: MenuButton?
    private var renameButton: MenuButton!
    private var dueButton: MenuButton!

    init(screen: WindowScreen, app: DoItApp, shell: AppShell, layout: LayoutDump?) {
        self.screen = screen
        self.app = app
        self.shell = shell
        self.layout = layout
        window = ApplicationWindow(application: shell.application, title: screen.title)
        // As wide as the screen's node, so the rows (laid out that wide) fill the list.
        window.setDefaultSize(width: Int(screen.node.frame.width), height: 560)

        let header = HeaderBar()
        let windowID = screen.windowID
        addActions()
        if screen.content == .home {
            let newButton = MenuButton(iconName: "list-add-symbolic", tooltip: "New List (Ctrl+N)")
            newButton.onFirstOpen { [weak self] button in button.popover = self?.newList.popover }
            newListButton = newButton
            header.packStart(newButton)
        } else {
            // Windows a drag opened close with Done (Ctrl+W), as a
            // secondary scene is dismissed in the seed app.
            actions["done"] = window.addAction("done", accelerators: ["<Control>w"]) { [app] in app.windows.close(windowID) }
            header.packStart(Button(label: "Done", action: "win.done"))
        }
        header.packStart(Button(iconName: "edit-undo-symbolic", tooltip: "Undo (Ctrl+Z)", action: "win.undo"))
        header.packStart(Button(iconName: "edit-redo-symbolic", tooltip: "Redo (Ctrl+Shift+Z)", action: "win.redo"))
        header.packEnd(shell.primaryMenuButton(sections: Self.menuSections))
        window.titlebar = header

        let root = Box(.vertical)
        root.append(banner)
        banner.onDismiss { [screen] in screen.dismissError() }
        let body = Box(.horizontal)
        body.setExpands(horizontally: true, vertically: true)
        if let home = screen.home {
            body.append(homeColumn(home))
        }
        detail.setExpands(horizontally: true, vertically: true)
        buildListChrome()
        body.append(detail)
        root.append(body)
        window.child = root
        // The app model closes windows (and destroys them through
        // onWindowClosed), so GTK's own handling is stopped (true).
        _ = window.onCloseRequest { [app, screen] in
            if screen.content == .home {
                // Closing the main window quits: the windows a drag opened close too.
                for window in app.windows.windows.reversed() { app.windows.close(window.id) }
            } else {
                app.windows.close(screen.windowID)
            }
            return true
        }
        showSelection()
        updateUndoActions()
        layout?.reporter.track(window, group: "windows", name: LayoutDump.windowName(id: windowID, title: screen.title))
        observation = app.store.observe { [weak self] _ in self?.refresh() }
    }

    /// The primary menu's sections before the shell's own.
    static let menuSections: [[(label: String, action: String)]] = [
        [("New List…", "win.new-list"), ("Rename List…", "win.rename-list"), ("Delete List", "win.delete-list")],
        [("Add Item", "win.add-item"), ("Edit Title", "win.edit-item"), ("Mark Done or Not Done", "win.toggle-done"),
         ("Set Due Date…", "win.due-date"), ("Clear Due Date", "win.clear-due-date"), ("Delete Item", "win.delete-item")],
        [("Move Item Up", "win.move-item-up"), ("Move Item Down", "win.move-item-down"),
         ("Move List Up", "win.move-list-up"), ("Move List Down", "win.move-list-down")],
        [("Undo", "win.undo"), ("Redo", "win.redo")],
    ]

    /// The Keyboard Shortcuts window's groups.
    static let shortcutGroups: [ShortcutsWindow.Group] = [
        .init(title: "Lists", shortcuts: [
            .init("New list", action: "win.new-list"),
            .init("Rename the list", action: "win.rename-list"),
            .init("Delete the list", action: "win.delete-list"),
            .init("Show list 1 to 9", keys: "<Alt>1 <Alt>9"),
            .init("Show All", keys: "<Alt>0"),
            .init("Move the list up", action: "win.move-list-up"),
            .init("Move the list down", action: "win.move-list-down"),
        ]),
        .init(title: "Items", shortcuts: [
            .init("Add an item to the list", action: "win.add-item"),
            .init("Select the item above or below", keys: "Up Down"),
            .init("Edit the title", action: "win.edit-item"),
            .init("Edit the title (in the list)", keys: "Return"),
            .init("Mark done or not done", action: "win.toggle-done"),
            .init("Set the due date", action: "win.due-date"),
            .init("Clear the due date", action: "win.clear-due-date"),
            .init("Delete the item (in the list)", keys: "Delete"),
            .init("Move the item up", action: "win.move-item-up"),
            .init("Move the item down", action: "win.move-item-down"),
            .init("Move the item to list 1 to 9", keys: "<Control><Alt>1 <Control><Alt>9"),
            .init("The item's menu", keys: "<Shift>F10"),
            .init("Stop editing", keys: "Escape"),
        ]),
        .init(title: "Changes", shortcuts: [
            .init("Undo", action: "win.undo"),
            .init("Redo", action: "win.redo"),
            .init("Close a window a drag opened", action: "win.done"),
        ]),
    ]

    func present() {
        window.present()
    }

    func destroy() {
        observation?.cancel()
        layout?.reporter.untrack(group: "windows", name: LayoutDump.windowName(id: screen.windowID, title: screen.title))
        window.destroy()
    }

    // MARK: - Actions

    private func addActions() {
        let windowID = screen.windowID
        func add(_ name: String, _ accelerators: [String], _ handler: @escaping @MainActor (WindowView) -> Void) {
            actions[name] = window.addAction(name, accelerators: accelerators) { [weak self] in
                if let self { handler(self) }
            }
        }
        add("undo", ["<Control>z"]) { $0.app.undo() }
        add("redo", ["<Control><Shift>z"]) { $0.app.redo() }
        add("new-list", ["<Control>n"]) { $0.newListButton?.popup() }
        add("rename-list", ["<Shift>F2"]) { view in
            guard let list = view.shownList else { return }
            view.renameList.prepare(name: list.name, icon: list.icon)
            view.renameButton.popup()
        }
        add("delete-list", ["<Shift>Delete"]) { view in
            guard let list = view.shownList else { return }
            view.app.deleteList(list.id, in: windowID)
        }
        add("add-item", ["<Control>l"]) { view in
            guard view.addEntry.isVisible else { return }
            view.addEntry.grabFocus()
        }
        add("edit-item", ["F2"]) { $0.editSelectedItem() }
        add("toggle-done", ["<Control>Return"]) { view in
            guard let item = view.selectedItem else { return }
            view.app.setCompleted(!item.completed, ofItem: item.id, in: windowID)
        }
        add("due-date", ["<Control>d"]) { view in
            guard let item = view.selectedItem else { return }
            view.duePicker.prepare(item.dueDate)
            view.dueButton.popup()
        }
        add("clear-due-date", ["<Control><Shift>d"]) { view in
            guard let item = view.selectedItem else { return }
            view.app.setDueDate(nil, ofItem: item.id, in: windowID)
        }
        add("move-item-up", ["<Alt>Up"]) { $0.moveSelectedItem(by: -1) }
        add("move-item-down", ["<Alt>Down"]) { $0.moveSelectedItem(by: 1) }
        add("move-list-up", ["<Alt><Shift>Up"]) { view in
            guard let list = view.shownList else { return }
            view.app.moveList(list.id, by: -1, in: windowID)
        }
        add("move-list-down", ["<Alt><Shift>Down"]) { view in
            guard let list = view.shownList else { return }
            view.app.moveList(list.id, by: 1, in: windowID)
        }
        for number in 1...9 {
            // The keyboard's drop on a list's row in the sidebar.
            add("move-to-list-\(number)", ["<Control><Alt>\(number)"]) { view in
                guard let item = view.selectedItem else { return }
                view.app.moveItem(item.id, toListNumbered: number, in: windowID)
            }
        }
        add("delete-item", []) { view in
            guard let item = view.selectedItem else { return }
            view.app.deleteItems([item.id], in: windowID)
        }
        if screen.content == .home {
            // The keyboard path to what a click on Home does: Alt+1 to Alt+9
            // show the lists, Alt+0 shows All.
            for number in 0...9 {
                add("show-\(number)", ["<Alt>\(number)"]) { $0.app.show(numbered: number, in: windowID) }
            }
        }
    }

    /// The list shown (not a group), if any.
    private var shownList: TodoList? {
        screen.list?.listID.flatMap { app.store.list(withID: $0) }
    }

    /// The item selected in the shown list, if any.
    private var selectedItem: TodoItem? {
        guard let list = screen.list, let indexPath = detailList?.selectedIndexPath else { return nil }
        return list.item(at: indexPath.item)
    }

    /// Moves the selected item up or down its list; the selection follows it.
    private func moveSelectedItem(by offset: Int) {
        guard let item = selectedItem, let indexPath = detailList?.selectedIndexPath, screen.list?.listID != nil else { return }
        app.moveItem(item.id, by: offset, in: screen.windowID)
        if let index = screen.list?.index(ofItem: item.id), index != indexPath.item {
            detailList?.selectedIndexPath = IndexPath(item: index, section: 0)
        }
    }

    private func editSelectedItem() {
        guard let item = selectedItem, let indexPath = detailList?.selectedIndexPath,
              let row = detailList?.rowWidget(at: indexPath) as? RowView else { return }
        let windowID = screen.windowID
        row.beginEditing { [app, weak self] title in
            app.setTitle(title, ofItem: item.id, in: windowID)
            _ = self?.detailList?.grabFocus()
        }
    }

    /// Greys out what cannot run now: list commands without a list shown,
    /// item commands without a selected item.
    private func updateActionStates() {
        let hasList = shownList != nil
        let hasItem = selectedItem != nil
        // New lists are made on Home, in the main window.
        actions["new-list"]?.isEnabled = newListButton != nil
        actions["rename-list"]?.isEnabled = hasList
        actions["delete-list"]?.isEnabled = hasList
        actions["add-item"]?.isEnabled = hasList
        for name in ["edit-item", "toggle-done", "due-date", "clear-due-date", "delete-item"] + (1...9).map({ "move-to-list-\($0)" }) {
            actions[name]?.isEnabled = hasItem
        }
        // Moving within the list needs a list: a group's order is not its own.
        actions["move-item-up"]?.isEnabled = hasItem && hasList
        actions["move-item-down"]?.isEnabled = hasItem && hasList
        actions["move-list-up"]?.isEnabled = hasList
        actions["move-list-down"]?.isEnabled = hasList
    }

    // MARK: - Content

    private func homeColumn(_ home: HomeScreen) -> Widget {
        let column = Box(.vertical)
        column.addStyleClass("doit-sidebar")
        column.setSizeRequest(width: Int(WindowScreen.homeWidth), height: -1)
        // The list beside it takes the window's extra width, not the sidebar.
        column.setExpands(horizontally: false, vertically: true)
        let groups = ListWidget(home.groupsView, row: RowView.init) { [unowned home] row, indexPath in
            row.show(home.groupRow(at: indexPath.item))
        }
        groups.scroller.setSizeRequest(width: Int(WindowScreen.homeWidth), height: Int(home.groupsView.node.frame.height))
        groups.scroller.setExpands(horizontally: true, vertically: false)
        let lists = ListWidget(home.listsView, row: RowView.init) { [unowned home] row, indexPath in
            row.show(home.listRow(at: indexPath.item))
        }
        // Screen readers and keyboard drags name the two lists by what they
        // hold (their node names are identifiers), and each row by its title.
        groups.accessibleName = "Smart Lists"
        lists.accessibleName = "Lists"
        groups.rowAccessibleName = { [unowned home] indexPath in
            home.groups.indices.contains(indexPath.item) ? home.groups[indexPath.item].title : nil
        }
        lists.rowAccessibleName = { [unowned home] indexPath in
            home.lists.indices.contains(indexPath.item) ? home.lists[indexPath.item].name : nil
        }
        let windowID = screen.windowID
        // A sidebar opens what is selected, with one click or the arrow keys.
        groups.allowsSelection = true
        lists.allowsSelection = true
        groups.onSelectionChanged { [app, home] indexPath in
            guard let indexPath else { return }
            app.windows.select(.group(home.groups[indexPath.item]), in: windowID)
        }
        lists.onSelectionChanged { [app, home] indexPath in
            guard let indexPath, home.lists.indices.contains(indexPath.item) else { return }
            app.windows.select(.list(home.lists[indexPath.item].id), in: windowID)
        }
        listMenu = Self.contextMenu(on: lists, sections: [
            [("Rename List…", "win.rename-list"), ("Delete List", "win.delete-list")],
        ])
        column.append(groups.scroller)
        column.append(lists.scroller)
        homeWidgets = [groups, lists]
        homeScreen = home
        layout?.reporter.trackInsertionLine(of: lists, group: "indicators", name: "lists")
        layout?.reporter.trackRows(of: lists, group: "lists") { [unowned home] indexPath in
            home.lists.indices.contains(indexPath.item) ? home.lists[indexPath.item].name : nil
        }
        layout?.reporter.trackRows(of: groups, group: "groups") { [unowned home] indexPath in
            home.groups.indices.contains(indexPath.item) ? home.groups[indexPath.item].title : nil
        }
        return column
    }

    /// The list's title bar above the items and the entry below them.
    private func buildListChrome() {
        let windowID = screen.windowID
        listHeader.addStyleClass("doit-list-header")
        listTitle.addStyleClass("doit-list-title")
        listTitle.setExpands(horizontally: true, vertically: false)
        listTitle.textAlignment = 0
        listTitle.truncates = true
        listHeader.append(listIcon)
        listHeader.append(listTitle)
        renameButton = MenuButton(iconName: "document-edit-symbolic", tooltip: "Rename List (Shift+F2)")
        renameButton.onFirstOpen { [weak self] button in button.popover = self?.renameList.popover }
        renameButton.isFlat = true
        listHeader.append(renameButton)
        let deleteList = Button(iconName: "user-trash-symbolic", tooltip: "Delete List (Shift+Delete)", action: "win.delete-list")
        deleteList.addStyleClass("flat")
        listHeader.append(deleteList)

        bottomBar.addStyleClass("doit-bar")
        addEntry.setExpands(horizontally: true, vertically: false)
        addEntry.undoesTyping = false
        addEntry.tooltip = "Add a to-do at the end of the list (Ctrl+L)"
        addEntry.onActivate { [app, weak self] in
            guard let self, let listID = screen.list?.listID else { return }
            if app.addItem(titled: addEntry.text, to: listID, in: windowID) != nil {
                addEntry.text = ""
                addEntry.showsError = false
            } else {
                addEntry.showsError = true
            }
        }
        bottomBar.append(addEntry)
        dueButton = MenuButton(iconName: "x-office-calendar-symbolic", tooltip: "Set Due Date (Ctrl+D)")
        dueButton.onFirstOpen { [weak self] button in button.popover = self?.duePicker.popover }
        bottomBar.append(dueButton)
        bottomBar.append(Button(iconName: "user-trash-symbolic", tooltip: "Delete Item (Delete)", action: "win.delete-item"))
        emptyState.setAlignment(horizontal: .center, vertical: .center)
    }

    private func makeNewList() -> ListEditor {
        let editor = ListEditor(heading: "New List", confirmLabel: "_Create")
        let windowID = screen.windowID
        editor.onConfirm = { [app, weak self] name, icon in
            self?.typesIntoNewList = app.createList(named: name, icon: icon, in: windowID) != nil
        }
        editor.popover.onShow { [editor] in editor.prepare(name: "", icon: TodoList.defaultIcon) }
        // A list just made is shown empty: the next thing a person does is
        // type its first to-do, so the add entry takes the focus once the
        // popover has closed (closing gives it back to the + button).
        editor.popover.onClosed { [weak self] in
            guard let self, typesIntoNewList else { return }
            typesIntoNewList = false
            if addEntry.isVisible { addEntry.grabFocus() }
        }
        return editor
    }

    private func makeRenameList() -> ListEditor {
        let editor = ListEditor(heading: "Rename List", confirmLabel: "_Rename")
        let windowID = screen.windowID
        editor.onConfirm = { [app, weak self] name, icon in
            guard let list = self?.shownList else { return }
            app.renameList(list.id, to: name, icon: icon, in: windowID)
        }
        return editor
    }

    private func makeDuePicker() -> DuePicker {
        let picker = DuePicker(clock: app.store.clock)
        let windowID = screen.windowID
        picker.popover.onShow { [weak self, weak picker] in
            guard let self, let picker else { return }
            picker.prepare(selectedItem?.dueDate)
        }
        picker.onChoose = { [app, weak self] date in
            guard let item = self?.selectedItem else { return }
            app.setDueDate(date, ofItem: item.id, in: windowID)
        }
        return picker
    }

    /// Shows the screen's list (the window's own, or the one selected
    /// beside Home) between its title bar and the add entry.
    func showSelection() {
        if let old = detailContent {
            detail.remove(old)
            detailContent = nil
            detailList = nil
        }
        for part in partsInDetail { detail.remove(part) }
        partsInDetail = []
        // The empty state moves to the new content: take it off the old one
        // first (GTK may not have freed it yet).
        releaseEmptyState?()
        releaseEmptyState = nil
        if let list = screen.list {
            let windowID = screen.windowID
            let widget = ListWidget(list.listView, row: RowView.init) { [unowned list, app] row, indexPath in
                let item = list.item(at: indexPath.item)
                row.itemID = item?.id
                row.show(list.row(at: indexPath.item))
                row.onToggle = { done in
                    if let item { app.setCompleted(done, ofItem: item.id, in: windowID) }
                }
            }
            widget.rowAccessibleName = { [unowned list] indexPath in
                list.item(at: indexPath.item)?.title
            }
            widget.allowsSelection = true
            widget.activatesOnSingleClick = false
            widget.onRowActivated { [weak self] (_: IndexPath) in self?.editSelectedItem() }
            widget.onSelectionChanged { [weak self] (_: IndexPath?) in self?.updateActionStates() }
            let keys = ShortcutController()
            keys.add("Delete", action: "win.delete-item")
            widget.scroller.addShortcuts(keys)
            // Ctrl+C and Ctrl+V carry what a drag out and a drop from another
            // app would; Ctrl+X also deletes the rows, with undo.
            widget.copyable()
                .cuttable { [unowned list, app] rows in
                    let ids = rows.compactMap { list.item(at: $0.item)?.id }
                    app.deleteItems(ids, in: windowID)
                }
                .pasteDestination()
            itemMenu = Self.contextMenu(on: widget, sections: [
                [("Edit Title", "win.edit-item"), ("Mark Done or Not Done", "win.toggle-done"),
                 ("Set Due Date…", "win.due-date"), ("Clear Due Date", "win.clear-due-date")],
                [("Move Item Up", "win.move-item-up"), ("Move Item Down", "win.move-item-down")],
                [("Delete Item", "win.delete-item")],
            ])
            let overlay = Overlay(widget.scroller)
            overlay.addOverlay(emptyState, passesInput: true)
            releaseEmptyState = { [emptyState] in overlay.removeOverlay(emptyState) }
            overlay.setExpands(horizontally: true, vertically: true)
            if list.listID != nil {
                detail.append(listHeader)
                partsInDetail.append(listHeader)
            }
            detail.append(overlay)
            if list.listID != nil {
                detail.append(bottomBar)
                partsInDetail.append(bottomBar)
            }
            detailList = widget
            detailContent = overlay
            layout?.reporter.trackInsertionLine(of: widget, group: "indicators", name: "rows")
            layout?.reporter.trackRows(of: widget, group: "rows") { [unowned list] indexPath in
                list.item(at: indexPath.item)?.title
            }
        } else if let item = screen.item {
            let content = itemDetail(item)
            detail.append(content)
            detailContent = content
        } else {
            // Nothing to show beside Home: no lists yet.
            let box = Box(.vertical)
            box.setExpands(horizontally: true, vertically: true)
            box.append(emptyState)
            releaseEmptyState = { [emptyState] in box.remove(emptyState) }
            detail.append(box)
            detailContent = box
        }
        refresh()
    }

    private var partsInDetail: [Widget] = []
    private var releaseEmptyState: (@MainActor () -> Void)?
    private var itemMenu: ContextMenu?
    private var listMenu: ContextMenu?

    /// A right-click (or Menu, Shift+F10) menu on a list's rows: it selects
    /// the row clicked and points at it; from the keyboard it points at the
    /// selected row.
    private static func contextMenu(on list: ListWidget, sections: [[(label: String, action: String)]]) -> ContextMenu {
        let menu = Menu()
        for section in sections { menu.appendSection(section) }
        return ContextMenu(on: list.scroller, menu: menu) { [weak list] point in
            guard let list else { return nil }
            let offset = list.scroller.verticalOffset
            if let point {
                guard let indexPath = list.model.indexPathForItem(at: CGPoint(x: point.x, y: point.y + offset)) else {
                    return nil
                }
                if list.selectedIndexPath != indexPath { list.selectedIndexPath = indexPath }
                return point
            }
            guard let indexPath = list.selectedIndexPath, let frame = list.model.frameForItem(at: indexPath) else { return nil }
            return CGPoint(x: frame.midX, y: frame.midY - offset)
        }
    }


    private func itemDetail(_ item: TodoItem) -> Widget {
        let box = Box(.vertical, spacing: 8)
        box.setMargins(24)
        let title = Label(item.title)
        title.addStyleClass("doit-item-title")
        box.append(title)
        box.append(Label("Priority: \(item.priority.name)" + (item.completed ? " — completed" : "")))
        if let due = item.dueDate {
            box.append(Label("Due: \(DueDateText.string(for: due, clock: app.store.clock))"))
        }
        if let notes = item.notes {
            let label = Label(notes)
            label.wraps = true
            box.append(label)
        }
        return box
    }

    private func refresh() {
        window.title = screen.title
        // The rows may have moved: select the shown list or group again.
        if let home = homeScreen, homeWidgets.count == 2 {
            let groups = home.selectedGroupIndex.map { IndexPath(item: $0, section: 0) }
            let lists = home.selectedListIndex.map { IndexPath(item: $0, section: 0) }
            if homeWidgets[0].selectedIndexPath != groups { homeWidgets[0].selectedIndexPath = groups }
            if homeWidgets[1].selectedIndexPath != lists { homeWidgets[1].selectedIndexPath = lists }
        }
        if let list = shownList {
            listTitle.text = list.name
            listIcon.iconName = list.icon
        }
        let empty: EmptyState?
        if let list = screen.list {
            empty = list.count == 0 ? list.emptyState : nil
        } else if screen.item == nil {
            empty = homeScreen?.emptyState ?? EmptyState.noLists
        } else {
            empty = nil
        }
        if let empty {
            emptyState.iconName = empty.icon
            emptyState.title = empty.title
            emptyState.text = empty.hint
        }
        emptyState.isVisible = empty != nil
        updateActionStates()
    }

    // MARK: - Errors and undo

    func showError() {
        if let message = screen.errorMessage {
            banner.show(message)
        } else {
            banner.dismiss()
        }
    }

    func updateUndoActions() {
        actions["undo"]?.isEnabled = app.store.undoHistory.canUndo
        actions["redo"]?.isEnabled = app.store.undoHistory.canRedo
    }
}
