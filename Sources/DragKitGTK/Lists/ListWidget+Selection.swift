import CGtk4
import Foundation

/// What a list widget remembers about its selection.
struct ListSelectionState {
    var allowsSelection = false
    var activatesOnSingleClick = true
    var indexPath: IndexPath?
    var selectedRow: Widget?
    var changeHandler: (@MainActor (IndexPath?) -> Void)?
    var activationHandler: (@MainActor (IndexPath) -> Void)?
    var controllers: [ObjectReference] = []
    var connections: [SignalConnection] = []
}

/// Clicking rows: activation, and (when ``allowsSelection`` is on) one
/// selected row chosen with a click (not by dragging it) or the keyboard: Up and Down move it,
/// Home and End jump to the ends, Enter activates it. The selected row has
/// the style class `dragkit-selected`.
///
/// ```swift
/// lists.onRowActivated { indexPath in show(model.lists[indexPath.item]) }
///
/// contacts.allowsSelection = true
/// contacts.activatesOnSingleClick = false      // a double click or Enter opens
/// contacts.onSelectionChanged { indexPath in detail.show(indexPath.map { store.contacts[$0.item] }) }
/// contacts.onRowActivated { indexPath in openEditor(for: store.contacts[indexPath.item]) }
/// ```
///
/// The selection is a presented index path (placeholders count): after the
/// rows change (a drop, a move), select the row you mean again, or nil.
/// Activation hands over the data source's index path; placeholders and
/// empty space never activate.
extension ListWidget {
    /// Whether a click or the arrow keys select a row (off by default: the
    /// app may draw its own selection).
    public var allowsSelection: Bool {
        get { selection.allowsSelection }
        set {
            selection.allowsSelection = newValue
            if !newValue { select(nil, notify: true) }
        }
    }

    /// Whether one click on a row activates it (the default, as in a
    /// sidebar); when false, a double click or Enter does.
    public var activatesOnSingleClick: Bool {
        get { selection.activatesOnSingleClick }
        set { selection.activatesOnSingleClick = newValue }
    }

    /// The selected row's presented index path, nil when none. Setting it
    /// scrolls the row into view and runs the change handler.
    public var selectedIndexPath: IndexPath? {
        get { selection.indexPath }
        set { select(newValue, notify: true) }
    }

    /// Runs `handler` after every change of ``selectedIndexPath``.
    public func onSelectionChanged(_ handler: @escaping @MainActor (IndexPath?) -> Void) {
        selection.changeHandler = handler
    }

    /// Runs `handler` with the data source's index path of the row a person
    /// activates: a click (a press and release without a drag in between),
    /// or with ``activatesOnSingleClick`` off a double click or Enter on the
    /// selected row.
    public func onRowActivated(_ handler: @escaping @MainActor (IndexPath) -> Void) {
        selection.activationHandler = handler
    }

    /// Moves the keyboard focus to the list, so the arrow keys select.
    @discardableResult
    public func grabFocus() -> Bool {
        content.grabFocus()
    }

    // MARK: - Input

    func installSelectionInput() {
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
                                                        handler: { [weak self] (presses: Int32, x: Double, y: Double) in
                self?.clicked(presses: Int(presses), at: CGPoint(x: x, y: y), released: isRelease)
            } as @MainActor (Int32, Double, Double) -> Void))
        }
        content.add(controller: click)

        let keys = ShortcutController()
        keys.add("Down") { [weak self] in self?.step(by: 1) ?? false }
        keys.add("Up") { [weak self] in self?.step(by: -1) ?? false }
        keys.add("Home") { [weak self] in self?.jump(toEnd: false) ?? false }
        keys.add("End") { [weak self] in self?.jump(toEnd: true) ?? false }
        for key in ["Return", "KP_Enter", "space"] {
            keys.add(key) { [weak self] in self?.activateSelection() ?? false }
        }
        content.addShortcuts(keys)
        selection.controllers = [click, keys.reference]
        ListWidget.installSelectionStyle()
    }

    private func clicked(presses: Int, at point: CGPoint, released: Bool) {
        guard let indexPath = model.indexPathForItem(at: point) else { return }
        if selection.allowsSelection {
            // Select on release, which comes only when no drag took the
            // press over: dragging a row out leaves the selection alone.
            if released { select(indexPath, notify: true) } else { content.grabFocus() }
        }
        let activates = selection.activatesOnSingleClick ? released && presses == 1 : !released && presses == 2
        if activates { activate(indexPath) }
    }

    /// Runs the activation handler for the presented row at `indexPath`
    /// when it is an item (not a placeholder).
    private func activate(_ indexPath: IndexPath) {
        guard case .item(let item)? = model.row(at: indexPath) else { return }
        selection.activationHandler?(item)
    }

    /// The presented index paths in order, across sections.
    private var allIndexPaths: [IndexPath] {
        (0..<model.numberOfSections).flatMap { section in
            (0..<model.numberOfItems(inSection: section)).map { IndexPath(item: $0, section: section) }
        }
    }

    private func step(by offset: Int) -> Bool {
        guard selection.allowsSelection else { return false }
        let paths = allIndexPaths
        guard !paths.isEmpty else { return false }
        let current = selection.indexPath.flatMap { paths.firstIndex(of: $0) }
        let next = current.map { min(max(0, $0 + offset), paths.count - 1) } ?? (offset > 0 ? 0 : paths.count - 1)
        select(paths[next], notify: true)
        return true
    }

    private func jump(toEnd: Bool) -> Bool {
        guard selection.allowsSelection, let target = toEnd ? allIndexPaths.last : allIndexPaths.first else { return false }
        select(target, notify: true)
        return true
    }

    private func activateSelection() -> Bool {
        guard selection.allowsSelection, let indexPath = selection.indexPath else { return false }
        activate(indexPath)
        return true
    }

    // MARK: - Showing it

    private func select(_ indexPath: IndexPath?, notify: Bool) {
        let valid = indexPath.flatMap { flatIndex(of: $0) == nil ? nil : $0 }
        let changed = valid != selection.indexPath
        selection.indexPath = valid
        showSelection()
        if let valid { scrollToVisible(valid) }
        if changed && notify { selection.changeHandler?(valid) }
    }

    /// Puts the selected style on the selected row's widget only (rows are
    /// reused by position, so this runs after every reload).
    func showSelection() {
        if let indexPath = selection.indexPath, flatIndex(of: indexPath) == nil {
            selection.indexPath = nil
            selection.changeHandler?(nil)
        }
        let row = selection.indexPath.flatMap(rowWidget(at:))
        if selection.selectedRow !== row {
            selection.selectedRow?.removeStyleClass("dragkit-selected")
            selection.selectedRow = row
        }
        row?.addStyleClass("dragkit-selected")
    }

    private func scrollToVisible(_ indexPath: IndexPath) {
        guard let frame = model.frameForItem(at: indexPath), scroller.visibleHeight > 0 else { return }
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
        .dragkit-list:focus-visible .dragkit-selected { outline: 2px solid #1c71d8; outline-offset: -2px; }
        """)
    }
}
