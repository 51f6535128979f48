import CGtk4
import DragKitGTK
import Foundation

/// A menu that opens where a widget is right-clicked, or from the keyboard
/// with the Menu key or Shift+F10 (a GtkPopoverMenu over a ``Menu``): the
/// commands on what was clicked, next to it.
///
/// ```swift
/// let menu = Menu()
/// menu.appendSection([("Delete Item", "win.delete-item")])
/// let context = ContextMenu(on: list.scroller, menu: menu) { point in
///     // select the row at `point` (nil: opened from the keyboard) and say where to point
///     point ?? selectedRowCenter
/// }
/// ```
///
/// `prepare` runs before the menu opens, with the click in the widget's
/// coordinates (nil from the keyboard); it returns the point the menu
/// points at, or nil to open nothing.
@MainActor
public final class ContextMenu {
    /// Made when the menu first opens, so a window shows without it.
    private var popover: ObjectReference?
    private let menu: Menu
    private let gesture: ObjectReference
    private unowned let widget: Widget
    private let prepare: @MainActor (CGPoint?) -> CGPoint?
    private var connections: [SignalConnection] = []

    /// Attaches `menu` to `widget`.
    public init(on widget: Widget, menu: Menu, prepare: @escaping @MainActor (CGPoint?) -> CGPoint?) {
        self.widget = widget
        self.prepare = prepare
        self.menu = menu
        gesture = ObjectReference(sinking: GPointer.raw(gtk_gesture_click_new()))
        gtk_gesture_single_set_button(gesture.opaque, 3)
        let pressed: @convention(c) (gpointer?, Int32, Double, Double, gpointer?) -> Void = { _, _, x, y, data in
            nonisolated(unsafe) let data = data
            MainActor.assumeIsolated {
                SignalHandlerBox<@MainActor (Double, Double) -> Void>.from(data).handler(x, y)
            }
        }
        connections.append(Signal.connect(gesture, "pressed", trampoline: Signal.callback(pressed),
                                          handler: { [weak self] (x: Double, y: Double) in
            self?.open(at: CGPoint(x: x, y: y))
        } as @MainActor (Double, Double) -> Void))
        widget.add(controller: gesture)

        let keys = ShortcutController()
        for trigger in ["Menu", "<Shift>F10"] {
            keys.add(trigger) { [weak self] in
                self?.open(at: nil)
                return true
            }
        }
        widget.addShortcuts(keys)
        self.keys = keys

        // A popover is an extra child: it must leave its parent before the
        // parent is finalized.
        connections.append(Signal.connect(widget.reference, "destroy", handler: { [weak self] in
            self?.unparentPopover()
        }))
    }

    private var keys: ShortcutController?

    /// The popover, made and attached to the widget the first time.
    private var popoverPointer: UnsafeMutablePointer<GtkPopover> {
        if let popover { return popover.typed() }
        let made = ObjectReference(sinking: GPointer.raw(gtk_popover_menu_new_from_model(menu.modelPointer)))
        gtk_widget_set_parent(GPointer.typed(made.raw, as: GtkWidget.self), widget.widgetPointer)
        popover = made
        return made.typed()
    }

    private func unparentPopover() {
        guard let popover else { return }
        let popoverWidget = GPointer.typed(popover.raw, as: GtkWidget.self)
        if gtk_widget_get_parent(popoverWidget) != nil { gtk_widget_unparent(popoverWidget) }
    }

    /// Opens the menu as a right-click at `point` (nil: from the keyboard) would.
    public func open(at point: CGPoint?) {
        guard let target = prepare(point) else { return }
        var rect = GdkRectangle(x: Int32(target.x), y: Int32(target.y), width: 1, height: 1)
        gtk_popover_set_pointing_to(popoverPointer, &rect)
        gtk_popover_popup(popoverPointer)
    }

    isolated deinit {
        for connection in connections { connection.disconnect() }
        unparentPopover()
    }
}
