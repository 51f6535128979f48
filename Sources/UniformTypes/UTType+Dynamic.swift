extension UTType {
    /// Whether this is a dynamic (`dyn.`) type, made for a tag nothing
    /// declares. Its identifier gives the tag back:
    ///
    /// ```swift
    /// let type = UTType(filenameExtension: "qqq")!
    /// type.isDynamic                                  // true
    /// UTType(type.identifier)!.dynamicTag?.tag       // "qqq"
    /// type.conforms(to: .data)                        // true
    /// ```
    public var isDynamic: Bool { record.origin == .dynamic }

    /// For a dynamic type, the tag and tag class its identifier encodes.
    public var dynamicTag: (tagClass: UTTagClass, tag: String)? {
        record.dynamicTag.map { ($0.tagClass, $0.tag) }
    }
}
