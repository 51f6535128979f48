import CGtk4
import DragKitGTK

/// A titled section that folds its content away until opened
/// (GtkExpander): technical details under a readable message.
///
/// ```swift
/// let details = Expander(title: "Details", child: Label(error.details))
/// ```
@MainActor
public final class Expander: Widget {
    /// The content shown while open.
    public let child: Widget

    /// Creates a closed expander titled `title` around `child`.
    public init(title: String, child: Widget) {
        self.child = child
        super.init(sinking: GPointer.raw(gtk_expander_new(title)))
        gtk_expander_set_child(reference.opaque, child.widgetPointer)
    }

    /// Whether the content is shown.
    public var isExpanded: Bool {
        get { gtk_expander_get_expanded(reference.opaque) != 0 }
        set { gtk_expander_set_expanded(reference.opaque, newValue ? 1 : 0) }
    }
}
