/// Something that went wrong in the app, in words for the person using it,
/// shown in the window near what failed.
public struct ContactsProblem: Error, Hashable, Sendable, CustomStringConvertible {
    /// What failed, to match on.
    public struct Code: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }

        /// Some cards of a dropped vCard could not be read (the others were added).
        public static let invalidCards = Code(rawValue: "invalidCards")
        /// A dropped item could not be loaded at all.
        public static let loadFailed = Code(rawValue: "loadFailed")
        /// A dropped file is no vCard file.
        public static let notAVCard = Code(rawValue: "notAVCard")
        /// A dropped image could not be read as PNG or JPEG.
        public static let badImage = Code(rawValue: "badImage")
        /// A dropped or imported file is empty.
        public static let emptyFile = Code(rawValue: "emptyFile")
        /// A dropped or imported file has text but no card in it.
        public static let noCards = Code(rawValue: "noCards")
        /// Contacts whose UID is already in the table were not added again
        /// (they are offered as updates).
        public static let duplicateContact = Code(rawValue: "duplicateContact")
        /// A field of the edit form holds something that cannot be saved.
        public static let invalidField = Code(rawValue: "invalidField")
        /// Undo or redo could not be done.
        public static let undoFailed = Code(rawValue: "undoFailed")
        /// The store could not be written.
        public static let storeFailed = Code(rawValue: "storeFailed")
    }

    public let code: Code
    public let message: String

    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { message }
}
