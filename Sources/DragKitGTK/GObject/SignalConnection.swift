import CGtk4

/// A Swift closure connected to a GObject signal. The closure lives as long
/// as the connection in GTK (released by GLib when the handler goes away);
/// `disconnect()` ends it early.
@MainActor
public final class SignalConnection {
    private let instance: ObjectReference
    private var handlerID: gulong

    package init(instance: ObjectReference, handlerID: gulong) {
        self.instance = instance
        self.handlerID = handlerID
    }

    /// Disconnects the handler; later emissions no longer reach the closure.
    public func disconnect() {
        guard handlerID != 0 else { return }
        g_signal_handler_disconnect(instance.raw, handlerID)
        handlerID = 0
    }
}
