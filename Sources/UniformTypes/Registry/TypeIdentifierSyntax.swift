/// The rules a type identifier string must follow.
enum TypeIdentifierSyntax {
    static let maximumLength = 255

    static func validate(_ identifier: String) throws(UTTypeError) {
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
}
