import DoItCore
import DragAndDrop
import DragKitGTK
import Foundation

/// One Do It window in GTK: a header bar (undo and redo; Done in windows a
/// drag out opened), an error banner, and the core screen's lists shown
/// with `ListWidget` — Home beside the selected list in the main window.
@MainActor
final class WindowView {
    static let styleSheet = RowView.styleSheet + """

    .dragkit-insertion-gap { background: #3584e4; }
    .dragkit-drop-highlight { background: #cfe0f7; }
    .doit-sidebar { border-right: 1px solid #d0d0d0; background: #fafafa; }
    .doit-empty { opacity: 0.6; padding: 24px; }
    .doit-item-title { font-size: 1.4em; font-weight: bold; }
    """

    let screen: WindowScreen
    private let app: DoItApp
    private let window: ApplicationWindow
    private let banner = ErrorBanner()
    private let detail = Box(.vertical)
    private let emptyState = Label("Drag items here, or drop text or a JSON file from another app.")
    private var detailList: ListWidget?
    private var detailContent: Widget?
    private var showsEmptyState = false
    private var homeWidgets: [ListWidget] = []
    private var homeScreen: HomeScreen?
    private var undoAction: Action?
    private var redoAction: Action?
    private let layout: LayoutDump?
    private var observation: StoreObservation?

    init(screen: WindowScreen, app: DoItApp, application: Application, layout: LayoutDump?) {
        self.screen = screen
        self.app = app
        self.layout = layout
        window = ApplicationWindow(application: application, title: screen.title)
        window.setDefaultSize(width: Int(screen.node.frame.width), height: 560)
        emptyState.addStyleClass("doit-empty")
        emptyState.wraps = true

        let header = HeaderBar()
        let windowID = screen.windowID
        if screen.content == .home {
            undoAction = window.addAction("undo", accelerators: ["<Control>z"]) { [app] in app.undo() }
            redoAction = window.addAction("redo", accelerators: ["<Control><Shift>z"]) { [app] in app.redo() }
            header.packStart(Button(iconName: "edit-undo-symbolic", tooltip: "Undo", action: "win.undo"))
            header.packStart(Button(iconName: "edit-redo-symbolic", tooltip: "Redo", action: "win.redo"))
            // The keyboard path to what a click on Home does: Alt+1 to Alt+9
            // show the lists, Alt+0 shows All.
            for number in 0...9 {
                window.addAction("show-\(number)", accelerators: ["<Alt>\(number)"]) { [app] in
                    let lists = app.store.lists()
                    if number == 0 {
                        app.windows.select(.group(.all), in: windowID)
                    } else if lists.indices.contains(number - 1) {
                        app.windows.select(.list(lists[number - 1].id), in: windowID)
                    }
                }
            }
        } else {
            // Windows a drag opened close with Done (Ctrl+W), as a
            // secondary scene is dismissed in the seed app.
            window.addAction("done", accelerators: ["<Control>w"]) { [app] in app.windows.close(windowID) }
            undoAction = window.addAction("undo", accelerators: ["<Control>z"]) { [app] in app.undo() }
            redoAction = window.addAction("redo", accelerators: ["<Control><Shift>z"]) { [app] in app.redo() }
            header.packStart(Button(label: "Done", action: "win.done"))
        }
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

    func present() {
        window.present()
    }

    func destroy() {
        observation?.cancel()
        layout?.reporter.untrack(group: "windows", name: LayoutDump.windowName(id: screen.windowID, title: screen.title))
        window.destroy()
    }

    // MARK: - Content

    private func homeColumn(_ home: HomeScreen) -> Widget {
        let column = Box(.vertical)
        column.addStyleClass("doit-sidebar")
        column.setSizeRequest(width: Int(WindowScreen.homeWidth), height: -1)
        let groups = ListWidget(home.groupsView, row: RowView.init) { [unowned home] row, indexPath in
            row.show(home.groupRow(at: indexPath.item))
        }
        groups.scroller.setSizeRequest(width: Int(WindowScreen.homeWidth), height: Int(home.groupsView.node.frame.height))
        groups.scroller.setExpands(horizontally: true, vertically: false)
        let lists = ListWidget(home.listsView, row: RowView.init) { [unowned home] row, indexPath in
            row.show(home.listRow(at: indexPath.item))
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
        column.append(groups.scroller)
        column.append(lists.scroller)
        homeWidgets = [groups, lists]
        homeScreen = home
        layout?.reporter.trackRows(of: lists, group: "lists") { [unowned home] indexPath in
            home.lists.indices.contains(indexPath.item) ? home.lists[indexPath.item].name : nil
        }
        return column
    }

    /// Shows the screen's list (the window's own, or the one selected
    /// beside Home).
    func showSelection() {
        if let old = detailContent {
            detail.remove(old)
            detailContent = nil
            detailList = nil
        }
        if showsEmptyState {
            detail.remove(emptyState)
            showsEmptyState = false
        }
        if let list = screen.list {
            let widget = ListWidget(list.listView, row: RowView.init) { [unowned list] row, indexPath in
                row.show(list.row(at: indexPath.item))
            }
            detail.append(widget.scroller)
            detailList = widget
            detailContent = widget.scroller
            layout?.reporter.trackRows(of: widget, group: "rows") { [unowned list] indexPath in
                list.items.indices.contains(indexPath.item) ? list.items[indexPath.item].title : nil
            }
        } else if let item = screen.item {
            let content = itemDetail(item)
            detail.append(content)
            detailContent = content
        }
        refresh()
    }

    private func itemDetail(_ item: TodoItem) -> Widget {
        let box = Box(.vertical, spacing: 8)
        box.setMargins(24)
        let title = Label(item.title)
        title.addStyleClass("doit-item-title")
        box.append(title)
        box.append(Label("Priority: \(item.priority.name)" + (item.completed ? " — completed" : "")))
        if let due = item.dueDate {
            box.append(Label("Due: \(due.formatted(date: .long, time: .omitted))"))
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
        let isEmpty = screen.list.map { $0.items.isEmpty } ?? false
        if isEmpty != showsEmptyState {
            if isEmpty { detail.append(emptyState) } else { detail.remove(emptyState) }
            showsEmptyState = isEmpty
        }
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
        undoAction?.isEnabled = app.store.undoHistory.canUndo
        redoAction?.isEnabled = app.store.undoHistory.canRedo
    }
}
