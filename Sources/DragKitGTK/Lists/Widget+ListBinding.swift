import DragAndDrop
import Foundation

extension Widget {
    /// Makes this widget, a list the program draws itself (a GtkListBox,
    /// GtkBox or GtkListView made in C, by another binding or from a `.ui`
    /// file), take `model`'s drags and drops: rows lift under the pointer
    /// and drops land at the index path it points at, with the model's
    /// delegates or SwiftUI-style modifiers deciding, as in DragKit's own
    /// list widget. Keyboard drags and the clipboard work on it as on any
    /// widget.
    ///
    /// ```swift
    /// let fruits = ListItems(["Apple", "Banana", "Cherry"])
    /// let model = ListView(dataSource: fruits, layout: ListRowLayout(width: 0) { _ in 0 })
    ///     .onMove { offsets, destination in fruits.move(fromOffsets: offsets, toOffset: destination) }
    ///     .onInsert(of: [.utf8PlainText]) { index, providers in /* load, insert, model.insertItems */ }
    /// model.onEvent = { event in
    ///     if case .rowsChanged = event { rebuildRows() }  // the GtkListBox's rows from `fruits`
    /// }
    /// Widget.borrowing(listBox).bindList(model)      // listBox: GtkListBox *
    /// ```
    ///
    /// The model's layout becomes one reading `rows` from the widget (the
    /// layout it was made with is replaced), so index paths always match
    /// what is on screen. The program keeps its rows in step with the
    /// model: after every `ListViewEvent.rowsChanged` the widget shows the
    /// model's presented rows. Set `model.onEvent` before binding, or call
    /// the handler it had: the binding chains its own.
    ///
    /// The drop position shows on the row widgets (see
    /// ``ListBinding/showsDropIndicator``) and reaches
    /// ``ListBinding/onDropIndicator``, for a program that draws its own.
    ///
    /// Lifetimes follow GObject's rules: DragKit keeps the binding while
    /// the widget lives and lets go of it, its drag source and drop target
    /// when GTK destroys the widget; a drag hovering over it then has left
    /// it, and one lifted from it goes on to its end.
    ///
    /// - Parameters:
    ///   - model: The list model; held by the binding while the widget lives.
    ///   - rows: Where the widget shows its rows (its children unless told).
    /// - Returns: The binding, for its indicator settings; it need not be
    ///   kept. Binding the same model again returns it.
    /// - Precondition: The widget takes one list model (binding another
    ///   stops the program with a message saying so).
    @discardableResult
    public func bindList(_ model: ListView, rows: WidgetListRows = .children) -> ListBinding {
        let raw = reference.raw
        if let existing = BoundLists.live[raw] {
            precondition(existing.model === model,
                         "bindList: this widget already shows another ListView; a widget takes drags and drops for one list model.")
            return existing
        }
        let layout = WidgetRowLayout(widget: self, rows: rows)
        model.layout = layout
        let binding = ListBinding(model: model, widget: self) { [weak layout] indexPath in
            layout?.rowWidget(at: indexPath)
        }
        binding.observeModel()
        DesktopKeyboardDrag.shared.registerList(model, in: self) { [weak self] in
            CGRect(origin: .zero, size: self?.size ?? .zero)
        }
        BoundLists.live[raw] = binding
        WidgetDestruction.onDestroy(raw) {
            BoundLists.live[raw]?.widgetDestroyed()
            BoundLists.live[raw] = nil
        }
        return binding
    }
}

/// The list bindings of widgets, kept while the widgets live.
@MainActor
enum BoundLists {
    static var live: [UnsafeMutableRawPointer: ListBinding] = [:]
}
