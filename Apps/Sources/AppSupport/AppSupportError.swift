/// An error from the apps' shared support code, with a description a person
/// can act on and a code callers can match.
public struct AppSupportError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What went wrong, to match on.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        let name: String
        public var description: String { name }

        /// The data folder could not be created or is not a folder.
        public static let dataDirectoryUnusable = Code(name: "dataDirectoryUnusable")
        /// A file could not be written.
        public static let fileNotWritten = Code(name: "fileNotWritten")
        /// A file could not be kept aside (renamed next to itself).
        public static let fileNotKeptAside = Code(name: "fileNotKeptAside")
    }

    public let code: Code
    public let description: String

    public init(_ code: Code, _ description: String) {
        self.code = code
        self.description = description
    }
}
