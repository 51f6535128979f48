import DragAndDrop

/// A scripted drag step that could not be carried out, with what to change.
///
/// ```swift
/// #expect(throws: HarnessError.self) { try harness.lift(from: "label") }
/// let error = #expect(throws: HarnessError.self) { try drag.move(to: "zone") }
/// #expect(error?.engineError?.code == .noActiveDrag)
/// ```
public struct HarnessError: Error, Sendable, CustomStringConvertible {
    /// What went wrong; compare with the static constants.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        /// The code's name.
        public let rawValue: String
        /// A code named `rawValue`; use the static constants to match.
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

    /// What went wrong.
    public let code: Code
    /// What happened and what to change, for a person.
    public let description: String
    /// The engine's own error when the engine refused the step (code
    /// `.engine`), so a test can match its code.
    public let engineError: DragDropError?

    /// An error with a code and a sentence for a person, wrapping the
    /// engine's error when there is one.
    public init(code: Code, description: String, engineError: DragDropError? = nil) {
        self.code = code
        self.description = description
        self.engineError = engineError
    }
}
