import Foundation
import ItemProviders

/// What `dropDestination(for:action:)` on a list does with a drop: shows a
/// placeholder row per importable item at the gap while every item decodes
/// (best representation first), then removes them and hands the values to
/// the action, all or nothing.
@MainActor
struct ListTransferInsert {
    /// Whether the drag carries an item importable as the value type.
    let offers: @MainActor (DropSession) -> Bool
    /// Carries out a drop at `index` of `list`.
    let perform: @MainActor (_ list: ListView, _ coordinator: ListDropCoordinator, _ index: Int,
                             _ placeholderCell: (@MainActor (AnyObject) -> Void)?) -> Void

    init<T: Transferable>(_ type: T.Type, action: @escaping @MainActor ([T], Int) throws -> Void,
                          onFailure: (@MainActor (DropDestinationError) -> Void)?) {
        offers = TransferableDropDelegate<T>.offers
        perform = { list, coordinator, index, placeholderCell in
            let items = coordinator.items.map(\.dragItem).filter { $0.itemProvider.canLoadTransferable(type: T.self) }
            let contexts = items.compactMap { item -> PlaceholderContext? in
                let placeholder = DropPlaceholder(
                    insertionIndexPath: IndexPath(item: index, section: ListModifierController.section),
                    reuseIdentifier: "dragkit.loading")
                placeholder.cellUpdateHandler = placeholderCell
                return try? coordinator.drop(item, to: placeholder)
            }
            let session = coordinator.session
            let node = list.node
            Task { @MainActor in
                await session.trackingLoad {
                    let loaded = await TransferableDropDelegate<T>.loadAll(items.map(\.itemProvider))
                    for context in contexts { context.deletePlaceholder() }
                    let failure: DropDestinationError
                    switch loaded {
                    case .failure(let error):
                        failure = error
                    case .success(let values):
                        do {
                            try action(values, index)
                            session.state.reportModifier(.dropDestination(count: values.count, true), in: node)
                            return
                        } catch {
                            failure = .action(error)
                        }
                    }
                    session.refuseDrop()
                    session.state.reportModifier(.dropDestinationFailed(failure.code), in: node)
                    onFailure?(failure)
                }
            }
        }
    }
}
