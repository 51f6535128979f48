/// Why (part of) a vCard file could not be read, and where.
///
/// Errors are per card: the parser reports the card's index in the file and
/// the line, keeps reading, and still returns the file's valid cards.
///
/// ```swift
/// let result = VCardParser().parse(data)
/// for error in result.errors where error.code == .badBase64 {
///     print(error)   // card 3, line 41: PHOTO holds invalid base64 ...
/// }
/// ```
public struct VCardError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong, to match on.
    public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

        /// A card begins but never ends (`END:VCARD` missing).
        public static let missingEnd = Code(rawValue: "missingEnd")
        /// Content outside any `BEGIN:VCARD` ... `END:VCARD`.
        public static let outsideCard = Code(rawValue: "outsideCard")
        /// A line that is no `NAME[;PARAMS]:VALUE` content line.
        public static let malformedLine = Code(rawValue: "malformedLine")
        /// An inline binary value (`ENCODING=b`, `BASE64`, `data:`) that is no valid base64.
        public static let badBase64 = Code(rawValue: "badBase64")
        /// A value that is not valid UTF-8 (and names no other charset).
        public static let invalidUTF8 = Code(rawValue: "invalidUTF8")
        /// A `CHARSET` the parser cannot convert, or bytes invalid in it.
        public static let unsupportedCharset = Code(rawValue: "unsupportedCharset")
        /// A quoted-printable value with a broken `=XX` escape.
        public static let badQuotedPrintable = Code(rawValue: "badQuotedPrintable")
        /// A `VERSION` other than 2.1, 3.0 and 4.0.
        public static let unsupportedVersion = Code(rawValue: "unsupportedVersion")
        /// The file is larger than ``VCardParser/Limits/maxFileBytes``.
        public static let fileTooLarge = Code(rawValue: "fileTooLarge")
        /// One line is longer than ``VCardParser/Limits/maxLineBytes``.
        public static let lineTooLong = Code(rawValue: "lineTooLong")
        /// One property, unfolded, is longer than ``VCardParser/Limits/maxPropertyBytes``.
        public static let propertyTooLong = Code(rawValue: "propertyTooLong")
    }

    public let code: Code
    /// The card's index in the file (0 for the first), nil for errors that
    /// belong to no card (the file as a whole, lines between cards).
    public let cardIndex: Int?
    /// The 1-based line where the problem starts.
    public let line: Int
    /// The name of the card the error belongs to (its `FN`, else one built
    /// from `N`), when the card got as far as naming itself; nil otherwise.
    /// Apps name the contact with it rather than "card 2".
    public internal(set) var cardName: String?
    /// What is wrong and what to do, for a person.
    public let message: String

    public init(_ code: Code, cardIndex: Int?, line: Int, _ message: String) {
        self.code = code
        self.cardIndex = cardIndex
        self.line = line
        self.message = message
    }

    public var description: String {
        let place = cardIndex.map { "card \($0 + 1), line \(line)" } ?? "line \(line)"
        return "\(place): \(message)"
    }
}
