import CGtk4
import CGtkShim
import DragAndDrop
import DragKitGTK
import Foundation
import ItemProviders
import UniformTypes

/// A window DragKit did not make: a GtkWindow, a GtkBox and two GtkLabels
/// from GTK's C API, the labels given drag and drop through
/// `Widget.borrowing`. Its options take a label out of its box, which
/// holds its only reference, while a drag is under way, for the lifetime
/// tests: `removed` is logged then; GTK destroys the label once nothing of
/// its own uses it any more (the drag's pointer grab lets go when the
/// pointer next moves), and `released` is logged when DragKit has let go
/// of what was attached to it.
@MainActor
enum BorrowedScene {
    private static var box: UnsafeMutablePointer<GtkWidget>?

    static func start(destroyingSourceDuringDrag: Bool, destroyingTargetOnHover: Bool) {
        let window = gtk_window_new()!
        gtk_window_set_title(GPointerCast.window(window), "DragKit Gallery Borrowed")
        gtk_window_set_default_size(GPointerCast.window(window), 400, 160)
        let box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)!
        gtk_box_set_homogeneous(GPointerCast.box(box), 1)
        let source = gtk_label_new("Drag me")!
        let target = gtk_label_new("Drop text here")!
        gtk_box_append(GPointerCast.box(box), source)
        gtk_box_append(GPointerCast.box(box), target)
        gtk_window_set_child(GPointerCast.window(window), box)
        Self.box = box

        let sourceWitness = ReleaseWitness("source")
        Widget.borrowing(source).onDrag {
            _ = sourceWitness
            return ItemProvider(object: "Hello from a borrowed widget")
        }
        let targetWitness = ReleaseWitness("target")
        Widget.borrowing(target).onDrop(of: [.utf8PlainText], isTargeted: { targeted in
            _ = targetWitness
            guard targeted, destroyingTargetOnHover else { return }
            // Not from inside GTK's motion handler: on the next turn of the loop.
            MainLoop.after(milliseconds: 0) { destroy(target, named: "target") }
        }) { providers in
            _ = targetWitness
            Task {
                do {
                    let text = try await providers.first?.loadObject(ofClass: String.self)
                    EventLog.emit("received", ["text": text ?? ""])
                } catch {
                    EventLog.emit("received", ["error": "\(error)"])
                }
            }
            return true
        }
        if destroyingSourceDuringDrag {
            DesktopDragDrop.shared.previewObserver = { _ in
                MainLoop.after(milliseconds: 200) { destroy(source, named: "source") }
            }
        }
        gtk_window_present(GPointerCast.window(window))
        Gallery.announce(xid: { UInt(dk_widget_x11_xid(window)) }, role: "borrowed",
                         widgets: ["source": Widget.borrowing(source), "target": Widget.borrowing(target)])
    }

    /// Takes `label` out of the box, which holds its only reference.
    private static func destroy(_ label: UnsafeMutablePointer<GtkWidget>, named name: String) {
        guard let box, gtk_widget_get_parent(label) == box else { return }
        gtk_box_remove(GPointerCast.box(box), label)
        EventLog.emit("removed", ["widget": name])
    }
}

/// Logs `released` when the closures holding it are let go of.
private final class ReleaseWitness: Sendable {
    let name: String
    init(_ name: String) { self.name = name }
    deinit {
        let name = name
        MainActor.assumeIsolated { EventLog.emit("released", ["widget": name]) }
    }
}

/// The casts GTK's C API needs between its widget types.
private enum GPointerCast {
    static func window(_ widget: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkWindow> {
        UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GtkWindow.self)
    }

    static func box(_ widget: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkBox> {
        UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GtkBox.self)
    }
}
