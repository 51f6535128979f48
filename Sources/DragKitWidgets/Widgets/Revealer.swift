import CGtk4
import DragKitGTK

/// Shows or hides its child with a short slide (GtkRevealer): banners and
/// panels that come and go without the rest of the window jumping.
@MainActor
public final class Revealer: Widget {
    /// Creates a revealer, hidden.
    public init() {
        super.init(sinking: GPointer.raw(gtk_revealer_new()))
        gtk_revealer_set_transition_type(revealerPointer, GTK_REVEALER_TRANSITION_TYPE_SLIDE_DOWN)
    }

    private var revealerPointer: OpaquePointer { reference.opaque }

    /// The widget shown and hidden.
    public var child: Widget? {
        didSet { gtk_revealer_set_child(revealerPointer, child?.widgetPointer) }
    }

    /// Whether the child is shown (or sliding in).
    public var isRevealed: Bool {
        get { gtk_revealer_get_reveal_child(revealerPointer) != 0 }
        set { gtk_revealer_set_reveal_child(revealerPointer, newValue ? 1 : 0) }
    }

    /// How long the slide takes, in milliseconds (0: at once).
    public var transitionMilliseconds: Int {
        get { Int(gtk_revealer_get_transition_duration(revealerPointer)) }
        set { gtk_revealer_set_transition_duration(revealerPointer, UInt32(newValue)) }
    }
}
