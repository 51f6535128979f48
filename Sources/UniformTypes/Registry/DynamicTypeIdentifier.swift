/// The `dyn.` identifiers of types made for tags nothing declares.
///
/// The identifier is `dyn.` followed by the lower-case base32 (RFC 4648
/// alphabet, no padding) of `CLASS NUL TAG [NUL SUPERTYPE]`, where CLASS is
/// `m` for MIME types, `e` for filename extensions or `=` and the raw tag
/// class, TAG is the folded tag and SUPERTYPE is left out when it is
/// public.data. The same tag therefore always gives the same identifier, in
/// every process, and the identifier gives the tag back. Base32 keeps the
/// identifier valid and case-insensitive like every other identifier.
enum DynamicTypeIdentifier {
    static let prefix = "dyn."

    /// What a dynamic identifier encodes.
    struct Payload: Hashable, Sendable {
        let tagClass: UTTagClass
        /// The tag, folded (lower case, MIME parameters removed).
        let tag: String
        /// The folded identifier of the type asked for when the dynamic type
        /// was made; `nil` for public.data.
        var supertype: String? { supertypeIdentifier.isEmpty ? nil : supertypeIdentifier }
        /// ``supertype``, empty for public.data. Not stored as an optional:
        /// copying a stored `String?` has the runtime set up `Optional`'s
        /// metadata, which a process's first query of a tag nothing
        /// declares would pay for.
        private let supertypeIdentifier: String

        init(tagClass: UTTagClass, tag: String, supertype: String?) {
            self.tagClass = tagClass
            self.tag = tag
            supertypeIdentifier = supertype ?? ""
        }
    }

    static func encode(_ payload: Payload) -> String? {
        var bytes: [UInt8]
        switch payload.tagClass {
        case .mimeType: bytes = Array("m".utf8)
        case .filenameExtension: bytes = Array("e".utf8)
        default: bytes = Array("=\(payload.tagClass.rawValue)".utf8)
        }
        bytes.append(0)
        bytes.append(contentsOf: payload.tag.utf8)
        if let supertype = payload.supertype {
            bytes.append(0)
            bytes.append(contentsOf: supertype.utf8)
        }
        let identifier = prefix + base32(bytes)
        return identifier.utf8.count <= TypeIdentifierSyntax.maximumLength ? identifier : nil
    }

    static func decode(_ identifier: String) -> Payload? {
        let folded = identifier.lowercased()
        guard folded.hasPrefix(prefix), let bytes = unbase32(folded.dropFirst(prefix.count)) else { return nil }
        let parts = bytes.split(separator: 0, omittingEmptySubsequences: false)
        guard parts.count == 2 || parts.count == 3,
              let classText = String(validating: parts[0], as: UTF8.self),
              let tag = String(validating: parts[1], as: UTF8.self), !tag.isEmpty
        else { return nil }
        let tagClass: UTTagClass
        switch classText {
        case "m": tagClass = .mimeType
        case "e": tagClass = .filenameExtension
        case let raw where raw.hasPrefix("=") && raw.count > 1: tagClass = UTTagClass(rawValue: String(raw.dropFirst()))
        default: return nil
        }
        var supertype: String?
        if parts.count == 3 {
            guard let text = String(validating: parts[2], as: UTF8.self),
                  (try? TypeIdentifierSyntax.validate(text)) != nil
            else { return nil }
            supertype = text
        }
        let payload = Payload(tagClass: tagClass, tag: tag, supertype: supertype)
        // Only the canonical spelling decodes, so one tag has one identifier.
        guard TagSyntax.normalizedForm(tag, tagClass: tagClass) == tag, encode(payload) == folded
        else { return nil }
        return payload
    }

    // MARK: - Base32

    private static let alphabet = Array("abcdefghijklmnopqrstuvwxyz234567".utf8)

    private static func base32(_ bytes: [UInt8]) -> String {
        var output: [UInt8] = []
        output.reserveCapacity((bytes.count * 8 + 4) / 5)
        var buffer: UInt32 = 0
        var bits = 0
        for byte in bytes {
            buffer = (buffer << 8) | UInt32(byte)
            bits += 8
            while bits >= 5 {
                bits -= 5
                output.append(alphabet[Int((buffer >> UInt32(bits)) & 31)])
            }
        }
        if bits > 0 {
            output.append(alphabet[Int((buffer << UInt32(5 - bits)) & 31)])
        }
        return String(decoding: output, as: UTF8.self)
    }

    private static func unbase32(_ text: Substring) -> [UInt8]? {
        guard !text.isEmpty else { return nil }
        var output: [UInt8] = []
        var buffer: UInt32 = 0
        var bits = 0
        for character in text.utf8 {
            let value: UInt32
            switch character {
            case UInt8(ascii: "a")...UInt8(ascii: "z"): value = UInt32(character - UInt8(ascii: "a"))
            case UInt8(ascii: "2")...UInt8(ascii: "7"): value = UInt32(character - UInt8(ascii: "2")) + 26
            default: return nil
            }
            buffer = (buffer << 5) | value
            bits += 5
            if bits >= 8 {
                bits -= 8
                output.append(UInt8((buffer >> UInt32(bits)) & 0xFF))
            }
        }
        return output
    }
}
