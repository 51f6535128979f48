/// A scripted drag step that could not be carried out, with what to change.
///
/// ```swift
/// #expect(throws: HarnessError.self) { try harness.lift(from: "label") }
/// ```
public struct HarnessError: Error, Sendable, CustomStringConvertible {
    /// What went wrong; compare with the static constants.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

        /// No view in the harness's tree has the given name.
        public static let viewNotFound = Code(rawValue: "viewNotFound")
        /// A lift found nothing to drag (no drag interaction, or no items).
        public static let nothingToDrag = Code(rawValue: "nothingToDrag")
        /// A step was scripted for a drag that has already ended.
        public static let dragEnded = Code(rawValue: "dragEnded")
        /// The engine refused the event; the description says why.
        public static let engine = Code(rawValue: "engine")
    }

    public let code: Code
    public let description: String

    public init(code: Code, description: String) {
        self.code = code
        self.description = description
    }
}
