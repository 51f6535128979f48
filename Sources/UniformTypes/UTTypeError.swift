import Foundation

/// An error from UniformTypes: an invalid identifier, or a type declaration
/// that was refused. Match on ``code``; read ``description``.
public struct UTTypeError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong, for callers to match on.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        let name: String
        public var description: String { name }

        public static let invalidIdentifier = Code(name: "invalidIdentifier")
        public static let unknownParent = Code(name: "unknownParent")
        public static let conformanceCycle = Code(name: "conformanceCycle")
        public static let conflictingDeclaration = Code(name: "conflictingDeclaration")
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
