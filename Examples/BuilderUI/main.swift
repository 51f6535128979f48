// A window described in a GtkBuilder .ui file (window.ui), with DragKit's
// drag and drop on two of its widgets, found by their ids.
import CGtk4
import DragKitGTK
import Foundation
import ItemProviders

try MainLoop.initialize()  // gtk_init, and Swift's main actor on GTK's main loop

let builder = try Builder(contentsOf: Bundle.module.url(forResource: "window", withExtension: "ui")!)
let window = try builder.widget("window")
let basket = try builder.widget("basket")

try builder.widget("source").onDrag { ItemProvider(object: "Hello from a .ui file") }
basket.onDrop(of: [.utf8PlainText]) { providers in
    Task {
        guard let text = try? await providers.first?.loadObject(ofClass: String.self) else { return }
        gtk_label_set_text(basket.unsafeWidgetPointer, text)
        FileHandle.standardOutput.write(Data("Dropped: \(text)\n".utf8))
    }
    return true
}

gtk_window_present(UnsafeMutableRawPointer(window.unsafeWidgetPointer).assumingMemoryBound(to: GtkWindow.self))
while g_list_model_get_n_items(gtk_window_get_toplevels()) > 0 { g_main_context_iteration(nil, 1) }
