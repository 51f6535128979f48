/// An error from a drop session.
///
/// ```swift
/// do { _ = try await session.loadObjects(ofClass: String.self) }
/// catch let error as DropSessionError where error.code == .sealed { ... }
/// ```
public struct DropSessionError: Error, Sendable, CustomStringConvertible {
    /// What went wrong; compare with the static constants.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

        /// The items' data was asked for before the drop.
        public static let sealed = Code(rawValue: "sealed")
    }

    public let code: Code
    public let description: String

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
