import CGtk4

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

    private var verticalAdjustment: UnsafeMutablePointer<GtkAdjustment> { gtk_scrolled_window_get_vadjustment(scrolledPointer) }

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
