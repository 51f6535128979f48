import CGtk4

/// The MIME types a drag offers (or a drop target accepts), best first.
public struct ContentFormats: Sendable, Hashable, CustomStringConvertible {
    /// MIME types in order.
    public var mimeTypes: [String]

    /// Creates formats from MIME types, best first.
    public init(mimeTypes: [String]) {
        self.mimeTypes = mimeTypes
    }

    init(_ formats: OpaquePointer) {
        var count: Int = 0
        let list = gdk_content_formats_get_mime_types(formats, &count)
        mimeTypes = (0..<count).compactMap { index in list?[index].map { String(cString: $0) } }
    }

    /// Whether `mimeType` is among the formats.
    public func contains(_ mimeType: String) -> Bool {
        mimeTypes.contains(mimeType)
    }

    public var description: String { mimeTypes.joined(separator: ", ") }

    /// A new GdkContentFormats (transfer full).
    func makeGdkFormats() -> OpaquePointer {
        let builder = gdk_content_formats_builder_new()
        for mimeType in mimeTypes {
            gdk_content_formats_builder_add_mime_type(builder, mimeType)
        }
        return gdk_content_formats_builder_free_to_formats(builder)
    }
}
