import CGtk4

@MainActor
package enum Signal {
    /// Connects `handler`, boxed and retained until GLib destroys the handler.
    /// `trampoline` is a non-capturing `@convention(c)` function matching the
    /// signal's C signature that unboxes `SignalHandlerBox<Handler>`.
    package static func connect<Handler>(
        _ instance: ObjectReference, _ name: String, trampoline: GCallback, handler: Handler
    ) -> SignalConnection {
        let box = Unmanaged.passRetained(SignalHandlerBox(handler)).toOpaque()
        let release: GClosureNotify = { data, _ in
            guard let data else { return }
            Unmanaged<AnyObject>.fromOpaque(data).release()
        }
        let id = g_signal_connect_data(instance.raw, name, trampoline, box, release, GConnectFlags(rawValue: 0))
        return SignalConnection(instance: instance, handlerID: id)
    }

    /// Connects `handler` to a signal whose C handler takes only the
    /// instance and user data (`clicked`, `changed`, `toggled`, ...).
    package static func connect(_ instance: ObjectReference, _ name: String, handler: @escaping Trampoline.VoidHandler) -> SignalConnection {
        connect(instance, name, trampoline: callback(Trampoline.void), handler: handler)
    }

    package static func callback<F>(_ function: F) -> GCallback {
        unsafeBitCast(function, to: GCallback.self)
    }
}
