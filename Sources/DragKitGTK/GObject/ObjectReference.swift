import CGtk4

/// One strong reference on a GObject, dropped when this value is released.
///
/// Floating references (fresh widgets and controllers) are sunk, so the
/// Swift wrapper and GTK's containers can share the object safely.
@MainActor
package final class ObjectReference {
    package let raw: UnsafeMutableRawPointer

    package init(sinking raw: UnsafeMutableRawPointer) {
        self.raw = raw
        g_object_ref_sink(raw)
    }

    /// Adopts a reference the caller already owns (a `transfer full` return).
    package init(adopting raw: UnsafeMutableRawPointer) {
        self.raw = raw
    }

    isolated deinit {
        g_object_unref(raw)
    }

    package var opaque: OpaquePointer { OpaquePointer(raw) }

    package func typed<T>(as type: T.Type = T.self) -> UnsafeMutablePointer<T> {
        GPointer.typed(raw, as: T.self)
    }
}
