import CGtk4
import DragAndDrop
import DragKitGTK
import Foundation

/// What a list widget remembers about selection input.
struct ListSelectionInput {
    var allowsSelection = false
    var activatesOnSingleClick = true
    var changeHandler: (@MainActor (IndexPath?) -> Void)?
    var itemsChangeHandler: (@MainActor ([IndexPath]) -> Void)?
    var activationHandler: (@MainActor (IndexPath) -> Void)?
    /// A selection the app keeps itself, shown for the keyboard focus and
    /// assistive technologies (see ``ListWidget/showAppSelection(focus:isSelected:)``).
    var appSelection: AppSelection?
    /// The selection last shown, to tell handlers only of real changes.
    var lastReported: ListSelection?
    var controllers: [ObjectReference] = []
    var connections: [SignalConnection] = []
}

/// A selection kept by the app rather than the list's model.
struct AppSelection {
    /// The data source item whose row is the list's focus row.
    var focus: IndexPath?
    var isSelected: @MainActor (IndexPath) -> Bool
}

/// Clicking rows and the keyboard: activation, and (when
/// ``allowsSelection`` is on) the selection, which belongs to the model
/// (``ListView/selection``) and so stays on the same items through
/// inserts, deletes, moves and drops.
///
/// - A click selects a row (not a drag: dragging a row leaves the
///   selection alone); with ``allowsMultipleSelection``, Ctrl-click adds or
///   removes a row and Shift-click selects the range from the last row
///   chosen.
/// - Up and Down move the focus and select; Shift extends, Ctrl moves the
///   focus only (Ctrl+Space then toggles); Home, End, Page Up and Page Down
///   jump; Ctrl+A selects every row; Enter or Space activates. The focused
///   row is scrolled into view and takes the keyboard focus.
///
/// Selected rows have the style class `dragkit-selected`.
///
/// ```swift
/// contacts.allowsSelection = true
/// contacts.allowsMultipleSelection = true
/// contacts.onSelectedItemsChanged { indexPaths in detail.show(indexPaths.map { store.contacts[$0.item] }) }
/// contacts.onRowActivated { indexPath in openEditor(for: store.contacts[indexPath.item]) }
/// ```
extension ListWidget {
    /// Whether a click or the arrow keys select rows (off by default: the
    /// app may draw its own selection).
    public var allowsSelection: Bool {
        get { selection.allowsSelection }
        set {
            selection.allowsSelection = newValue
            if !newValue { model.deselectAll() }
        }
    }

    /// Whether several rows can be selected (Ctrl- and Shift-click,
    /// Shift+arrows, Ctrl+A); the model's `ListView/allowsMultipleSelection`.
    public var allowsMultipleSelection: Bool {
        get { model.allowsMultipleSelection }
        set { model.allowsMultipleSelection = newValue }
    }

    /// Whether one click on a row activates it (the default, as in a
    /// sidebar); when false, a double click or Enter does.
    public var activatesOnSingleClick: Bool {
        get { selection.activatesOnSingleClick }
        set { selection.activatesOnSingleClick = newValue }
    }

    /// The selected row's presented index path (with several selected: the
    /// focused one if selected, else the first), nil when none. Setting it
    /// selects just that row, scrolls it into view and runs the change
    /// handlers.
    public var selectedIndexPath: IndexPath? {
        get {
            let selected = model.selection
            let primary = selected.focus.flatMap { selected.indexPaths.contains($0) ? $0 : nil } ?? selected.sorted.first
            return primary.map(model.presentedIndexPath(forItemAt:))
        }
        set {
            guard let newValue, case .item(let item)? = model.row(at: newValue) else {
                model.deselectAll()
                return
            }
            model.select(item)
            scrollToItem(at: item)
        }
    }

    /// The selected items, data source index paths in list order.
    public var selectedItemIndexPaths: [IndexPath] {
        model.indexPathsForSelectedItems
    }

    /// Runs `handler` with ``selectedIndexPath`` after every change of the
    /// selection.
    public func onSelectionChanged(_ handler: @escaping @MainActor (IndexPath?) -> Void) {
        selection.changeHandler = handler
    }

    /// Runs `handler` with every selected item (data source index paths, in
    /// list order) after every change of the selection.
    public func onSelectedItemsChanged(_ handler: @escaping @MainActor ([IndexPath]) -> Void) {
        selection.itemsChangeHandler = handler
    }

    /// Runs `handler` with the data source's index path of the row a person
    /// activates: a click (a press and release without a drag in between),
    /// or with ``activatesOnSingleClick`` off a double click or Enter on the
    /// selected row.
    public func onRowActivated(_ handler: @escaping @MainActor (IndexPath) -> Void) {
        selection.activationHandler = handler
    }

    /// Shows a selection the app keeps itself (with ``allowsSelection``
    /// off, as an app with its own selection rules does): the row of
    /// `focus`, a data source index path, becomes the list's one Tab stop
    /// and takes the keyboard focus whenever the list has it, and the rows
    /// for which `isSelected` is true are reported selected to assistive
    /// technologies. The app draws the selection itself; call this again
    /// whenever its selection changes.
    ///
    /// ```swift
    /// contacts.showAppSelection(focus: current.map { IndexPath(item: $0, section: 0) }) { indexPath in
    ///     selectedIDs.contains(store.contacts[indexPath.item].id)
    /// }
    /// ```
    public func showAppSelection(focus: IndexPath?, isSelected: @escaping @MainActor (IndexPath) -> Bool) {
        selection.appSelection = AppSelection(focus: focus, isSelected: isSelected)
        showSelection()
    }

    /// The item whose row is the focus row: the app's when it keeps the
    /// selection, else the model's.
    private var focusItem: IndexPath? {
        selection.appSelection.map(\.focus) ?? model.selection.focus
    }

    /// Moves the keyboard focus to the list (its focused row when it has
    /// one in view), so the arrow keys select.
    @discardableResult
    public func grabFocus() -> Bool {
        if let focus = focusItem, let cell = cells[model.presentedIndexPath(forItemAt: focus)] {
            if cell.hasFocus { return true }
            cell.isFocusable = true
            return cell.grabFocus()
        }
        return content.grabFocus()
    }

    // MARK: - Input

    func installSelectionInput() {
        selection.lastReported = model.selection
        gtk_widget_set_focusable(content.widgetPointer, 1)
        let click = ObjectReference(sinking: GPointer.raw(gtk_gesture_click_new()))
        let pressed: @convention(c) (gpointer?, Int32, Double, Double, gpointer?) -> Void = { _, presses, x, y, data in
            nonisolated(unsafe) let data = data
            MainActor.assumeIsolated {
                SignalHandlerBox<@MainActor (Int32, Double, Double) -> Void>.from(data).handler(presses, x, y)
            }
        }
        // "released" comes only when no drag took the press over, so a drag
        // never selects or activates a row.
        for (signal, isRelease) in [("pressed", false), ("released", true)] {
            selection.connections.append(Signal.connect(click, signal, trampoline: Signal.callback(pressed),
                                                        handler: { [weak self, click] (presses: Int32, x: Double, y: Double) in
                let state = gtk_event_controller_get_current_event_state(click.opaque)
                self?.clicked(presses: Int(presses), at: CGPoint(x: x, y: y), released: isRelease,
                              mode: Self.mode(for: state))
            } as @MainActor (Int32, Double, Double) -> Void))
        }
        content.add(controller: click)

        let keys = ShortcutController()
        let moves: [(String, Int)] = [("Down", 1), ("Up", -1), ("Page_Down", 0), ("Page_Up", 0)]
        for (key, step) in moves {
            for (prefix, mode) in [("", ListSelectionMode.replace), ("<Shift>", .extend), ("<Control>", .focusOnly)] {
                keys.add(prefix + key) { [weak self] in
                    guard let self else { return false }
                    return self.step(by: step == 0 ? self.pageStep(key == "Page_Down") : step, mode: mode)
                }
            }
        }
        for (key, last) in [("Home", false), ("End", true)] {
            keys.add(key) { [weak self] in self?.jump(toEnd: last, mode: .replace) ?? false }
            keys.add("<Shift>" + key) { [weak self] in self?.jump(toEnd: last, mode: .extend) ?? false }
        }
        keys.add("<Control>a") { [weak self] in
            guard let self, selection.allowsSelection, model.allowsMultipleSelection else { return false }
            model.selectAll()
            return true
        }
        keys.add("<Control>space") { [weak self] in
            guard let self, selection.allowsSelection, let focus = model.selection.focus else { return false }
            model.select(focus, mode: .toggle)
            return true
        }
        for key in ["Return", "KP_Enter", "space"] {
            keys.add(key) { [weak self] in self?.activateSelection() ?? false }
        }
        installKeyboardDragKeys(in: keys)
        content.addShortcuts(keys)
        selection.controllers = [click, keys.reference]
        ListWidget.installSelectionStyle()
    }

    private static func mode(for state: GdkModifierType) -> ListSelectionMode {
        if state.rawValue & GDK_SHIFT_MASK.rawValue != 0 { return .extend }
        if state.rawValue & GDK_CONTROL_MASK.rawValue != 0 { return .toggle }
        return .replace
    }

    private func clicked(presses: Int, at point: CGPoint, released: Bool, mode: ListSelectionMode) {
        guard let indexPath = model.indexPathForItem(at: point) else { return }
        if selection.allowsSelection, case .item(let item)? = model.row(at: indexPath) {
            // Select on release, which comes only when no drag took the
            // press over: dragging a row out leaves the selection alone
            // (and a selected row drags the whole selection).
            if released {
                model.select(item, mode: mode)
                focusCell(of: item)
            } else {
                content.grabFocus()
            }
        }
        let activates = selection.activatesOnSingleClick ? released && presses == 1 && mode == .replace : !released && presses == 2
        if activates { activate(indexPath) }
    }

    /// Runs the activation handler for the presented row at `indexPath`
    /// when it is an item (not a placeholder).
    private func activate(_ indexPath: IndexPath) {
        guard case .item(let item)? = model.row(at: indexPath) else { return }
        selection.activationHandler?(item)
    }

    private func step(by offset: Int, mode: ListSelectionMode) -> Bool {
        guard selection.allowsSelection, let focus = model.moveFocus(by: offset, mode: mode) else { return false }
        scrollToItem(at: focus)
        focusCell(of: focus)
        return true
    }

    /// How many rows Page Down moves by: the rows that fit in the view,
    /// less one so the row a page starts from stays in sight, measured by
    /// the focus row's height. An app that keeps its own selection (see
    /// ``showAppSelection(focus:isSelected:)``) moves it by this for the
    /// page keys.
    ///
    /// ```swift
    /// keys.add("Page_Down") { selection.move(by: list.rowsPerPage, in: order); return true }
    /// ```
    public var rowsPerPage: Int {
        let rowHeight = focusItem.flatMap { model.frameForItem(at: model.presentedIndexPath(forItemAt: $0))?.height } ?? 44
        return max(1, Int(scroller.visibleHeight / max(1, rowHeight)) - 1)
    }

    private func pageStep(_ down: Bool) -> Int { down ? rowsPerPage : -rowsPerPage }

    private func jump(toEnd: Bool, mode: ListSelectionMode) -> Bool {
        guard selection.allowsSelection, let focus = model.moveFocusToEnd(last: toEnd, mode: mode) else { return false }
        scrollToItem(at: focus)
        focusCell(of: focus)
        return true
    }

    private func activateSelection() -> Bool {
        guard selection.allowsSelection, let focus = model.selection.focus ?? model.indexPathsForSelectedItems.first else { return false }
        selection.activationHandler?(focus)
        return true
    }

    /// Gives the keyboard focus to the cell of a data source item (it is in
    /// view after ``scrollToItem(at:)``, whose scroll lays it out).
    private func focusCell(of item: IndexPath) {
        layOutVisibleRows()
        guard let cell = cells[model.presentedIndexPath(forItemAt: item)] else { return }
        cell.isFocusable = true
        cell.grabFocus()
    }

    // MARK: - Showing it

    /// Puts the selected style on the selected rows in view, makes only the
    /// focused row's cell focusable, and tells the handlers what changed.
    func showSelection() {
        if let app = selection.appSelection {
            let focusPath = app.focus.map(model.presentedIndexPath(forItemAt:))
            // While the list holds the keyboard focus it follows the focus
            // row, also when that row comes into view only after a scroll.
            let listHasFocus = gtk_widget_has_focus(content.widgetPointer) != 0 || cells.values.contains { $0.hasFocus }
            for (indexPath, cell) in cells {
                cell.isAccessibleSelected = model.row(at: indexPath)?.itemIndexPath.map(app.isSelected) ?? false
                cell.isFocusable = indexPath == focusPath
            }
            if listHasFocus, let focusPath, let cell = cells[focusPath], !cell.hasFocus { cell.grabFocus() }
            return
        }
        let current = model.selection
        let focusPath = current.focus.map(model.presentedIndexPath(forItemAt:))
        for (indexPath, cell) in cells {
            let item = model.row(at: indexPath)?.itemIndexPath
            let selected = item.map(current.indexPaths.contains) ?? false
            cell.showsSelected = selected
            cell.isAccessibleSelected = selected
            cell.isFocusable = indexPath == focusPath
        }
        guard selection.lastReported != current else { return }
        let selectedBefore = selection.lastReported?.indexPaths
        selection.lastReported = current
        if selectedBefore != current.indexPaths {
            selection.changeHandler?(selectedIndexPath)
            selection.itemsChangeHandler?(current.sorted)
        }
    }

    /// Scrolls the least distance that brings the data source item's row
    /// fully into view (nothing when it already is): for an app that moves
    /// its own current row, as the list's keyboard selection does.
    ///
    /// ```swift
    /// list.scrollToItem(at: IndexPath(item: row, section: 0))
    /// ```
    public func scrollToItem(at item: IndexPath) {
        guard let frame = model.frameForItem(at: model.presentedIndexPath(forItemAt: item)), scroller.visibleHeight > 0 else { return }
        if frame.minY < scroller.verticalOffset {
            scroller.verticalOffset = frame.minY
        } else if frame.maxY > scroller.verticalOffset + scroller.visibleHeight {
            scroller.verticalOffset = frame.maxY - scroller.visibleHeight
        }
    }

    private static var styleInstalled = false

    private static func installSelectionStyle() {
        guard !styleInstalled else { return }
        styleInstalled = true
        StyleSheet.add("""
        .dragkit-list .dragkit-selected { background-color: #3584e4; color: #ffffff; }
        """)
    }
}
