import CGtk4
import DragKitGTK
import Foundation

/// The holder of one row in a ``ListWidget``: a list item to assistive
/// technologies, the widget that takes the keyboard focus for its row, and
/// the place the app's row widget (or a placeholder's label) sits in.
/// Cells are few (the rows in view plus a margin) and are reused as the
/// list scrolls.
// Swift 6.3 warns "function call causes an infinite recursion" on this
// declaration: a false positive for a subclass, in its own package, of a
// class whose designated initializer is `package` (it is about a
// compiler-made stub that is never called; swiftlang/swift#92023).
@MainActor
final class ListRowCell: Widget {
    /// The app's row widget, or a label for placeholders.
    let content: Widget
    let isPlaceholder: Bool
    /// The presented row the cell shows now (nil: spare).
    var indexPath: IndexPath?

    init(content: Widget, isPlaceholder: Bool) {
        self.content = content
        self.isPlaceholder = isPlaceholder
        super.init(sinking: makeWidget(ofType: gtk_box_get_type(), role: GTK_ACCESSIBLE_ROLE_LIST_ITEM))
        addStyleClass("dragkit-cell")
        content.setExpands(horizontally: true, vertically: true)
        content.addStyleClass("dragkit-row")
        if isPlaceholder { content.addStyleClass("dragkit-placeholder") }
        gtk_box_append(GPointer.typed(GPointer.raw(widgetPointer), as: GtkBox.self), content.widgetPointer)
        isFocusable = false
    }

    /// Whether the cell can take the keyboard focus: only the list's focus
    /// row can, so Tab enters and leaves a list in one step (the listbox pattern).
    var isFocusable: Bool {
        get { gtk_widget_get_focusable(widgetPointer) != 0 }
        set { gtk_widget_set_focusable(widgetPointer, newValue ? 1 : 0) }
    }

    /// Whether assistive technologies hear the row as selected; set only
    /// on a change (every layout pass sets it).
    var isAccessibleSelected = false {
        didSet { if isAccessibleSelected != oldValue { setAccessibleSelected(isAccessibleSelected) } }
    }

    /// Whether the row draws as selected (its content has the style class
    /// `dragkit-selected`); the class changes only on a change, and the
    /// list asks this flag rather than GTK at every layout pass.
    var showsSelected = false {
        didSet {
            guard showsSelected != oldValue else { return }
            if showsSelected { content.addStyleClass("dragkit-selected") } else { content.removeStyleClass("dragkit-selected") }
        }
    }

    var hasFocus: Bool { gtk_widget_has_focus(widgetPointer) != 0 }
}
