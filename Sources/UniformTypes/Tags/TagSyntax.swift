/// Checks and folds tags before they are looked up or declared.
enum TagSyntax {
    /// What checking a tag found: the forms it is looked up under, or why
    /// it is invalid (not a `Result`, whose metadata a first query would pay).
    enum Checked {
        case keys([String])
        case invalid(String)
    }

    /// The forms a tag is indexed and looked up under, or why it is
    /// invalid. MIME types and filename extensions are case-insensitive.
    static func check(_ tag: String, tagClass: UTTagClass) -> Checked {
        if tag.isEmpty { return .invalid("it is empty") }
        if tag.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F })
            || (!tag.utf8.allSatisfy { $0 < 0x80 } && tag.unicodeScalars.contains { $0.properties.generalCategory == .control }) {
            return .invalid("it contains a control character")
        }
        switch tagClass {
        case .mimeType:
            if let essence = MIMETypeString.plainEssence(tag) { return .keys([essence]) }
            guard let mime = MIMETypeString(tag) else {
                return .invalid("expected TYPE/SUBTYPE with optional ;NAME=VALUE parameters, as in text/plain;charset=utf-8")
            }
            return .keys(mime.lookupKeys)
        case .filenameExtension:
            if tag.hasPrefix(".") { return .invalid("give the extension without the leading dot") }
            // On the bytes: with Foundation imported, `contains("/")` is
            // Foundation's substring search, thousands of instructions.
            if tag.utf8.contains(UInt8(ascii: "/")) { return .invalid("it contains a slash") }
            // Control characters are refused above, so in ASCII only the
            // space is white; other text asks Unicode.
            let hasWhitespace = tag.utf8.allSatisfy { $0 < 0x80 }
                ? tag.utf8.contains(UInt8(ascii: " ")) : tag.unicodeScalars.contains { $0.properties.isWhitespace }
            if hasWhitespace { return .invalid("it contains whitespace") }
            return .keys([tag.lowercased()])
        default:
            return .keys([tag.lowercased()])
        }
    }

    /// The single normalized form of a tag, for storing a declared tag.
    static func normalized(_ tag: String, tagClass: UTTagClass) -> Result<String, UTTypeError> {
        switch check(tag, tagClass: tagClass) {
        case .keys(let keys): .success(normalForm(of: tag, tagClass: tagClass, keys: keys))
        case .invalid(let why): .failure(invalidTag(tag, tagClass: tagClass, why))
        }
    }

    /// ``normalized(_:tagClass:)`` without the reason: `nil` for an invalid
    /// tag.
    static func normalizedForm(_ tag: String, tagClass: UTTagClass) -> String? {
        guard case .keys(let keys) = check(tag, tagClass: tagClass) else { return nil }
        return normalForm(of: tag, tagClass: tagClass, keys: keys)
    }

    /// The normal form of a valid tag with lookup keys `keys`: a MIME type
    /// keeps its parameters, normalized; any other tag is its one key.
    private static func normalForm(of tag: String, tagClass: UTTagClass, keys: [String]) -> String {
        tagClass == .mimeType ? MIMETypeString.normalized(tag) ?? keys[0] : keys[0]
    }

    /// The error for a tag `check` found invalid, saying why.
    static func invalidTag(_ tag: String, tagClass: UTTagClass, _ why: String) -> UTTypeError {
        UTTypeError(.invalidTag, "'\(tag)' is not a valid \(name(of: tagClass)): \(why).")
    }

    static func name(of tagClass: UTTagClass) -> String {
        switch tagClass {
        case .mimeType: "MIME type"
        case .filenameExtension: "filename extension"
        default: "\(tagClass.rawValue) tag"
        }
    }
}

extension TagSyntax {
    /// The key a tag is indexed under: database and declared tags are well
    /// formed, so only case and MIME parameters need folding.
    static func indexKey(_ tag: String, tagClass: UTTagClass) -> String? {
        if tagClass == .mimeType && tag.utf8.contains(UInt8(ascii: ";")) {
            return MIMETypeString(tag)?.normalized
        }
        return tag.foldedASCII
    }
}

extension String {
    /// The string in lower case; itself (no copy) when it is ASCII with no
    /// capitals, which identifiers and tags nearly always are.
    var foldedASCII: String {
        // Over the contiguous bytes when there are any (literals and native
        // strings): iterating the view costs several times more.
        let needsFolding = utf8.withContiguousStorageIfAvailable { bytes in
            bytes.contains { $0 >= 0x80 || $0 &- UInt8(ascii: "A") < 26 }
        } ?? utf8.contains { $0 >= 0x80 || $0 &- UInt8(ascii: "A") < 26 }
        return needsFolding ? lowercased() : self
    }
}

extension TagSyntax {
    /// Whether `bytes` is a tag the quick path can take as it is: a MIME
    /// type `type/subtype` of token characters without parameters, or an
    /// extension of printable ASCII without a leading dot or a slash. Its
    /// lookup key is the tag folded; anything else goes through ``check(_:tagClass:)``.
    @inline(__always)
    static func isSimple(_ bytes: UnsafeBufferPointer<UInt8>, tagClass: UTTagClass) -> Bool {
        guard let first = bytes.first else { return false }
        if tagClass == .mimeType { return MIMETypeString.isPlain(bytes) }
        if tagClass == .filenameExtension {
            guard first != UInt8(ascii: ".") else { return false }
            for byte in bytes where byte <= 0x20 || byte >= 0x7F || byte == UInt8(ascii: "/") { return false }
            return true
        }
        return false
    }
}
