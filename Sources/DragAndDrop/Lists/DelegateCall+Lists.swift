import Foundation

extension DelegateCall {
    /// The ``ListDragDelegate`` and ``ListDropDelegate`` methods a
    /// ``ListView`` called, with the index paths and proposals that matter
    /// and what the delegate returned (``DelegateCall/list(_:_:)``).
    /// Index paths are data source index paths, as the delegate saw them.
    public enum ListCall: Sendable, Hashable, CustomStringConvertible {
        /// `itemsForBeginning` at an index path, with how many items it returned.
        case itemsForBeginning(IndexPath, count: Int)
        /// `itemsForAddingTo` at an index path, with how many items it returned.
        case itemsForAdding(IndexPath, count: Int)
        /// `dragSessionAllowsMoveOperation` and its answer.
        case dragSessionAllowsMoveOperation(Bool)
        /// `dragSessionIsRestrictedToDraggingApplication` and its answer.
        case dragSessionIsRestrictedToDraggingApplication(Bool)
        /// `dragSessionWillBegin`.
        case dragSessionWillBegin
        /// `dragSessionDidEnd`.
        case dragSessionDidEnd
        /// `canHandle` and its answer.
        case canHandle(Bool)
        /// `dropSessionDidEnter`.
        case dropSessionDidEnter
        /// `dropSessionDidUpdate` with the destination index path it was
        /// given and the proposal it returned.
        case dropSessionDidUpdate(IndexPath?, ListDropProposal)
        /// `performDropWith`, with the coordinator's destination index path
        /// and proposal.
        case performDrop(IndexPath?, ListDropProposal)
        /// `dropSessionDidExit`.
        case dropSessionDidExit
        /// `dropSessionDidEnd`.
        case dropSessionDidEnd

        public var description: String {
            switch self {
            case .itemsForBeginning(let indexPath, let count):
                "itemsForBeginning at \(Self.text(indexPath)) -> \(count) item\(count == 1 ? "" : "s")"
            case .itemsForAdding(let indexPath, let count):
                "itemsForAdding at \(Self.text(indexPath)) -> \(count) item\(count == 1 ? "" : "s")"
            case .dragSessionAllowsMoveOperation(let value): "dragSessionAllowsMoveOperation -> \(value)"
            case .dragSessionIsRestrictedToDraggingApplication(let value):
                "dragSessionIsRestrictedToDraggingApplication -> \(value)"
            case .dragSessionWillBegin: "dragSessionWillBegin"
            case .dragSessionDidEnd: "dragSessionDidEnd"
            case .canHandle(let value): "canHandle -> \(value)"
            case .dropSessionDidEnter: "dropSessionDidEnter"
            case .dropSessionDidUpdate(let indexPath, let proposal):
                "dropSessionDidUpdate at \(Self.text(indexPath)) -> \(proposal)"
            case .performDrop(let indexPath, let proposal): "performDrop at \(Self.text(indexPath)) \(proposal)"
            case .dropSessionDidExit: "dropSessionDidExit"
            case .dropSessionDidEnd: "dropSessionDidEnd"
            }
        }

        /// `[section, item]`, or `nil` past the rows.
        private static func text(_ indexPath: IndexPath?) -> String {
            indexPath.map { "[\($0.section), \($0.item)]" } ?? "nil"
        }
    }
}

extension ListView {
    /// Reports a call just made on the list's drag or drop delegate to the
    /// engine running the drag, when it reports list calls.
    func report(_ call: @autoclosure () -> DelegateCall.ListCall, for state: SessionState) {
        guard let engine = state.engine, engine.reportsListDelegateCalls else { return }
        engine.report(.list(DragDropEngine.name(of: node), call()), state, in: node)
    }
}
