import UniformTypes

/// What `describe` and `for-file` print about a type. The JSON keys are the
/// documented interface of `dragkit types describe --json`.
struct TypeDescription {
    let identifier: String
    let conformsTo: [String]
    let supertypes: [String]
    let preferredMIMEType: String?
    let mimeTypes: [String]
    let preferredFilenameExtension: String?
    let filenameExtensions: [String]
    let dynamic: Bool
    let origin: String
    let description: String?

    init(_ type: UTType) {
        identifier = type.identifier
        conformsTo = type.directSupertypes.map(\.identifier)
        supertypes = type.orderedSupertypes.map(\.identifier)
        preferredMIMEType = type.preferredMIMEType
        mimeTypes = type.tags[.mimeType] ?? []
        preferredFilenameExtension = type.preferredFilenameExtension
        filenameExtensions = type.tags[.filenameExtension] ?? []
        dynamic = type.isDynamic
        origin = type.origin.rawValue
        description = type.localizedDescription
    }

    /// The fields in the documented key order; absent values are `null`,
    /// so every key is always there.
    var jsonFields: [(key: String, value: JSONText)] {
        [
            ("identifier", .string(identifier)),
            ("conformsTo", .strings(conformsTo)),
            ("supertypes", .strings(supertypes)),
            ("preferredMIMEType", preferredMIMEType.map(JSONText.string) ?? .null),
            ("mimeTypes", .strings(mimeTypes)),
            ("preferredFilenameExtension", preferredFilenameExtension.map(JSONText.string) ?? .null),
            ("filenameExtensions", .strings(filenameExtensions)),
            ("dynamic", .bool(dynamic)),
            ("origin", .string(origin)),
        ]
    }

    func json() -> String {
        JSONText.object(jsonFields)
    }

    /// Labelled lines for a person.
    func text() -> String {
        func list(_ values: [String], preferred: String?) -> String {
            guard !values.isEmpty else { return "none" }
            return values.map { $0 == preferred ? "\($0) (preferred)" : $0 }.joined(separator: ", ")
        }
        var lines = [identifier]
        if let description { lines.append("  description:  \(description)") }
        lines.append("  origin:       \(origin)")
        lines.append("  conforms to:  \(conformsTo.isEmpty ? "nothing" : conformsTo.joined(separator: ", "))")
        lines.append("  supertypes:   \(supertypes.isEmpty ? "none" : supertypes.joined(separator: ", "))")
        lines.append("  MIME types:   \(list(mimeTypes, preferred: preferredMIMEType))")
        lines.append("  extensions:   \(list(filenameExtensions, preferred: preferredFilenameExtension))")
        return lines.joined(separator: "\n")
    }
}
