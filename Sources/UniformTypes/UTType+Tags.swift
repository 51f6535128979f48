extension UTType {
    /// Every tag of this type, by class, preferred tag first. System types
    /// also carry the aliases and glob extensions the desktop's MIME database
    /// gives them.
    public var tags: [UTTagClass: [String]] { record.tags }

    /// The MIME type to offer this type's data under, if it has one.
    public var preferredMIMEType: String? { record.tags[.mimeType]?.first }

    /// The filename extension to save this type's data with, if it has one.
    public var preferredFilenameExtension: String? { record.tags[.filenameExtension]?.first }

    /// The type tagged with `tag` that conforms to `supertype`, or else a
    /// dynamic type for the tag conforming to `supertype`.
    ///
    /// When `supertype` is public.data and only a file-system node carries
    /// the tag, that node's type is the answer: `inode/directory` gives
    /// ``folder``, not a dynamic type claiming a folder is data.
    ///
    /// Returns `nil` when the tag is malformed (a MIME type must be
    /// `type/subtype`, an extension has no leading dot) or `supertype` is not
    /// a known type.
    public init?(tag: String, tagClass: UTTagClass, conformingTo supertype: UTType?) {
        let registry = TypeRegistry.shared
        guard let record = registry.record(tag: tag, tagClass: tagClass, conformingTo: supertype?.record ?? registry.data) else {
            return nil
        }
        self.init(record: record)
    }

    /// The type tagged with `mimeType` that conforms to `supertype`, or a
    /// dynamic type. Parameters are understood:
    ///
    /// ```swift
    /// UTType(mimeType: "text/plain;charset=utf-8")   // public.utf8-plain-text
    /// UTType(mimeType: "text/plain; charset=latin1") // public.plain-text
    /// UTType(mimeType: "application/x-pdf")          // com.adobe.pdf (the desktop's alias)
    /// UTType(mimeType: "inode/directory")            // public.folder
    /// UTType(mimeType: "application/x-unknown")      // a dyn. type, conforms to public.data
    /// UTType(mimeType: "not a MIME type")            // nil
    /// ```
    public init?(mimeType: borrowing String, conformingTo supertype: borrowing UTType = .data) {
        // Straight to the registry: going through init(tag:...) would wrap
        // the supertype in an optional and cost reference counting per call.
        guard let record = TypeRegistry.shared.record(tag: mimeType, tagClass: .mimeType, conformingTo: supertype.record) else {
            return nil
        }
        self.init(record: record)
    }

    /// ``init(mimeType:conformingTo:)`` as a kind of public.data, the
    /// common case: the registry's own record for public.data is used, so
    /// a call copies no ``data``.
    public init?(mimeType: borrowing String) {
        let registry = TypeRegistry.shared
        guard let record = registry.record(tag: mimeType, tagClass: .mimeType, conformingTo: registry.data) else { return nil }
        self.init(record: record)
    }

    /// The type tagged with `filenameExtension` (without the dot, any case)
    /// that conforms to `supertype`, or a dynamic type.
    ///
    /// ```swift
    /// UTType(filenameExtension: "JPG")                        // public.jpeg
    /// UTType(filenameExtension: "bundle", conformingTo: .directory)  // a dyn. directory type
    /// ```
    public init?(filenameExtension: borrowing String, conformingTo supertype: borrowing UTType = .data) {
        guard let record = TypeRegistry.shared.record(tag: filenameExtension, tagClass: .filenameExtension,
                                                      conformingTo: supertype.record) else {
            return nil
        }
        self.init(record: record)
    }

    /// ``init(filenameExtension:conformingTo:)`` as a kind of public.data,
    /// the common case, copying no ``data`` (see ``init(mimeType:)``).
    public init?(filenameExtension: borrowing String) {
        // Spelled out as in init(mimeType:): delegating to a shared
        // initializer adds a call and reference counting per lookup.
        let registry = TypeRegistry.shared
        guard let record = registry.record(tag: filenameExtension, tagClass: .filenameExtension, conformingTo: registry.data) else {
            return nil
        }
        self.init(record: record)
    }

    /// Every known type carrying `tag` in `tagClass` that conforms to
    /// `supertype`, best first: system types, the app's exported then
    /// imported types, then the desktop MIME database's own types. Never
    /// makes a dynamic type, so the result may be empty.
    public static func types(tag: String, tagClass: UTTagClass, conformingTo supertype: UTType? = nil) -> [UTType] {
        let registry = TypeRegistry.shared
        // With no supertype: the list kept with the key, made the first time.
        if supertype == nil, let list = registry.rememberedList(tag: tag, tagClass: tagClass, make: TypeList.init) {
            return list.types
        }
        // A plain MIME type or extension: the base types straight from the
        // interned tags, without the general path's key strings.
        if let quick = registry.quickKnownRecords(tag: tag, tagClass: tagClass, conformingTo: supertype?.record) {
            return quick.map(UTType.init(record:))
        }
        return registry.knownRecords(tag: tag, tagClass: tagClass, conformingTo: supertype?.record).map(UTType.init(record:))
    }
}

/// The types carrying one tag, made once and kept with the registry's
/// remembered key (``TypeRegistry/rememberedList(tag:tagClass:make:)``).
final class TypeList: Sendable {
    let types: [UTType]

    /// The types of `count` records, each from `record(place)`; `nil` when
    /// one cannot be had.
    init?(count: Int, record: (Int) -> TypeRecord?) {
        // Records first, then the array by a `map`, whose `[UTType]`
        // metadata the compiler writes.
        let made = withUnsafeTemporaryAllocation(of: Unmanaged<TypeRecord>.self, capacity: count) { records -> [UTType]? in
            // Not retained: the registry's record store keeps them.
            for place in 0..<count {
                guard let found = record(place) else { return nil }
                (records.baseAddress! + place).initialize(to: .passUnretained(found))
            }
            return (0..<count).map { place in UTType(record: records[place].takeUnretainedValue()) }
        }
        guard let made else { return nil }
        types = made
    }
}
