/// The rules a type identifier string must follow.
enum TypeIdentifierSyntax {
    static let maximumLength = 255

    static func validate(_ identifier: String) throws(UTTypeError) {
        if isPlainlyValid(identifier) { return }
        func refuse(_ why: String) -> UTTypeError {
            UTTypeError(.invalidIdentifier, "'\(identifier)' is not a valid type identifier: \(why).")
        }
        if identifier.isEmpty { throw UTTypeError(.invalidIdentifier, "A type identifier cannot be empty.") }
        if identifier.utf8.count > maximumLength {
            throw refuse("it is \(identifier.utf8.count) bytes long, the limit is \(maximumLength)")
        }
        if identifier.hasPrefix(".") { throw refuse("it starts with a dot") }
        if identifier.hasSuffix(".") { throw refuse("it ends with a dot") }
        for scalar in identifier.unicodeScalars {
            if scalar.properties.generalCategory == .control {
                throw refuse("it contains a control character (U+\(String(scalar.value, radix: 16, uppercase: true)))")
            }
            if scalar.properties.isWhitespace { throw refuse("it contains whitespace") }
        }
        if identifier.contains("..") { throw refuse("it contains an empty component ('..')") }
    }

    /// Whether `identifier` is valid on sight: 1 to 255 bytes of printable
    /// ASCII without spaces, no dot at either end, no empty component. Nearly
    /// every identifier is; only the others need ``validate(_:)``'s
    /// per-character checks, which say what is wrong.
    @inline(__always)
    static func isPlainlyValid(_ identifier: String) -> Bool {
        identifier.utf8.withContiguousStorageIfAvailable { bytes in
            guard !bytes.isEmpty, bytes.count <= maximumLength,
                  bytes.first != UInt8(ascii: "."), bytes.last != UInt8(ascii: ".")
            else { return false }
            var previous: UInt8 = 0
            for byte in bytes {
                if byte <= 0x20 || byte >= 0x7F || (byte == UInt8(ascii: ".") && previous == byte) { return false }
                previous = byte
            }
            return true
        } ?? false
    }
}
