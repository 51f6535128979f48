import CGtk4

/// Conversions between the two shapes GTK pointers take in Swift: types with a
/// public C struct (GtkWidget, GtkWindow, GObject, GInputStream) import as
/// `UnsafeMutablePointer<T>`, the others (GtkLabel, GdkDrop, GtkDragSource)
/// as `OpaquePointer`. Every cast in the module goes through here, so a
/// mismatch is a compile error in one place rather than many.
package enum GPointer {
    package static func raw<T>(_ pointer: UnsafeMutablePointer<T>) -> UnsafeMutableRawPointer {
        UnsafeMutableRawPointer(pointer)
    }

    package static func raw(_ pointer: OpaquePointer) -> UnsafeMutableRawPointer {
        UnsafeMutableRawPointer(pointer)
    }

    package static func typed<T>(_ raw: UnsafeMutableRawPointer, as type: T.Type = T.self) -> UnsafeMutablePointer<T> {
        raw.assumingMemoryBound(to: T.self)
    }

    package static func typed<T>(_ pointer: OpaquePointer, as type: T.Type = T.self) -> UnsafeMutablePointer<T> {
        UnsafeMutableRawPointer(pointer).assumingMemoryBound(to: T.self)
    }

    package static func opaque<T>(_ pointer: UnsafeMutablePointer<T>) -> OpaquePointer {
        OpaquePointer(pointer)
    }

    package static func object<T>(_ pointer: UnsafeMutablePointer<T>) -> UnsafeMutablePointer<GObject> {
        UnsafeMutableRawPointer(pointer).assumingMemoryBound(to: GObject.self)
    }

    /// The pointer as a GTypeInstance, for type checks (`g_type_check_instance_is_a`).
    package static func typeInstance(_ raw: UnsafeMutableRawPointer) -> UnsafeMutablePointer<GTypeInstance> {
        raw.assumingMemoryBound(to: GTypeInstance.self)
    }

    package static func typeInstance<T>(_ pointer: UnsafeMutablePointer<T>) -> UnsafeMutablePointer<GTypeInstance> {
        UnsafeMutableRawPointer(pointer).assumingMemoryBound(to: GTypeInstance.self)
    }

    package static func object(_ pointer: OpaquePointer) -> UnsafeMutablePointer<GObject> {
        UnsafeMutableRawPointer(pointer).assumingMemoryBound(to: GObject.self)
    }
}
