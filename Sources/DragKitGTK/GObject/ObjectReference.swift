import CGtk4

/// One strong reference on a GObject, dropped when this value is released.
///
/// Floating references (fresh widgets and controllers) are sunk, so the
/// Swift wrapper and GTK's containers can share the object safely.
@MainActor
final class ObjectReference {
    let raw: UnsafeMutableRawPointer

    init(sinking raw: UnsafeMutableRawPointer) {
        self.raw = raw
        g_object_ref_sink(raw)
    }

    /// Adopts a reference the caller already owns (a `transfer full` return).
    init(adopting raw: UnsafeMutableRawPointer) {
        self.raw = raw
    }

    isolated deinit {
        g_object_unref(raw)
    }

    var opaque: OpaquePointer { OpaquePointer(raw) }

    func typed<T>(as type: T.Type = T.self) -> UnsafeMutablePointer<T> {
        GPointer.typed(raw, as: T.self)
    }
}
