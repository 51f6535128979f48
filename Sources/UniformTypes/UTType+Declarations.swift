extension UTType {
    /// A type the app owns and exports. Skeleton: registers the type with
    /// `parents` if it is not known yet.
    public init(exportedAs identifier: String, conformingTo parent: UTType? = nil) {
        let parents = [(parent ?? .data).identifier]
        self.init(record: TypeRegistry.shared.knownRecord(forIdentifier: identifier)
                  ?? TypeRegistry.shared.register(identifier, parents: parents, tags: [:]))
    }

    /// A type another app owns that this app uses.
    public init(importedAs identifier: String, conformingTo parent: UTType? = nil) {
        self.init(exportedAs: identifier, conformingTo: parent)
    }
}

extension UTType {
    /// The type tagged with `mimeType` (parameters such as `;charset=` are
    /// understood) that conforms to `supertype`, or `nil`.
    public init?(mimeType: String, conformingTo supertype: UTType = .data) {
        guard let first = UTType.types(tag: mimeType, tagClass: .mimeType, conformingTo: supertype).first else { return nil }
        self = first
    }

    /// The type tagged with `filenameExtension` that conforms to `supertype`.
    public init?(filenameExtension: String, conformingTo supertype: UTType = .data) {
        guard let first = UTType.types(tag: filenameExtension, tagClass: .filenameExtension, conformingTo: supertype).first else { return nil }
        self = first
    }

    /// Every type carrying `tag` in `tagClass` that conforms to `supertype`.
    public static func types(tag: String, tagClass: UTTagClass, conformingTo supertype: UTType? = nil) -> [UTType] {
        let wanted = tag.lowercased()
        return SystemTypeTable.entries.compactMap { entry in
            guard entry.tags[tagClass]?.contains(wanted) == true else { return nil }
            let type = UTType.system(entry.identifier)
            return supertype.map { type.conforms(to: $0) } ?? true ? type : nil
        }
    }
}
