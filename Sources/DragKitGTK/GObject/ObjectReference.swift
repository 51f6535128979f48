import CGtk4

/// One strong reference on a GObject, dropped when this value is released.
///
/// Floating references (fresh widgets and controllers) are sunk, so the
/// Swift wrapper and GTK's containers can share the object safely.
///
/// A borrowed reference (``init(borrowing:)``) holds none: the object lives
/// by GObject's rules (its parent, a builder, the program that made it),
/// and ``retain()`` takes one only when the object is being destroyed, so
/// Swift code still holding the wrapper reads a disposed object rather than
/// freed memory.
@MainActor
package final class ObjectReference {
    package let raw: UnsafeMutableRawPointer
    /// Whether this value holds a reference it must drop.
    private var owns: Bool

    package init(sinking raw: UnsafeMutableRawPointer) {
        self.raw = raw
        owns = true
        g_object_ref_sink(raw)
    }

    /// Adopts a reference the caller already owns (a `transfer full` return).
    package init(adopting raw: UnsafeMutableRawPointer) {
        self.raw = raw
        owns = true
    }

    /// Points at an object someone else keeps alive, holding no reference.
    package init(borrowing raw: UnsafeMutableRawPointer) {
        self.raw = raw
        owns = false
    }

    /// Takes a reference now if this value holds none (see ``init(borrowing:)``).
    package func retain() {
        guard !owns else { return }
        g_object_ref(raw)
        owns = true
    }

    isolated deinit {
        if owns { g_object_unref(raw) }
    }

    package var opaque: OpaquePointer { OpaquePointer(raw) }

    package func typed<T>(as type: T.Type = T.self) -> UnsafeMutablePointer<T> {
        GPointer.typed(raw, as: T.self)
    }
}
