import AppSupport

/// Something Do It could not do, said so that the person can act on it,
/// with a code to match on.
///
/// ```swift
/// do { try await handler.drop(providers, at: 0, on: .home) }
/// catch let error as DoItError where error.code == .unsupportedData { banner.show(error.description) }
/// ```
///
/// The description is for the person: it never holds SQL, SQLite's result
/// codes or Swift type names. Those go to ``details``, for a details
/// section and the log.
public struct DoItError: Error, Equatable, Sendable, CustomStringConvertible, DetailedError {
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
        /// The database file is damaged or is not a database: it can be
        /// kept aside and the app started afresh.
        public static let databaseUnreadable = Code("databaseUnreadable")
        /// The data folder or file refuses changes (read-only, no permission).
        public static let readOnly = Code("readOnly")
        /// A name or title with nothing in it.
        public static let emptyName = Code("emptyName")
    }

    public let code: Code
    public let description: String
    /// The technical text behind the error (SQLite's message, the
    /// statement), empty when there is none. Log it; do not show it as
    /// the message.
    public let details: String

    public init(_ code: Code, _ description: String, details: String = "") {
        self.code = code
        self.description = description
        self.details = details
    }
}
