import CGtk4
import DragKitGTK

/// A bubble holding a small form next to the widget that opened it
/// (GtkPopover): a name entry with a Create button, a date picker. Open it
/// from a ``MenuButton`` (`MenuButton(iconName:tooltip:popover:)`), which
/// places it and gives it the keyboard focus; Escape or a click outside
/// closes it.
///
/// ```swift
/// let form = Box(.vertical, spacing: 6)
/// form.append(nameEntry)
/// let popover = Popover(child: form)
/// popover.defaultWidget = createButton      // Enter in the entry clicks it
/// header.packStart(MenuButton(iconName: "list-add-symbolic", tooltip: "New List", popover: popover))
/// ```
@MainActor
public final class Popover: Widget {
    /// Creates a popover showing `child`.
    public init(child: Widget) {
        self.child = child
        super.init(sinking: GPointer.raw(gtk_popover_new()))
        gtk_popover_set_child(popoverPointer, child.widgetPointer)
    }

    /// The content.
    public let child: Widget

    private var popoverPointer: UnsafeMutablePointer<GtkPopover> { reference.typed() }

    /// The widget Enter activates inside the popover (its main button).
    public var defaultWidget: Widget? {
        didSet {
            if let defaultWidget { gtk_widget_set_receives_default(defaultWidget.widgetPointer, 1) }
            gtk_popover_set_default_widget(popoverPointer, defaultWidget?.widgetPointer)
        }
    }

    /// Closes the popover.
    public func popdown() {
        gtk_popover_popdown(popoverPointer)
    }

    /// Runs `handler` whenever the popover opens.
    @discardableResult
    public func onShow(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        Signal.connect(reference, "show", handler: handler)
    }

    /// Runs `handler` whenever the popover closes.
    @discardableResult
    public func onClosed(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        Signal.connect(reference, "closed", handler: handler)
    }
}
