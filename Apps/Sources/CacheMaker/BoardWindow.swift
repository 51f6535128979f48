import AppSupport
import DragKitGTK
import DragKitWidgets
import Foundation
import GeocachesCore

/// CacheMaker's window: a header bar (add a geocache by name, undo, redo,
/// delete the selected one, move it to the other lane), an error banner,
/// and the two lanes as DragKit lists. A click selects a card; in a lane
/// the arrows move the selection, Ctrl+arrows move the card, Delete deletes
/// it. Everything the lanes do, and which card is selected, is in
/// ``CacheBoard``; this only shows it and wires commands to it.
@MainActor
final class BoardWindow {
    static let laneWidth = 320.0
    static let rowHeight = 56.0

    let board: CacheBoard
    let window: ApplicationWindow
    let banner = ErrorBanner()
    let nameEntry = Entry(placeholder: "New geocache name")
    let trash = Button(iconName: "user-trash-symbolic", tooltip: "Delete the selected geocache (Delete, Ctrl+Delete)")
    private var lists: [Lane: ListWidget] = [:]
    private var counts: [Lane: Label] = [:]
    private var emptyHints: [Lane: Label] = [:]
    private var reporter: LayoutReporter?
    private var selectionPushScheduled = false
    /// The lane whose focused card takes the keyboard focus once the
    /// selection is in the lists (after a key moved the card or the
    /// selection there).
    private var focusAfterPush: Lane?
    private var undoAction: Action?
    private var redoAction: Action?

    /// What the About dialog says.
    static let about = AboutDialog.Info(
        name: "CacheMaker", iconName: "mark-location-symbolic", version: "1.0",
        comments: "A board of geocaches in two lanes, with drag and drop between lanes, CacheEditor and other apps.")

    /// The Keyboard Shortcuts window's groups: every key the window and its
    /// lanes take.
    static let shortcutGroups: [ShortcutsWindow.Group] = [
        .init(title: "Geocaches", shortcuts: [
            .init("Add the Geocache Named in the Header", action: "win.add"),
            .init("Delete the Selected Geocache", action: "win.delete"),
            .init("Delete the Selected Geocache (in a lane)", keys: "Delete"),
            .init("Move the Selected Geocache to the Other Lane", action: "win.move-to-other-lane"),
        ]),
        .init(title: "In a Lane", shortcuts: [
            .init("Select the Next or Previous Geocache", keys: "Down Up"),
            .init("Select in the Other Lane", keys: "Left Right"),
            .init("Move the Geocache Down or Up", keys: "<Control>Down <Control>Up"),
            .init("Move the Geocache to the Other Lane", keys: "<Control>Left <Control>Right"),
            .init("Copy the Geocache", keys: "<Control>c"),
            .init("Cut the Geocache", keys: "<Control>x"),
            .init("Paste After the Selected Geocache", keys: "<Control>v"),
        ]),
        .init(title: "Selection", shortcuts: [
            .init("Select the Next Geocache", action: "win.select-next"),
            .init("Select the Previous Geocache", action: "win.select-previous"),
            .init("Select in the Other Lane", action: "win.select-other-lane"),
        ]),
        .init(title: "Changes", shortcuts: [
            .init("Undo", action: "win.undo"),
            .init("Redo", action: "win.redo"),
        ]),
    ]

    init(shell: AppShell, board: CacheBoard, layoutFile: URL?) {
        self.board = board
        window = ApplicationWindow(application: shell.application, title: "CacheMaker")
        window.setDefaultSize(width: Int(Self.laneWidth * 2 + 56), height: 640)
        StyleSheet.add(Self.css)

        let add = window.addAction("add", accelerators: ["<Control>n"]) { [unowned self] in
            // With no name typed yet, Ctrl+N only takes the person to the entry.
            if (try? Geocache.name(forNew: nameEntry.text)) == nil { _ = nameEntry.grabFocus() } else { addNamed() }
        }
        let delete = window.addAction("delete", accelerators: ["<Control>Delete"]) { [unowned self] in deleteSelected() }
        window.addAction("select-next", accelerators: ["<Alt>Down"]) { [unowned self] in board.selectNext(by: 1) }
        window.addAction("select-previous", accelerators: ["<Alt>Up"]) { [unowned self] in board.selectNext(by: -1) }
        window.addAction("select-other-lane", accelerators: ["<Alt>Left", "<Alt>Right"]) { [unowned self] in
            board.selectInOtherLane()
        }
        let move = window.addAction("move-to-other-lane", accelerators: ["<Control><Shift>m"]) { [unowned self] in
            run { try board.moveSelectedToOtherLane() }
        }
        undoAction = window.addAction("undo", accelerators: ["<Control>z"]) { [unowned self] in board.undoLast() }
        redoAction = window.addAction("redo", accelerators: ["<Control><Shift>z", "<Control>y"]) { [unowned self] in board.redoLast() }
        board.undo.onChange = { [unowned self] in refreshCommands() }
        board.onSelectionChanged = { [unowned self] in refresh() }
        nameEntry.onActivate { [unowned self] in addNamed() }
        nameEntry.setSizeRequest(width: 200, height: -1)
        nameEntry.accessibleLabel = "New geocache name"

        let header = HeaderBar()
        header.packStart(nameEntry)
        header.packStart(Button(iconName: "list-add-symbolic", tooltip: "Add the geocache named on the left (Ctrl+N)", action: add.detailedName))
        header.packStart(Button(iconName: "edit-undo-symbolic", tooltip: "Undo (Ctrl+Z)", action: "win.undo"))
        header.packStart(Button(iconName: "edit-redo-symbolic", tooltip: "Redo (Ctrl+Shift+Z)", action: "win.redo"))
        header.packEnd(shell.primaryMenuButton(sections: [
            [("Move Selected to Other Lane", move.detailedName), ("Delete Selected", delete.detailedName)],
            [("Undo", "win.undo"), ("Redo", "win.redo")],
        ]))
        header.packEnd(trash)
        trash.actionName = delete.detailedName
        window.titlebar = header

        let lanes = Box(.horizontal, spacing: 16)
        lanes.setMargins(12)
        for lane in Lane.allCases { lanes.append(column(for: lane)) }
        let page = Box(.vertical, spacing: 0)
        page.append(banner)
        page.append(lanes)
        window.child = page

        board.onError = { [unowned self] error in banner.show(error.description) }
        refresh()
        refreshCommands()
        window.present()
        if let layoutFile { startReporting(to: layoutFile) }
    }

    /// A lane's column: its title with the count, a hint while it is empty,
    /// and the list.
    private func column(for lane: Lane) -> Widget {
        let model = board.lane(lane)
        // Set before the list widget wraps it: the widget keeps calling it.
        model.list.onEvent = { [unowned self] event in
            if case .rowsChanged = event { refresh() }
        }
        let list = ListWidget(model.list, row: { CardView() }) { card, indexPath in
            card.show(model.items.rows[indexPath.item].geocache)
        }
        list.scroller.setSizeRequest(width: Int(Self.laneWidth), height: 480)
        list.scroller.addStyleClass("geocache-lane")
        list.scroller.accessibleLabel = "\(lane.title) geocaches"
        // Screen readers and keyboard drags say the lane's title, not its node name.
        list.accessibleName = lane.title
        // A card is a picture and two labels: a screen reader says its name and summary.
        list.rowAccessibleName = { [items = model.items] indexPath in
            guard items.rows.indices.contains(indexPath.item) else { return nil }
            return items.rows[indexPath.item].geocache.spokenDescription
        }
        // The list keeps the selection and the keyboard focus (a click, Up
        // and Down select; the focused card takes the focus, with a ring);
        // the board follows it, and ``refresh()`` puts the board's
        // selection back into the list after a change the board made.
        list.allowsSelection = true
        list.onSelectedItemsChanged { [unowned self] items in
            guard let item = items.first else { return }
            let place = BoardSelection(lane: lane, index: item.item)
            if board.selection != place { board.select(place) }
        }
        list.scroller.addShortcuts(keys(for: lane))
        // Ctrl+C and Ctrl+V carry what a drag out and a drop from another
        // app would (the card's JSON, picture and text); Ctrl+X also
        // deletes the card, with undo.
        list.copyable()
            .cuttable { [unowned self] _ in deleteSelected() }
            .pasteDestination()
        lists[lane] = list
        let title = Label(lane.title)
        title.addStyleClass("heading")
        counts[lane] = title
        let hint = Label("Drop geocaches or text here")
        hint.addStyleClass("dim-label")
        emptyHints[lane] = hint
        let column = Box(.vertical, spacing: 6)
        column.append(title)
        column.append(hint)
        column.append(list.scroller)
        return column
    }

    // MARK: - Commands

    /// The lane's own keys, active while it has the focus: Left and Right
    /// select in the other lane, Ctrl+arrows move the card, Delete deletes
    /// it (Up and Down are the list's). They run before the list's keys,
    /// whose Ctrl+Up and Ctrl+Down would only move the focus.
    private func keys(for lane: Lane) -> ShortcutController {
        let keys = ShortcutController()
        keys.runsBeforeChildren = true
        for key in ["Left", "Right"] {
            keys.add(key) { [unowned self] in
                board.selectInOtherLane()
                if let other = board.selection?.lane, other != lane { focusAfterPush = other }
                return true
            }
        }
        for (key, step) in [("<Control>Down", 1), ("<Control>Up", -1)] {
            keys.add(key) { [unowned self] in
                run { try board.moveSelected(by: step) }
                focusAfterPush = board.selection?.lane
                return true
            }
        }
        for key in ["<Control>Left", "<Control>Right"] {
            keys.add(key) { [unowned self] in
                run { try board.moveSelectedToOtherLane() }
                focusAfterPush = board.selection?.lane
                return true
            }
        }
        keys.add("Delete") { [unowned self] in deleteSelected(); return true }
        return keys
    }

    // MARK: - Commands

    /// Shows `text` in the window's banner (the notice after a start
    /// afresh, saying where the old data is kept).
    func showNotice(_ text: String) {
        banner.show(text)
    }

    private func addNamed() {
        do {
            try board.addNamed(nameEntry.text)
            nameEntry.text = ""
        } catch {
            show(error)
            if error.code == .emptyName { _ = nameEntry.grabFocus() }
        }
    }

    private func deleteSelected() {
        guard board.selection != nil else {
            banner.show("Select the geocache to delete first: click it, or use the arrow keys in its lane.")
            return
        }
        run { _ = try board.deleteSelected() }
    }

    private func run(_ command: () throws -> Void) {
        do { try command() } catch { show(error) }
    }

    private func show(_ error: any Error) {
        banner.show((error as? GeocacheError)?.description ?? "\(error)")
    }

    // MARK: - Showing

    private func refresh() {
        for lane in Lane.allCases {
            let rows = board.lane(lane).items.rows.count
            counts[lane]?.text = "\(lane.title) (\(rows))"
            emptyHints[lane]?.isVisible = rows == 0
        }
        scheduleSelectionPush()
        refreshCommands()
        reporter?.setNeedsUpdate()
    }

    /// Puts the board's selection (it follows the geocache) into the
    /// lists, which draw it and move the keyboard focus with it. Done once
    /// the main loop is idle: during a drop or a move the board already has
    /// its new rows while a list is still on the old ones, and a selection
    /// set then would land on the wrong card when the list catches up.
    private func scheduleSelectionPush() {
        guard !selectionPushScheduled else { return }
        selectionPushScheduled = true
        MainLoop.after(milliseconds: 0) { [weak self] in
            guard let self else { return }
            selectionPushScheduled = false
            let current = board.selection
            for (lane, list) in lists {
                if let current, current.lane == lane {
                    let item = IndexPath(item: current.index, section: 0)
                    if list.selectedItemIndexPaths != [item] || list.model.selection.focus != item { list.model.select(item) }
                } else if !list.selectedItemIndexPaths.isEmpty {
                    list.model.deselectAll()
                }
            }
            if let lane = focusAfterPush.take() { _ = lists[lane]?.grabFocus() }
        }
    }

    private func refreshCommands() {
        undoAction?.isEnabled = board.undo.canUndo
        redoAction?.isEnabled = board.undo.canRedo
    }

    // MARK: - --dump-layout

    private func startReporting(to file: URL) {
        let reporter = LayoutReporter { [file = LayoutFile(url: file)] report in Self.write(report, to: file) }
        reporter.track(window, group: "windows", name: "CacheMaker")
        for (lane, list) in lists {
            reporter.track(list.scroller, group: "lanes", name: lane.rawValue)
            let items = board.lane(lane).items
            reporter.trackInsertionLine(of: list, group: "indicators", name: lane.rawValue)
            reporter.trackRows(of: list, group: "cards.\(lane.rawValue)") { indexPath in
                items.rows.indices.contains(indexPath.item) ? items.rows[indexPath.item].geocache.name : nil
            }
        }
        reporter.track(nameEntry, group: "widgets", name: "name")
        reporter.track(banner, group: "widgets", name: "banner")
        reporter.track(trash, group: "widgets", name: "trash")
        reporter.track(group: "selected") { [unowned self] in
            guard let place = board.selection, let list = lists[place.lane],
                  let row = list.rowWidget(at: list.model.presentedIndexPath(forItemAt: IndexPath(item: place.index, section: 0)))
            else { return [] }
            return [(board.lane(place.lane).items.rows[place.index].geocache.name, row)]
        }
        self.reporter = reporter
    }

    /// `{"lanes": {"inProgress": R, "completed": R}, "cards": {"<name>": R
    /// plus "lane"}, "selected": {"<name>": R} (the selected card, if any),
    /// "indicators": {"<lane>": R} (the insertion line while a drag
    /// hovers), "windows": ..., "widgets": ...}`, replaced atomically.
    private static func write(_ report: LayoutReport, to file: LayoutFile) {
        var cards: [String: LayoutValue] = [:]
        for lane in Lane.allCases {
            for (name, frame) in report["cards.\(lane.rawValue)"] {
                cards[name] = .rect(frame, fields: ["lane": lane.rawValue])
            }
        }
        try? file.write([
            "lanes": .rects(report["lanes"]),
            "cards": .object(cards),
            "windows": .rects(report["windows"]),
            "widgets": .rects(report["widgets"]),
            "selected": .rects(report["selected"]),
            "indicators": .rects(report["indicators"]),
        ])
    }

    private static let css = """
        .geocache-lane { background: alpha(@theme_fg_color, 0.04); border-radius: 8px; }
        .geocache-card { padding: 6px 10px; border-bottom: 1px solid alpha(@theme_fg_color, 0.1); }
        .card-name { font-weight: bold; }
        .heading { font-weight: bold; }
        """
}

extension Label: TextCell {}
