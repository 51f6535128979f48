import CGtk4

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
}
