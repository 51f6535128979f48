import CGtk4
import DragKitGTK

/// Multi-line editable text (GtkTextView), wrapping at word boundaries; put
/// it in a ``ScrolledWindow`` when the text can grow.
///
/// ```swift
/// let notes = TextView(text: item.notes)
/// notes.onChanged { item.notes = notes.text }
/// ```
@MainActor
public final class TextView: Widget {
    /// Creates a text view showing `text`.
    public init(text: String = "") {
        super.init(sinking: GPointer.raw(gtk_text_view_new()))
        gtk_text_view_set_wrap_mode(viewPointer, GTK_WRAP_WORD_CHAR)
        self.text = text
    }

    private var viewPointer: UnsafeMutablePointer<GtkTextView> { reference.typed() }
    private var buffer: UnsafeMutablePointer<GtkTextBuffer> { gtk_text_view_get_buffer(viewPointer) }

    /// The whole text.
    public var text: String {
        get {
            var start = GtkTextIter(), end = GtkTextIter()
            gtk_text_buffer_get_bounds(buffer, &start, &end)
            guard let characters = gtk_text_buffer_get_text(buffer, &start, &end, 0) else { return "" }
            defer { g_free(characters) }
            return String(cString: characters)
        }
        set { gtk_text_buffer_set_text(buffer, newValue, -1) }
    }

    /// Whether the text can be changed.
    public var isEditable: Bool {
        get { gtk_text_view_get_editable(viewPointer) != 0 }
        set { gtk_text_view_set_editable(viewPointer, newValue ? 1 : 0) }
    }

    /// Runs `handler` after every change of the text.
    @discardableResult
    public func onChanged(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        let bufferReference = ObjectReference(sinking: GPointer.raw(buffer))
        return Signal.connect(bufferReference, "changed", handler: handler)
    }
}
