import CGtk4
import Foundation

/// A GtkBuilder: windows and widgets described in a `.ui` file, found by
/// their ids, with DragKit's drag and drop on any of them.
///
/// ```swift
/// let builder = try Builder(contentsOf: URL(fileURLWithPath: "window.ui"))
/// let window = try builder.widget("window")
/// try builder.widget("basket").onDrop(of: [.utf8PlainText]) { providers in
///     // read the providers
///     return true
/// }
/// gtk_window_present(window.unsafeWidgetPointer)
/// ```
///
/// The builder keeps every object it made until it is released itself
/// (GtkBuilder's rule); windows stay open after that until they are closed.
@MainActor
public final class Builder {
    let reference: ObjectReference

    /// Reads the `.ui` file at `url`.
    ///
    /// - Throws: ``GtkBackendError`` with code `.interfaceUnreadable` when
    ///   the file is missing or is not a valid GtkBuilder description
    ///   (GTK's message says where).
    public convenience init(contentsOf url: URL) throws(GtkBackendError) {
        try self.init(source: "\(url.path)") { builder, error in
            gtk_builder_add_from_file(builder, url.path, &error)
        }
    }

    /// Reads a GtkBuilder description from `xml`.
    ///
    /// - Throws: ``GtkBackendError`` with code `.interfaceUnreadable` when
    ///   `xml` is not a valid GtkBuilder description.
    public convenience init(xml: String) throws(GtkBackendError) {
        try self.init(source: "the interface description") { builder, error in
            gtk_builder_add_from_string(builder, xml, -1, &error)
        }
    }

    private init(source: String, load: (OpaquePointer, inout UnsafeMutablePointer<GError>?) -> gboolean) throws(GtkBackendError) {
        let builder = gtk_builder_new()!
        reference = ObjectReference(adopting: GPointer.raw(builder))
        var error: UnsafeMutablePointer<GError>?
        guard load(builder, &error) != 0 else {
            let message = error.map { String(cString: $0.pointee.message) } ?? "GTK gave no reason"
            if let error { g_error_free(error) }
            throw GtkBackendError(code: .interfaceUnreadable,
                                  description: "GTK could not read \(source): \(message). Check the file against GTK 4's .ui format.")
        }
    }

    /// The widget with id `id`, ready for interactions and modifiers.
    ///
    /// - Throws: ``GtkBackendError`` with code `.objectNotFound` when no
    ///   object has that id (the message lists the ids there are), or
    ///   `.notAWidget` when the object is not a widget.
    public func widget(_ id: String) throws(GtkBackendError) -> Widget {
        guard let object = gtk_builder_get_object(reference.opaque, id) else {
            let known = ids.sorted().map { "'\($0)'" }.joined(separator: ", ")
            throw GtkBackendError(code: .objectNotFound,
                                  description: "The interface has no object with id '\(id)'. Its ids: \(known.isEmpty ? "none" : known).")
        }
        let raw = GPointer.raw(object)
        guard WidgetDestruction.isWidget(raw) else {
            throw GtkBackendError(code: .notAWidget,
                                  description: "The object '\(id)' is a \(WidgetDestruction.typeName(raw)), not a widget, so it cannot take drags or drops.")
        }
        return Widget.borrowing(raw)
    }

    /// The object with id `id` (any GObject, such as a list model or an
    /// adjustment) for GTK's C API, or nil when there is none; the builder
    /// keeps it alive.
    public func object(_ id: String) -> OpaquePointer? {
        gtk_builder_get_object(reference.opaque, id).map { OpaquePointer(GPointer.raw($0)) }
    }

    /// The id GtkBuilder gave `object`: buildable objects (widgets) keep it
    /// themselves, others (models, adjustments) as object data.
    private static func buildableID(of object: UnsafeMutableRawPointer) -> String? {
        if g_type_check_instance_is_a(GPointer.typeInstance(object), gtk_buildable_get_type()) != 0 {
            return gtk_buildable_get_buildable_id(OpaquePointer(object)).map { String(cString: $0) }
        }
        return g_object_get_data(GPointer.typed(object, as: GObject.self), "gtk-builder-id")
            .map { String(cString: $0.assumingMemoryBound(to: CChar.self)) }
    }

    /// The ids of the objects the builder made.
    public var ids: [String] {
        guard let list = gtk_builder_get_objects(reference.opaque) else { return [] }
        defer { g_slist_free(list) }
        var result: [String] = []
        var node: UnsafeMutablePointer<GSList>? = list
        while let current = node {
            if let data = current.pointee.data, let id = Self.buildableID(of: data) {
                result.append(id)
            }
            node = current.pointee.next
        }
        return result
    }
}
