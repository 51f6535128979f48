import CGtk4
import CGtkShim
import DragAndDrop
import DragKitGTK
import Foundation
import ItemProviders
import UniformTypes

/// A list DragKit did not make: a GtkWindow holding a GtkButton and a
/// GtkListBox of fruit rows, made with GTK's C API. The button drags the
/// text "Kiwi" (by pointer, or by keyboard: it has the focus, and
/// Ctrl+Alt+D lifts it); the list box is bound to a `ListView` with
/// `Widget.bindList`, its rows reorder by dragging and take text drops at
/// the position the pointer points at. Logs `list` (the items, and the
/// texts the rows show) after every change, `indicator` when the shown
/// drop position changes, and with `--destroy-list-on-hover` takes the
/// list box out of the window as soon as a drag hovers over it
/// (`removed`), logging `released` once DragKit let go of its binding.
@MainActor
enum BorrowedListScene {
    private static let fruits = ListItems(["Apple", "Banana", "Cherry"])
    private static var model: ListView?
    private static var listBox: UnsafeMutablePointer<GtkWidget>?
    static let rowHeight: Int32 = 40

    static func start(destroyingListOnHover: Bool) {
        let window = gtk_window_new()!
        gtk_window_set_title(CCast.window(window), "DragKit Gallery Borrowed List")
        gtk_window_set_default_size(CCast.window(window), 360, 240)
        let box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12)!
        // A button, so it takes the keyboard focus (a label that is not selectable does not).
        let source = gtk_button_new_with_label("Kiwi")!
        gtk_widget_set_size_request(source, 120, -1)
        let listBox = gtk_list_box_new()!
        gtk_list_box_set_selection_mode(CCast.listBox(listBox), GTK_SELECTION_NONE)
        gtk_widget_set_hexpand(listBox, 1)
        gtk_widget_set_vexpand(listBox, 1)
        gtk_box_append(CCast.box(box), source)
        gtk_box_append(CCast.box(box), listBox)
        gtk_window_set_child(CCast.window(window), box)
        Self.listBox = listBox
        fillRows()

        Widget.borrowing(source).onDrag { ItemProvider(object: "Kiwi") }
        // Ctrl+Alt+D lifts the button when it has the focus (it starts with it).
        DesktopKeyboardDrag.shared.installLiftKey(on: Widget.borrowing(window))

        let model = ListView(name: "fruits", dataSource: fruits, layout: ListRowLayout(width: 0) { _ in 0 })
            .itemProvider { index in ItemProvider(object: fruits.items[index]) }
            .onMove { offsets, destination in
                var items = fruits.items
                items.move(fromOffsets: offsets, toOffset: destination)
                for (index, item) in items.enumerated() { fruits[IndexPath(item: index, section: 0)] = item }
            }
            .onInsert(of: [.utf8PlainText], isTargeted: { targeted in
                guard targeted, destroyingListOnHover else { return }
                // Not from inside GTK's motion handler: on the next turn of the loop.
                MainLoop.after(milliseconds: 0) { removeList() }
            }) { index, providers in
                Task { await insert(providers, at: index) }
            }
        model.onEvent = { event in
            if case .rowsChanged = event { fillRows() }
        }
        Self.model = model
        let binding = Widget.borrowing(listBox).bindList(model)
        let witness = ReleaseWitness()
        binding.onDropIndicator = { indicator in
            _ = witness
            var fields: [String: any Sendable] = [:]
            switch indicator?.hover {
            case .gap(let before)?: fields = ["gap": before.item, "y": Int(indicator?.frame.midY ?? 0)]
            case .highlight(let indexPath)?: fields = ["into": indexPath.item]
            case nil: break
            }
            EventLog.emit("indicator", fields)
        }
        gtk_window_present(CCast.window(window))
        gtk_widget_grab_focus(source)
        var widgets = ["source": Widget.borrowing(source), "list": Widget.borrowing(listBox)]
        var row = gtk_widget_get_first_child(listBox), index = 0
        while let current = row {
            widgets["row\(index)"] = Widget.borrowing(current)
            row = gtk_widget_get_next_sibling(current)
            index += 1
        }
        Gallery.announce(xid: { UInt(dk_widget_x11_xid(window)) }, role: "borrowed-list", widgets: widgets)
    }

    /// Loads the dropped texts and inserts them at `index`.
    private static func insert(_ providers: [ItemProvider], at index: Int) async {
        var texts: [String] = []
        for provider in providers {
            if let text = try? await provider.loadObject(ofClass: String.self) { texts.append(text) }
        }
        guard let model, listBox != nil else { return }
        for (offset, text) in texts.enumerated() {
            fruits.insert(text, at: IndexPath(item: index + offset, section: 0))
        }
        try? model.insertItems(at: texts.indices.map { IndexPath(item: index + $0, section: 0) })
    }

    /// Makes the list box's rows show the model's items (GTK 4.8 has no
    /// `gtk_list_box_remove_all`: the rows are removed one by one).
    private static func fillRows() {
        guard let listBox else { return }
        while let row = gtk_widget_get_first_child(listBox) {
            gtk_list_box_remove(CCast.listBox(listBox), row)
        }
        for item in fruits.items {
            let label = gtk_label_new(item)!
            gtk_widget_set_size_request(label, -1, rowHeight)
            gtk_list_box_append(CCast.listBox(listBox), label)
        }
        logContents()
    }

    private static func logContents() {
        guard let listBox else { return }
        var shown: [String] = []
        var row = gtk_widget_get_first_child(listBox)
        while let current = row {
            if let label = gtk_widget_get_first_child(current), let text = gtk_label_get_text(CCast.label(label)) {
                shown.append(String(cString: text))
            }
            row = gtk_widget_get_next_sibling(current)
        }
        EventLog.emit("list", ["items": fruits.items, "shown": shown])
    }

    /// Takes the list box out of the window, which holds its only reference.
    private static func removeList() {
        guard let listBox, let box = gtk_widget_get_parent(listBox) else { return }
        gtk_box_remove(CCast.box(box), listBox)
        Self.listBox = nil
        EventLog.emit("removed", ["widget": "list"])
    }
}

/// Logs `released` when the binding lets go of the closure holding it.
private final class ReleaseWitness: Sendable {
    deinit {
        MainActor.assumeIsolated { EventLog.emit("released", ["widget": "list"]) }
    }
}

/// The casts GTK's C API needs between its widget types.
private enum CCast {
    static func window(_ widget: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkWindow> {
        UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GtkWindow.self)
    }

    static func box(_ widget: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkBox> {
        UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GtkBox.self)
    }

    /// GtkListBox and GtkLabel are opaque to Swift: their functions take an `OpaquePointer`.
    static func listBox(_ widget: UnsafeMutablePointer<GtkWidget>) -> OpaquePointer {
        OpaquePointer(widget)
    }

    static func label(_ widget: UnsafeMutablePointer<GtkWidget>) -> OpaquePointer {
        OpaquePointer(widget)
    }
}
