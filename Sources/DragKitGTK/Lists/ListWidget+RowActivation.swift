import CGtk4
import Foundation

extension ListWidget {
    /// Calls `handler` with the index path of the row a person clicks
    /// (a press and release without a drag in between), for lists whose rows
    /// open or select something. Clicks on placeholders and empty space are
    /// ignored.
    ///
    /// ```swift
    /// lists.onRowActivated { indexPath in show(model.lists[indexPath.item]) }
    /// ```
    public func onRowActivated(_ handler: @escaping @MainActor (IndexPath) -> Void) {
        let gesture = ObjectReference(sinking: GPointer.raw(gtk_gesture_click_new()))
        content.add(controller: gesture)
        // The widget owns the gesture and GLib the handler: nothing to keep.
        _ = Signal.connect(gesture, "released", trampoline: Signal.callback(RowActivation.released),
                                        handler: { [weak self] (x: Double, y: Double) in
            guard let self, let indexPath = model.indexPathForItem(at: CGPoint(x: x, y: y)),
                  case .item(let item)? = model.row(at: indexPath) else { return }
            handler(item)
        } as Trampoline.PointHandler)
    }
}

/// The trampoline of GtkGestureClick's `released` (n_press, x, y).
enum RowActivation {
    static let released: @convention(c) (gpointer?, Int32, Double, Double, gpointer?) -> Void = { _, _, x, y, data in
        nonisolated(unsafe) let data = data
        MainActor.assumeIsolated { SignalHandlerBox<Trampoline.PointHandler>.from(data).handler(x, y) }
    }
}
