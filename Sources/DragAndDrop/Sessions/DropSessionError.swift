/// An error from a drop session.
///
/// ```swift
/// do { _ = try await session.loadObjects(ofClass: String.self) }
/// catch let error as DropSessionError where error.code == .sealed { ... }
/// ```
public struct DropSessionError: Error, Sendable, CustomStringConvertible {
    /// What went wrong; compare with the static constants.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        /// The code's name.
        public let rawValue: String
        /// A code named `rawValue`; use the static constants to match.
        public init(rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

        /// The items' data was asked for before the drop.
        public static let sealed = Code(rawValue: "sealed")
    }

    /// What went wrong.
    public let code: Code
    /// What happened and what to do about it, for a person.
    public let description: String

    /// An error with a code and a sentence for a person.
    public init(code: Code, description: String) {
        self.code = code
        self.description = description
    }

    static func sealed(loading what: String) -> DropSessionError {
        DropSessionError(
            code: .sealed,
            description: "Cannot load \(what) from the drop session yet: a drag's data stays sealed until it is "
                + "dropped. Decide from types while hovering (hasItemsConforming(to:), canLoadObjects(ofClass:)) "
                + "and load in dropInteraction(_:performDrop:).")
    }
}
