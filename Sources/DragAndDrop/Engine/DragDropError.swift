/// An input the engine cannot act on, such as a move for a pointer that is
/// not dragging. Nothing changes when it is thrown.
///
/// ```swift
/// do { try engine.move(.primary, to: point) }
/// catch where error.code == .noActiveDrag { ... }
/// ```
public struct DragDropError: Error, Sendable, CustomStringConvertible {
    /// What went wrong; compare with the static constants.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        /// The code's name.
        public let rawValue: String
        /// A code named `rawValue`; use the static constants to match.
        public init(rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

        /// A drag was started for a pointer that is already dragging.
        public static let pointerBusy = Code(rawValue: "pointerBusy")
        /// An event named a pointer that is not dragging.
        public static let noActiveDrag = Code(rawValue: "noActiveDrag")
        /// Items were added to a drag that came from another process.
        public static let notLocalDrag = Code(rawValue: "notLocalDrag")
        /// A hit-tested event arrived while the engine has no root view.
        public static let noRootView = Code(rawValue: "noRootView")
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

    static func pointerBusy(_ pointer: PointerID, _ session: DragSessionID) -> DragDropError {
        DragDropError(code: .pointerBusy,
                      description: "Cannot start a drag for \(pointer): it is already driving \(session). "
                        + "End that drag (drop or cancel) first, or use another pointer.")
    }

    static func noActiveDrag(_ pointer: PointerID, doing action: String) -> DragDropError {
        DragDropError(code: .noActiveDrag,
                      description: "Cannot \(action) for \(pointer): it is not dragging. "
                        + "Start a drag with beginDrag or beginExternalDrag first.")
    }

    static func notLocal(_ session: DragSessionID) -> DragDropError {
        DragDropError(code: .notLocalDrag,
                      description: "Cannot add items to \(session): it came from another process, and only drags "
                        + "that started in this process can take items from this process's views.")
    }

    static func noRoot(doing action: String) -> DragDropError {
        DragDropError(code: .noRootView,
                      description: "Cannot \(action) at a point: the engine has no root view to hit-test. Set "
                        + "engine.root, or pass the view the point is in.")
    }
}
