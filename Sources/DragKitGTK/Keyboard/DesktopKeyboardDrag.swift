import CGtk4
import DragAndDrop
import Foundation

/// Keyboard drag and drop in GTK windows: Ctrl+Alt+D lifts the focused
/// list row (with the rest of the selection) or the focused widget that has
/// a drag interaction; then the arrow keys step through the drop points of
/// every window of the process, Tab and Shift+Tab jump to the next or
/// previous drop target, Enter or Space drops and Escape cancels. In a
/// registered list (``registerList(_:in:visibleBounds:)``; DragKitWidgets'
/// `ListWidget` registers itself), Alt+Up and Alt+Down move the focused row
/// one place through the list's drop delegate.
///
/// Any GTK window gets the lift key with ``installLiftKey(on:)``:
///
/// ```swift
/// DesktopKeyboardDrag.shared.installLiftKey(on: Widget.borrowing(window))
/// ```
///
/// Everything goes through the process's ``DesktopDragDrop`` engine with a
/// `KeyboardDrag` (pointer `PointerID/keyboard`), so delegates get the
/// calls a pointer drag makes, lists show their insertion line or row
/// highlight, and other drop targets get GTK's drop highlight.
///
/// What a person should hear (`KeyboardDragAnnouncement`) goes to
/// ``announcementObserver`` and becomes the accessible description of the
/// widget the drag started from, which keeps the keyboard focus: GTK 4.8
/// has no `gtk_accessible_announce`, and a screen reader reads a changed
/// description of the focused object.
@MainActor
public final class DesktopKeyboardDrag {
    /// The instance every window's keys use.
    public static let shared = DesktopKeyboardDrag(bridge: .shared)

    /// The key that starts a keyboard drag (GTK's trigger syntax).
    public static let liftKey = "<Control><Alt>d"

    /// The toolkit-free drag it drives.
    public let keyboardDrag: KeyboardDrag
    /// Told each announcement, after the accessible description is set.
    public var announcementObserver: (@MainActor (KeyboardDragAnnouncement) -> Void)?

    private unowned let bridge: DesktopDragDrop
    /// Lists by their model, for row lifts and their visible part.
    private var lists: [ObjectIdentifier: RegisteredList] = [:]
    /// The widget the drag started from: it keeps the focus and carries the
    /// announcements.
    private var origin: Widget?
    /// The window-wide key controller steering the drag, and its window.
    private var steering: (window: UnsafeMutablePointer<GtkWidget>, controller: ShortcutController)?
    /// The drop target widget shown with GTK's drop highlight.
    private var highlighted: Widget?

    /// A list shown in a widget: its model, the widget its rows are in and
    /// the part of the model's coordinates scrolled into view.
    private struct RegisteredList {
        weak var model: ListView?
        weak var widget: Widget?
        let visibleBounds: @MainActor () -> CGRect
    }

    init(bridge: DesktopDragDrop) {
        self.bridge = bridge
        keyboardDrag = KeyboardDrag(engine: bridge.engine)
        keyboardDrag.targets = { [unowned self] in dropTargets() }
        keyboardDrag.visibleBounds = { [unowned self] model in
            guard let list = lists[ObjectIdentifier(model)], list.model != nil else { return nil }
            return list.visibleBounds()
        }
        keyboardDrag.announcer = { [unowned self] in announce($0) }
    }

    /// Whether a keyboard drag is going on.
    public var isActive: Bool { keyboardDrag.isActive }

    /// Lets keyboard drags lift rows of `model`, a list whose rows are
    /// drawn in `widget` at the model's frames (`ListView`
    /// lays them out), and step through its drop points: Ctrl+Alt+D with the
    /// focus in `widget` lifts the focused row with the selection.
    /// `visibleBounds` gives the part of the list scrolled into view, in the
    /// model's coordinates. Neither is kept alive by the registration.
    public func registerList(_ model: ListView, in widget: Widget, visibleBounds: @escaping @MainActor () -> CGRect) {
        lists = lists.filter { $0.value.model != nil && $0.value.widget != nil }
        lists[ObjectIdentifier(model)] = RegisteredList(model: model, widget: widget, visibleBounds: visibleBounds)
    }

    /// Makes Ctrl+Alt+D (``liftKey``) anywhere in `window` (a GtkWindow,
    /// or any widget whose shortcuts should start keyboard drags) lift what
    /// has the focus there; the key goes on to other handlers when nothing
    /// there drags.
    public func installLiftKey(on window: Widget) {
        let keys = ShortcutController()
        keys.add(Self.liftKey) { [weak window] in
            guard let window else { return false }
            return DesktopKeyboardDrag.shared.liftFocused(in: window)
        }
        window.addShortcuts(keys)
    }

    // MARK: - Starting

    /// Lifts what has the keyboard focus in `window` (the window, or any
    /// widget in it): the focused row of a registered list, or the nearest
    /// widget with a drag interaction at or above the focus. Returns false
    /// when nothing there can be dragged.
    @discardableResult
    public func liftFocused(in window: Widget) -> Bool {
        guard !isActive, let root = gtk_widget_get_root(window.widgetPointer), let focus = gtk_root_get_focus(root) else {
            return false
        }
        for entry in lists.values {
            guard let model = entry.model, let widget = entry.widget, widget.isMapped, contains(widget, focus),
                  let row = model.selection.focus ?? model.indexPathsForSelectedItems.first
            else { continue }
            return lift(row: row, of: model)
        }
        let sources = bridge.sources.values.compactMap(\.boundWidget).filter { contains($0, focus) }
        // The innermost source: the one no other found source is inside.
        guard let source = sources.first(where: { candidate in
            !sources.contains { $0 !== candidate && contains(candidate, $0.widgetPointer) }
        }) else { return false }
        source.viewNode.frame = CGRect(origin: source.viewNode.frame.origin, size: source.size)
        origin = source
        guard (try? keyboardDrag.lift(from: source.viewNode)) != nil else {
            origin = nil
            return false
        }
        begin(from: source)
        return true
    }

    /// Lifts the row at `row` (a data source index path) of the registered
    /// list `model`.
    @discardableResult
    public func lift(row: IndexPath, of model: ListView) -> Bool {
        guard !isActive, let widget = lists[ObjectIdentifier(model)]?.widget else { return false }
        // Set first: the pick-up is announced from inside the lift.
        origin = widget
        guard (try? keyboardDrag.lift(rowAt: row, of: model)) != nil else {
            origin = nil
            return false
        }
        begin(from: widget)
        return true
    }

    /// Moves the focused row of the registered list `model` one place up
    /// (-1) or down (+1) through its drop delegate (Alt+Up, Alt+Down).
    /// Returns false when no move happened, so the key can go on to other
    /// handlers.
    @discardableResult
    public func reorderFocusedRow(of model: ListView, by offset: Int) -> Bool {
        guard !isActive, let widget = lists[ObjectIdentifier(model)]?.widget,
              let row = model.selection.focus ?? model.indexPathsForSelectedItems.first
        else { return false }
        origin = widget
        defer { origin = nil }
        return (try? keyboardDrag.reorder(rowAt: row, of: model, by: offset)) == .move
    }

    // MARK: - Steering

    private func begin(from widget: Widget) {
        origin = widget
        guard let root = gtk_widget_get_root(widget.widgetPointer) else { return }
        let window = GPointer.typed(GPointer.raw(root), as: GtkWidget.self)
        let keys = ShortcutController(global: true)
        let steps: [(String, @MainActor () throws(DragDropError) -> Void)] = [
            ("Down", { [unowned self] () throws(DragDropError) in try keyboardDrag.moveToNext() }),
            ("Right", { [unowned self] () throws(DragDropError) in try keyboardDrag.moveToNext() }),
            ("Up", { [unowned self] () throws(DragDropError) in try keyboardDrag.moveToPrevious() }),
            ("Left", { [unowned self] () throws(DragDropError) in try keyboardDrag.moveToPrevious() }),
            ("Tab", { [unowned self] () throws(DragDropError) in try keyboardDrag.moveToNextTarget() }),
            ("<Shift>Tab", { [unowned self] () throws(DragDropError) in try keyboardDrag.moveToPreviousTarget() }),
            ("<Shift>ISO_Left_Tab", { [unowned self] () throws(DragDropError) in try keyboardDrag.moveToPreviousTarget() }),
            ("Return", { [unowned self] () throws(DragDropError) in try keyboardDrag.drop() }),
            ("KP_Enter", { [unowned self] () throws(DragDropError) in try keyboardDrag.drop() }),
            ("space", { [unowned self] () throws(DragDropError) in try keyboardDrag.drop() }),
            ("Escape", { [unowned self] () throws(DragDropError) in try keyboardDrag.cancel() }),
        ]
        for (key, action) in steps {
            keys.add(key) { [weak self] in
                guard let self, keyboardDrag.isActive else { return false }
                try? action()
                updateHighlight()
                if !keyboardDrag.isActive { end() }
                return true
            }
        }
        // Before the focused widget's own keys (a list's Up and Down), and
        // before the window moves the focus on Tab.
        gtk_event_controller_set_propagation_phase(keys.reference.opaque, GTK_PHASE_CAPTURE)
        g_object_ref(keys.reference.raw)
        gtk_widget_add_controller(window, keys.reference.opaque)
        steering = (window, keys)
    }

    private func end() {
        if let (window, keys) = steering {
            gtk_widget_remove_controller(window, keys.reference.opaque)
        }
        steering = nil
        highlight(nil)
        origin = nil
    }

    // MARK: - Feedback

    private func announce(_ announcement: KeyboardDragAnnouncement) {
        origin?.setAccessibleDescription(announcement.text)
        // The focused widget inside the origin (a list's focused row) is
        // what a screen reader watches.
        if let origin, let root = gtk_widget_get_root(origin.widgetPointer), let focus = gtk_root_get_focus(root),
           focus != origin.widgetPointer {
            Widget.setAccessibleDescription(announcement.text, of: focus)
        }
        announcementObserver?(announcement)
        if Self.logsAnnouncements {
            FileHandle.standardError.write(Data("dragkit keyboard drag: \(announcement.text)\n".utf8))
        }
    }

    /// With DRAGKIT_LOG_ANNOUNCEMENTS set, every announcement is also
    /// written to standard error, to follow a keyboard drag without a
    /// screen reader.
    private static let logsAnnouncements = ProcessInfo.processInfo.environment["DRAGKIT_LOG_ANNOUNCEMENTS"] != nil

    /// Gives a plain drop target GTK's drop highlight while the drag is over
    /// it with a drop that does something (lists show their own line or row
    /// highlight).
    private func updateHighlight() {
        guard keyboardDrag.isActive, let proposal = bridge.engine.proposal(for: keyboardDrag.pointer),
              proposal.operation.performsDrop, let view = bridge.engine.dropTarget(for: keyboardDrag.pointer)?.view,
              keyboardDrag.current?.list == nil
        else { return highlight(nil) }
        highlight(bridge.targets.values.first { $0.owns(view) }?.boundWidget)
    }

    private func highlight(_ widget: Widget?) {
        guard widget !== highlighted else { return }
        if let highlighted { gtk_widget_unset_state_flags(highlighted.widgetPointer, GTK_STATE_FLAG_DROP_ACTIVE) }
        if let widget { gtk_widget_set_state_flags(widget.widgetPointer, GTK_STATE_FLAG_DROP_ACTIVE, 0) }
        highlighted = widget
    }

    // MARK: - Drop targets

    /// The shown drop targets of every window, sized like their widgets:
    /// the drag's own window first, then the others; in each, top to bottom,
    /// then left to right.
    private func dropTargets() -> [ViewNode] {
        let originRoot = origin.flatMap { gtk_widget_get_root($0.widgetPointer) }.map { GPointer.raw($0) }
        let placed: [(node: ViewNode, own: Bool, window: UInt, frame: CGRect)] = bridge.targets.values.compactMap { binding in
            guard let widget = binding.boundWidget, widget.isMapped, let root = gtk_widget_get_root(widget.widgetPointer),
                  let frame = widget.boundsInNativeWindow else { return nil }
            binding.node.frame = CGRect(origin: binding.node.frame.origin, size: widget.size)
            if binding.node.accessibilityLabel == nil, let name = Self.spokenName(of: widget) {
                binding.node.accessibilityLabel = name
            }
            let window = UInt(bitPattern: GPointer.raw(root))
            return (binding.node, GPointer.raw(root) == originRoot, window, frame)
        }
        return placed.sorted { a, b in
            if a.own != b.own { return a.own }
            if a.window != b.window { return a.window < b.window }
            if a.frame.minY != b.frame.minY { return a.frame.minY < b.frame.minY }
            return a.frame.minX < b.frame.minX
        }.map(\.node)
    }

    /// What a drop target is called in announcements: a label's text, else
    /// its tooltip, else its widget name when one was given to it (until
    /// then GTK answers with the widget's type name: "GtkFixed").
    private static func spokenName(of widget: Widget) -> String? {
        if g_type_check_instance_is_a(GPointer.typeInstance(widget.widgetPointer), gtk_label_get_type()) != 0,
           let text = gtk_label_get_text(OpaquePointer(widget.widgetPointer)), text.pointee != 0 {
            return String(cString: text)
        }
        if let tooltip = widget.tooltip, !tooltip.isEmpty { return tooltip }
        let name = widget.name
        let typeName = g_type_name_from_instance(GPointer.typeInstance(widget.widgetPointer)).map { String(cString: $0) }
        return name.isEmpty || name == typeName ? nil : name
    }

    /// Whether `focus` is `widget` or inside it.
    private func contains(_ widget: Widget, _ focus: UnsafeMutablePointer<GtkWidget>) -> Bool {
        focus == widget.widgetPointer || gtk_widget_is_ancestor(focus, widget.widgetPointer) != 0
    }
}
