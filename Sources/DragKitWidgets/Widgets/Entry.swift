import CGtk4
import DragKitGTK

/// A one-line text field (GtkEntry) with a placeholder, change and Enter
/// handlers, and an error look for input that is refused.
///
/// ```swift
/// let latitude = Entry(placeholder: "Latitude, e.g. 51.5")
/// latitude.onChanged {
///     latitude.showsError = Double(latitude.text) == nil
/// }
/// ```
@MainActor
public final class Entry: Widget {
    /// Creates an empty entry showing `placeholder` while empty.
    public init(text: String = "", placeholder: String = "") {
        super.init(sinking: GPointer.raw(gtk_entry_new()))
        self.text = text
        self.placeholder = placeholder
        // Named by what it asks for until a label names it
        // (``labelled(by:)``): never just "GtkEntry".
        if !placeholder.isEmpty { accessibleLabel = placeholder }
    }

    /// Names the entry by `label`, the label beside it: screen readers say
    /// the label's text for the entry. (Not through GTK's labelled-by
    /// relation: GTK 4.8 reads that relation and the entry's own name one
    /// after the other, "Name Name".)
    public func labelled(by label: Label) {
        accessibleLabel = label.text
    }

    private var entryPointer: UnsafeMutablePointer<GtkEntry> { reference.typed() }
    private var editablePointer: OpaquePointer { reference.opaque }

    /// The text typed.
    public var text: String {
        get { String(cString: gtk_editable_get_text(editablePointer)) }
        set { gtk_editable_set_text(editablePointer, newValue) }
    }

    /// Grey text shown while the entry is empty, saying what to type.
    public var placeholder: String {
        get { gtk_entry_get_placeholder_text(entryPointer).map { String(cString: $0) } ?? "" }
        set { gtk_entry_set_placeholder_text(entryPointer, newValue) }
    }

    /// Whether the entry shows that its text is refused (the theme's
    /// "error" style: red outline). Say why next to it, for example in its
    /// `Widget/tooltip` or a label below.
    public var showsError: Bool {
        get { hasStyleClass("error") }
        set { newValue ? addStyleClass("error") : removeStyleClass("error") }
    }

    /// Whether the text can be changed.
    public var isEditable: Bool {
        get { gtk_editable_get_editable(editablePointer) != 0 }
        set { gtk_editable_set_editable(editablePointer, newValue ? 1 : 0) }
    }

    /// Whether Ctrl+Z in the entry undoes its own typing (GTK's default).
    /// Turn it off where Ctrl+Z should reach the app's undo.
    public var undoesTyping: Bool {
        get { gtk_editable_get_enable_undo(editablePointer) != 0 }
        set { gtk_editable_set_enable_undo(editablePointer, newValue ? 1 : 0) }
    }

    /// Selects all the text (as when the entry is reached with Tab).
    public func selectAll() {
        gtk_editable_select_region(editablePointer, 0, -1)
    }

    /// Runs `handler` after every change of the text (typing or setting it).
    @discardableResult
    public func onChanged(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        Signal.connect(reference, "changed", handler: handler)
    }

    /// Runs `handler` when Enter is pressed in the entry.
    @discardableResult
    public func onActivate(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        Signal.connect(reference, "activate", handler: handler)
    }
}
