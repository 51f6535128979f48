import CGtk4

/// Runs code when GTK destroys a widget (`GtkWidget::destroy`, emitted as
/// the widget is disposed: its window closed, its parent dropped it, its
/// program let go of the last reference), without holding a reference that
/// would keep it alive.
@MainActor
package enum WidgetDestruction {
    /// Calls `body` once, when the widget at `raw` is destroyed.
    package static func onDestroy(_ raw: UnsafeMutableRawPointer, _ body: @escaping @MainActor () -> Void) {
        let box = Unmanaged.passRetained(SignalHandlerBox<Trampoline.VoidHandler>(body)).toOpaque()
        let release: GClosureNotify = { data, _ in
            guard let data else { return }
            Unmanaged<AnyObject>.fromOpaque(data).release()
        }
        // Disconnected by GLib when the object is finalized, which frees the box.
        g_signal_connect_data(raw, "destroy", Signal.callback(Trampoline.void), box, release, GConnectFlags(rawValue: 0))
    }

    /// Whether `raw` points at a GtkWidget (it must point at a GObject).
    static func isWidget(_ raw: UnsafeMutableRawPointer) -> Bool {
        g_type_check_instance_is_a(GPointer.typeInstance(raw), gtk_widget_get_type()) != 0
    }

    /// The GType name of the GObject at `raw` ("GtkAdjustment"), for errors.
    static func typeName(_ raw: UnsafeMutableRawPointer) -> String {
        let type = GPointer.typeInstance(raw).pointee.g_class.pointee.g_type
        return g_type_name(type).map { String(cString: $0) } ?? "an unknown type"
    }
}
