import CGtk4
import DragKitGTK

/// The bar at the top of a window (GtkHeaderBar) with the title in the
/// middle and the primary actions at its ends; set it as the window's
/// ``Window/titlebar``.
///
/// ```swift
/// let header = HeaderBar()
/// header.packStart(Button(iconName: "list-add-symbolic", action: "win.add"))
/// window.titlebar = header
/// ```
@MainActor
public final class HeaderBar: Widget {
    private var children: [Widget] = []

    /// Creates a header bar showing the window's title and its close button.
    public init() {
        super.init(sinking: GPointer.raw(gtk_header_bar_new()))
    }

    private var headerPointer: OpaquePointer { reference.opaque }

    /// Adds `child` at the start (left in left-to-right languages).
    public func packStart(_ child: Widget) {
        children.append(child)
        gtk_header_bar_pack_start(headerPointer, child.widgetPointer)
    }

    /// Adds `child` at the end (right in left-to-right languages).
    public func packEnd(_ child: Widget) {
        children.append(child)
        gtk_header_bar_pack_end(headerPointer, child.widgetPointer)
    }

    /// A widget shown instead of the window's title (nil: the title).
    public var titleWidget: Widget? {
        didSet { gtk_header_bar_set_title_widget(headerPointer, titleWidget?.widgetPointer) }
    }

    /// Whether the window's close (and minimize, maximize) buttons are shown.
    public var showsWindowButtons: Bool {
        get { gtk_header_bar_get_show_title_buttons(headerPointer) != 0 }
        set { gtk_header_bar_set_show_title_buttons(headerPointer, newValue ? 1 : 0) }
    }
}
