/// An error from UniformTypes: an invalid identifier or tag, or a type
/// declaration that was refused. Match on ``code``; read ``description``.
///
/// ```swift
/// do {
///     try UTType.declare(contentsOf: url)
/// } catch where error.code == .unknownParent {
///     print(error)   // says which type names which missing parent
/// }
/// ```
public struct UTTypeError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong, for callers to match on. New codes may be added.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        let name: String
        public var description: String { name }

        /// The string is not a valid type identifier.
        public static let invalidIdentifier = Code(name: "invalidIdentifier")
        /// A MIME type, filename extension or other tag is malformed.
        public static let invalidTag = Code(name: "invalidTag")
        /// A declaration conforms to a type nothing declares.
        public static let unknownParent = Code(name: "unknownParent")
        /// Declarations would make a type conform to itself.
        public static let conformanceCycle = Code(name: "conformanceCycle")
        /// A type is declared twice in different ways, or a system type is
        /// redeclared.
        public static let conflictingDeclaration = Code(name: "conflictingDeclaration")
        /// A declaration file cannot be read or is not the expected JSON.
        public static let malformedDeclarationFile = Code(name: "malformedDeclarationFile")
    }

    public let code: Code
    /// A sentence a person can act on.
    public let description: String

    public init(_ code: Code, _ description: String) {
        self.code = code
        self.description = description
    }
}
