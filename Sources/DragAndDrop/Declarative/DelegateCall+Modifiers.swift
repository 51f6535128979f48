import Foundation

extension DelegateCall {
    /// What a SwiftUI-style modifier called on the app's side, with the
    /// answers (``DelegateCall/modifier(_:_:)``), in SwiftUI's terms.
    public enum ModifierCall: Sendable, Hashable, CustomStringConvertible {
        /// `onDrag`/`itemProvider`/`draggable` was asked for the item at a
        /// lift, and whether it gave one.
        case itemProvider(provided: Bool)
        /// `validateDrop(info:)` and its answer.
        case validateDrop(Bool)
        /// `dropEntered(info:)`.
        case dropEntered
        /// `dropUpdated(info:)` and what it returned (nil: keep the last).
        case dropUpdated(DropProposal?)
        /// `dropExited(info:)`.
        case dropExited
        /// `performDrop(info:)` (an `onDrop` closure's too) and its answer.
        case performDrop(Bool)
        /// `isTargeted` was told the view is (or is no longer) targeted.
        case isTargeted(Bool)
        /// `dropDestination`'s action got this many values, and answered.
        case dropDestination(count: Int, Bool)
        /// `dropDestination` failed with this code; `onFailure` was told.
        case dropDestinationFailed(DropDestinationError.Code)
        /// `onInsert`'s perform, with the index and how many providers.
        case onInsert(index: Int, count: Int)
        /// `onMove`'s perform, with the source offsets and the destination.
        case onMove([Int], Int)

        public var description: String {
            switch self {
            case .itemProvider(let provided): "itemProvider -> \(provided ? "provider" : "nil")"
            case .validateDrop(let value): "validateDrop -> \(value)"
            case .dropEntered: "dropEntered"
            case .dropUpdated(let proposal): "dropUpdated -> \(proposal.map(\.description) ?? "nil")"
            case .dropExited: "dropExited"
            case .performDrop(let value): "performDrop -> \(value)"
            case .isTargeted(let value): "isTargeted = \(value)"
            case .dropDestination(let count, let value): "dropDestination(\(count) values) -> \(value)"
            case .dropDestinationFailed(let code): "dropDestination failed: \(code)"
            case .onInsert(let index, let count): "onInsert at \(index) (\(count) providers)"
            case .onMove(let offsets, let destination): "onMove \(offsets) -> \(destination)"
            }
        }
    }
}

extension SessionState {
    /// Reports a call a modifier on `view` just made, when the engine
    /// running the drag reports modifier calls.
    @MainActor
    func reportModifier(_ call: @autoclosure () -> DelegateCall.ModifierCall, in view: ViewNode?) {
        guard let engine, engine.reportsModifierCalls else { return }
        engine.report(.modifier(DragDropEngine.name(of: view), call()), self, in: view)
    }
}
