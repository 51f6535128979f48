import DragAndDrop
import Foundation

/// One call a list made on its drag or drop delegate, with what mattered.
enum ListCall: Hashable, CustomStringConvertible {
    case itemsForBeginning(IndexPath)
    case itemsForAdding(IndexPath)
    case dragWillBegin
    case dragDidEnd
    case canHandle(Bool)
    case dropDidEnter
    case dropDidUpdate(IndexPath?, ListDropProposal)
    case performDrop(IndexPath?, ListDropProposal)
    case dropDidExit
    case dropDidEnd

    var description: String {
        switch self {
        case .itemsForBeginning(let indexPath): "itemsForBeginning at \(indexPath)"
        case .itemsForAdding(let indexPath): "itemsForAdding at \(indexPath)"
        case .dragWillBegin: "dragWillBegin"
        case .dragDidEnd: "dragDidEnd"
        case .canHandle(let value): "canHandle -> \(value)"
        case .dropDidEnter: "dropDidEnter"
        case .dropDidUpdate(let indexPath, let proposal): "dropDidUpdate \(indexPath.map(\.description) ?? "nil") -> \(proposal)"
        case .performDrop(let indexPath, let proposal): "performDrop \(indexPath.map(\.description) ?? "nil") \(proposal)"
        case .dropDidExit: "dropDidExit"
        case .dropDidEnd: "dropDidEnd"
        }
    }
}

/// Shorthand for a data source index path in tests.
func at(_ item: Int, _ section: Int = 0) -> IndexPath {
    IndexPath(item: item, section: section)
}

extension ListDropProposal {
    static let moveAt = ListDropProposal(operation: .move, intent: .insertAtDestinationIndexPath)
    static let copyAt = ListDropProposal(operation: .copy, intent: .insertAtDestinationIndexPath)
    static let cancel = ListDropProposal(operation: .cancel)
}
