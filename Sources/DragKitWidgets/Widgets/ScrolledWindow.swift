import CGtk4
import DragKitGTK

/// Shows a larger child through a scrollable viewport.
@MainActor
public final class ScrolledWindow: Widget {
    /// Creates an empty scrolled window.
    public init() {
        super.init(sinking: GPointer.raw(gtk_scrolled_window_new()))
        gtk_scrolled_window_set_policy(scrolledPointer, GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
    }

    private var scrolledPointer: OpaquePointer { reference.opaque }

    /// The scrolled content.
    public var child: Widget? {
        didSet { gtk_scrolled_window_set_child(scrolledPointer, child?.widgetPointer) }
    }

    /// Whether focusing something inside scrolls it into view (GTK's
    /// default). A list turns it off: its content takes the focus as a
    /// whole, and scrolling to show all of it would jump to its end.
    public var scrollsToFocus: Bool {
        get {
            guard let viewport = gtk_scrolled_window_get_child(scrolledPointer) else { return false }
            return gtk_viewport_get_scroll_to_focus(OpaquePointer(viewport)) != 0
        }
        set {
            guard let viewport = gtk_scrolled_window_get_child(scrolledPointer),
                  child.map({ $0.widgetPointer != viewport }) ?? false else { return }
            gtk_viewport_set_scroll_to_focus(OpaquePointer(viewport), newValue ? 1 : 0)
        }
    }

    private var verticalAdjustment: UnsafeMutablePointer<GtkAdjustment> { gtk_scrolled_window_get_vadjustment(scrolledPointer) }

    /// The adjustment whose signals tell when the list scrolls or resizes.
    var verticalAdjustmentPointer: UnsafeMutablePointer<GtkAdjustment> { verticalAdjustment }

    /// How far the content is scrolled down, in points.
    public var verticalOffset: Double {
        get { gtk_adjustment_get_value(verticalAdjustment) }
        set {
            let limit = max(0, gtk_adjustment_get_upper(verticalAdjustment) - gtk_adjustment_get_page_size(verticalAdjustment))
            gtk_adjustment_set_value(verticalAdjustment, min(max(0, newValue), limit))
        }
    }

    /// The height of the visible part of the content.
    public var visibleHeight: Double {
        gtk_adjustment_get_page_size(verticalAdjustment)
    }
}
