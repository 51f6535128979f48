import CGtk4

/// Widgets DragKit did not make: a GtkWidget from C, from another Swift
/// binding or from a GtkBuilder `.ui` file gets every DragKit feature
/// (interactions, the SwiftUI-style modifiers, keyboard drags, drag
/// previews) through its `Widget`.
///
/// ```swift
/// let label = gtk_label_new("Drop text here")!           // made in C
/// Widget.borrowing(label).onDrop(of: [.utf8PlainText]) { providers in
///     // read the providers
///     return true
/// }
/// ```
///
/// Lifetimes follow GObject's rules. The `Widget` holds no reference while
/// the GtkWidget lives, so it never keeps a widget its window or program
/// let go of; DragKit keeps the `Widget` (and what was attached to it) as
/// long as the GtkWidget lives, so `Widget.borrowing(pointer)` need not be
/// stored. When GTK destroys the widget, DragKit detaches its drag source
/// and drop target and lets go of their delegates; a drag from the widget
/// that is under way goes on to its end (its data stays available to the
/// destination), and a drag hovering over it is treated as having left. A
/// `Widget` still held after that keeps a reference to the disposed widget,
/// so its properties stay readable and never point at freed memory.
extension Widget {
    /// The DragKit `Widget` for a GtkWidget made elsewhere (`GtkWidget *`
    /// from C, another binding's pointer): the same instance for the same
    /// widget each time, while the widget lives.
    ///
    /// - Precondition: `pointer` points at a GtkWidget (a GObject of
    ///   another type stops the program with its type's name).
    public static func borrowing(_ pointer: OpaquePointer) -> Widget {
        borrowingWidget(at: UnsafeMutableRawPointer(pointer))
    }

    /// The DragKit `Widget` for a GtkWidget made elsewhere, from a typed
    /// pointer (`UnsafeMutablePointer<GtkWidget>`, as C's `GtkWidget *`
    /// imports into Swift).
    public static func borrowing<Pointee>(_ pointer: UnsafeMutablePointer<Pointee>) -> Widget {
        borrowingWidget(at: UnsafeMutableRawPointer(pointer))
    }

    /// The DragKit `Widget` for a GtkWidget made elsewhere, from an untyped
    /// pointer (`gpointer`).
    public static func borrowing(_ pointer: UnsafeMutableRawPointer) -> Widget {
        borrowingWidget(at: pointer)
    }

    private static func borrowingWidget(at pointer: UnsafeMutableRawPointer) -> Widget {
        if let existing = BorrowedWidgets.live[pointer] { return existing }
        precondition(WidgetDestruction.isWidget(pointer),
                     "Widget.borrowing was given a \(WidgetDestruction.typeName(pointer)), not a GtkWidget: pass the widget itself (for a .ui file, the id of a widget element).")
        let widget = Widget(borrowed: ObjectReference(borrowing: pointer))
        BorrowedWidgets.live[pointer] = widget
        WidgetDestruction.onDestroy(pointer) {
            // Whoever still holds the Swift wrapper reads a disposed widget,
            // never freed memory.
            widget.reference.retain()
            BorrowedWidgets.live[pointer] = nil
        }
        return widget
    }
}

/// The `Widget`s of borrowed GtkWidgets, kept while the GtkWidgets live.
@MainActor
enum BorrowedWidgets {
    static var live: [UnsafeMutableRawPointer: Widget] = [:]
}
