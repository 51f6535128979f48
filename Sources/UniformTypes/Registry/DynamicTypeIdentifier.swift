/// The `dyn.` identifiers of types made for tags nothing declares: `dyn.`
/// and the lower-case base32 (RFC 4648, no padding) of
/// `CLASS NUL TAG [NUL SUPERTYPE]` (CLASS `m` for MIME types, `e` for
/// extensions, else `=` and the raw class; SUPERTYPE left out for
/// public.data). The same tag always gives the same identifier, and the
/// identifier gives the tag back.
enum DynamicTypeIdentifier {
    static let prefix = "dyn."
    /// ``prefix`` as bytes, for ``withEncoded(_:_:)``.
    private static let prefixBytes: StaticString = "dyn."

    /// What a dynamic identifier encodes.
    struct Payload: Hashable, Sendable {
        let tagClass: UTTagClass
        /// The tag, folded (lower case, MIME parameters removed).
        let tag: String
        /// The folded identifier of the type asked for when the dynamic type
        /// was made; `nil` for public.data.
        var supertype: String? { supertypeIdentifier.isEmpty ? nil : supertypeIdentifier }
        /// ``supertype``, empty for public.data (not an optional, whose
        /// metadata a first query would pay for).
        let supertypeIdentifier: String

        init(tagClass: UTTagClass, tag: String, supertype: String?) {
            self.tagClass = tagClass
            self.tag = tag
            supertypeIdentifier = supertype ?? ""
        }
    }

    /// The identifier of `payload`; `nil` when it would be longer than an
    /// identifier may be.
    static func encode(_ payload: Payload) -> String? {
        withEncoded(payload) { String(decoding: $0, as: UTF8.self) }
    }

    /// Calls `body` with the bytes of `payload`'s identifier, written on the
    /// stack; `nil` when it would be longer than an identifier may be.
    static func withEncoded<Result>(_ payload: Payload, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result? {
        var classBytes: StaticString = "="
        switch payload.tagClass {
        case .mimeType: classBytes = "m"
        case .filenameExtension: classBytes = "e"
        default: break
        }
        var custom = payload.tagClass == .mimeType || payload.tagClass == .filenameExtension ? "" : payload.tagClass.rawValue
        var tag = payload.tag
        var supertype = payload.supertypeIdentifier
        let encodedCount = classBytes.utf8CodeUnitCount + custom.utf8.count + 1 + tag.utf8.count
            + (supertype.isEmpty ? 0 : 1 + supertype.utf8.count)
        let identifierCount = prefixBytes.utf8CodeUnitCount + (encodedCount * 8 + 4) / 5
        guard identifierCount <= TypeIdentifierSyntax.maximumLength else { return nil }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: identifierCount) { output in
            var writer = Base32Writer(output: output.baseAddress!)
            writer.copy(UnsafeRawBufferPointer(start: prefixBytes.utf8Start, count: prefixBytes.utf8CodeUnitCount))
            writer.encode(UnsafeRawBufferPointer(start: classBytes.utf8Start, count: classBytes.utf8CodeUnitCount))
            custom.withUTF8 { writer.encode(UnsafeRawBufferPointer($0)) }
            writer.encode(0)
            tag.withUTF8 { writer.encode(UnsafeRawBufferPointer($0)) }
            if !supertype.isEmpty {
                writer.encode(0)
                supertype.withUTF8 { writer.encode(UnsafeRawBufferPointer($0)) }
            }
            writer.finish()
            return body(UnsafeBufferPointer(start: output.baseAddress!, count: identifierCount))
        }
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

    /// Writes lower-case base32 (no padding) of the bytes it is given, in
    /// turn, to `output`, which has room for all of it.
    private struct Base32Writer {
        private static let alphabet: StaticString = "abcdefghijklmnopqrstuvwxyz234567"
        var output: UnsafeMutablePointer<UInt8>
        private var buffer: UInt32 = 0
        private var bits = 0

        init(output: UnsafeMutablePointer<UInt8>) { self.output = output }

        /// Copies `bytes` as they are (the prefix).
        mutating func copy(_ bytes: UnsafeRawBufferPointer) {
            for byte in bytes { put(byte) }
        }

        mutating func encode(_ bytes: UnsafeRawBufferPointer) {
            for byte in bytes { encode(byte) }
        }

        /// Writes the bits left, padded with zero bits to a digit.
        mutating func finish() {
            if bits > 0 { put(Self.alphabet.utf8Start[Int((buffer << UInt32(5 - bits)) & 31)]) }
            bits = 0
        }

        mutating func encode(_ byte: UInt8) {
            buffer = (buffer << 8) | UInt32(byte)
            bits += 8
            while bits >= 5 {
                bits -= 5
                put(Self.alphabet.utf8Start[Int((buffer >> UInt32(bits)) & 31)])
            }
        }

        private mutating func put(_ byte: UInt8) {
            output.pointee = byte
            output += 1
        }
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
