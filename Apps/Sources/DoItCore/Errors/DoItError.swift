/// Something Do It could not do, said so that the person can act on it,
/// with a code to match on.
///
/// ```swift
/// do { try await handler.drop(providers, at: 0, on: .home) }
/// catch let error as DoItError where error.code == .unsupportedData { banner.show(error.description) }
/// ```
public struct DoItError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What went wrong.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        let name: String
        public var description: String { name }
        init(_ name: String) { self.name = name }

        /// The dropped data is of a kind this place does not take.
        public static let unsupportedData = Code("unsupportedData")
        /// The data is of a kind Do It reads, but this place does not take it
        /// (an existing item dropped on All, anything on Today).
        public static let notAccepted = Code("notAccepted")
        /// JSON that does not describe a to-do item or list.
        public static let invalidJSON = Code("invalidJSON")
        /// Text with nothing but spaces in it.
        public static let emptyText = Code("emptyText")
        /// An item or list that is no longer in the store.
        public static let notFound = Code("notFound")
        /// The data could not be read from the drag.
        public static let loadFailed = Code("loadFailed")
        /// The database could not be read or written.
        public static let storeFailed = Code("storeFailed")
    }

    public let code: Code
    public let description: String

    public init(_ code: Code, _ description: String) {
        self.code = code
        self.description = description
    }
}
