/// One call the engine made to an interaction's delegate or handler, with
/// what it returned: the vocabulary of transcripts.
///
/// Views are named by ``ViewNode/name`` (`"unnamed"` without one,
/// `"detached"` for an interaction no longer attached); a list by its
/// ``ListView/node``'s name.
///
/// ```swift
/// .source("photo", .willEnd(.copy))
/// .destination("zone", .didUpdate(.copy))
/// .list("lane", .dropSessionDidUpdate(IndexPath(item: 1, section: 0), proposal))
/// ```
public enum DelegateCall: Sendable, Hashable, CustomStringConvertible {
    /// A call to a ``DragInteractionDelegate`` of the view named first.
    case source(String, SourceCall)
    /// A call to a ``DropInteractionDelegate`` of the view named first.
    case destination(String, DestinationCall)
    /// A ``SpringLoadedInteraction`` of the view named first.
    case springLoaded(String, SpringLoadedCall)
    /// A call a ``ListView`` made on its ``ListDragDelegate`` or
    /// ``ListDropDelegate``, the list's node named first. Reported only when
    /// ``DragDropEngine/reportsListDelegateCalls`` is on, just before the
    /// interaction call it was made from.
    case list(String, ListCall)
    /// A call a SwiftUI-style modifier on the view named first made on the
    /// app's closure or ``DropDelegate``. Reported only when
    /// ``DragDropEngine/reportsModifierCalls`` is on, just before the
    /// interaction or list call it was made from.
    case modifier(String, ModifierCall)

    /// ``DragInteractionDelegate`` methods, with their results.
    public enum SourceCall: Sendable, Hashable, CustomStringConvertible {
        /// `itemsForBeginning`, with how many items it returned.
        case itemsForBeginning(Int)
        /// `itemsForAddingTo`, with how many items it returned.
        case itemsForAdding(Int)
        /// `sessionAllowsMoveOperation` and its answer.
        case allowsMoveOperation(Bool)
        /// `sessionIsRestrictedToDraggingApplication` and its answer.
        case isRestrictedToDraggingApplication(Bool)
        /// `sessionWillBegin`.
        case willBegin
        /// `sessionDidMove`.
        case didMove
        /// `session(_:willEndWith:)` with the operation.
        case willEnd(DropOperation)
        /// `session(_:didEndWith:)` with the operation.
        case didEnd(DropOperation)
        /// `sessionDidTransferItems`.
        case didTransferItems
        /// `previewForLifting`, and whether it gave a preview.
        case previewForLifting(hasPreview: Bool)
        /// `previewForCancelling`, and whether it gave a preview.
        case previewForCancelling(hasPreview: Bool)

        public var description: String {
            switch self {
            case .itemsForBeginning(let count): "itemsForBeginning -> \(count) item\(count == 1 ? "" : "s")"
            case .itemsForAdding(let count): "itemsForAdding -> \(count) item\(count == 1 ? "" : "s")"
            case .allowsMoveOperation(let value): "allowsMoveOperation -> \(value)"
            case .isRestrictedToDraggingApplication(let value): "isRestrictedToDraggingApplication -> \(value)"
            case .willBegin: "willBegin"
            case .didMove: "didMove"
            case .willEnd(let operation): "willEnd(\(operation))"
            case .didEnd(let operation): "didEnd(\(operation))"
            case .didTransferItems: "didTransferItems"
            case .previewForLifting(let hasPreview): "previewForLifting -> \(hasPreview ? "preview" : "nil")"
            case .previewForCancelling(let hasPreview): "previewForCancelling -> \(hasPreview ? "preview" : "nil")"
            }
        }
    }

    /// ``DropInteractionDelegate`` methods, with their results.
    public enum DestinationCall: Sendable, Hashable, CustomStringConvertible {
        /// `canHandle` and its answer.
        case canHandle(Bool)
        /// `sessionDidEnter`.
        case didEnter
        /// `sessionDidUpdate` with the proposal the delegate returned (before
        /// any downgrade of a move the session does not allow).
        case didUpdate(DropProposal)
        /// `sessionDidExit`.
        case didExit
        /// `performDrop`.
        case performDrop
        /// `concludeDrop`.
        case concludeDrop
        /// `sessionDidEnd`.
        case didEnd
        /// `previewForDropping`, and whether it gave a preview.
        case previewForDropping(hasPreview: Bool)

        public var description: String {
            switch self {
            case .previewForDropping(let hasPreview): "previewForDropping -> \(hasPreview ? "preview" : "nil")"
            case .canHandle(let value): "canHandle -> \(value)"
            case .didEnter: "didEnter"
            case .didUpdate(let proposal): "didUpdate -> \(proposal)"
            case .didExit: "didExit"
            case .performDrop: "performDrop"
            case .concludeDrop: "concludeDrop"
            case .didEnd: "didEnd"
            }
        }
    }

    /// ``SpringLoadedInteraction`` events.
    public enum SpringLoadedCall: Sendable, Hashable, CustomStringConvertible {
        /// `shouldActivate` was asked and returned this.
        case shouldActivate(Bool)
        /// The handler ran.
        case activated

        public var description: String {
            switch self {
            case .shouldActivate(let value): "shouldActivate -> \(value)"
            case .activated: "activated"
            }
        }
    }

    /// The name of the view the call concerns.
    public var viewName: String {
        switch self {
        case .source(let name, _), .destination(let name, _), .springLoaded(let name, _), .list(let name, _),
             .modifier(let name, _): name
        }
    }

    public var description: String {
        switch self {
        case .source(let name, let call): "source \(name): \(call)"
        case .destination(let name, let call): "destination \(name): \(call)"
        case .springLoaded(let name, let call): "spring-loaded \(name): \(call)"
        case .list(let name, let call): "list \(name): \(call)"
        case .modifier(let name, let call): "modifier \(name): \(call)"
        }
    }
}
