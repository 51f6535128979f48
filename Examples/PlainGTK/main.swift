// A GTK 4 window written against GTK's C API, with DragKit's drag and drop:
// the left label drags a line of text, the right one takes text dropped on it
// (from this window, another DragKit program or any other app).
import CGtk4
import DragKitGTK
import Foundation
import ItemProviders

try MainLoop.initialize()  // gtk_init, and Swift's main actor on GTK's main loop

let window = gtk_window_new()!
let box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)!
let source = gtk_label_new("Drag me")!
let target = gtk_label_new("Drop text here")!
gtk_window_set_title(UnsafeMutableRawPointer(window).assumingMemoryBound(to: GtkWindow.self), "Plain GTK")
gtk_window_set_default_size(UnsafeMutableRawPointer(window).assumingMemoryBound(to: GtkWindow.self), 400, 160)
gtk_box_set_homogeneous(UnsafeMutableRawPointer(box).assumingMemoryBound(to: GtkBox.self), 1)
gtk_box_append(UnsafeMutableRawPointer(box).assumingMemoryBound(to: GtkBox.self), source)
gtk_box_append(UnsafeMutableRawPointer(box).assumingMemoryBound(to: GtkBox.self), target)
gtk_window_set_child(UnsafeMutableRawPointer(window).assumingMemoryBound(to: GtkWindow.self), box)

Widget.borrowing(source).onDrag { ItemProvider(object: "Hello from plain GTK") }
Widget.borrowing(target).onDrop(of: [.utf8PlainText]) { providers in
    Task {
        guard let text = try? await providers.first?.loadObject(ofClass: String.self) else { return }
        gtk_label_set_text(OpaquePointer(target), text)
        FileHandle.standardOutput.write(Data("Dropped: \(text)\n".utf8))
    }
    return true
}

gtk_window_present(UnsafeMutableRawPointer(window).assumingMemoryBound(to: GtkWindow.self))
while g_list_model_get_n_items(gtk_window_get_toplevels()) > 0 { g_main_context_iteration(nil, 1) }
