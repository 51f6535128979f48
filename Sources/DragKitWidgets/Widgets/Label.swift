import CGtk4
import DragKitGTK

/// A piece of text.
@MainActor
public final class Label: Widget {
    /// Creates a label showing `text`.
    public init(_ text: String = "") {
        super.init(sinking: GPointer.raw(gtk_label_new(text)))
    }

    private var labelPointer: OpaquePointer { reference.opaque }

    /// The text shown.
    public var text: String {
        get { String(cString: gtk_label_get_text(labelPointer)) }
        set { gtk_label_set_text(labelPointer, newValue) }
    }

    /// Whether long text wraps onto more lines.
    public var wraps: Bool {
        get { gtk_label_get_wrap(labelPointer) != 0 }
        set { gtk_label_set_wrap(labelPointer, newValue ? 1 : 0) }
    }

    /// Where the text sits horizontally inside the label: 0 left, 0.5
    /// centred, 1 right (in left-to-right languages).
    public var textAlignment: Double {
        get { Double(gtk_label_get_xalign(labelPointer)) }
        set { gtk_label_set_xalign(labelPointer, Float(newValue)) }
    }

    /// Whether text too long for the label ends in "…" instead of widening it.
    public var truncates: Bool {
        get { gtk_label_get_ellipsize(labelPointer) != PANGO_ELLIPSIZE_NONE }
        set { gtk_label_set_ellipsize(labelPointer, newValue ? PANGO_ELLIPSIZE_END : PANGO_ELLIPSIZE_NONE) }
    }
}
