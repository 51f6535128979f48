import Foundation

/// Everything a list's drop delegate needs to carry out a drop
/// (`UICollectionViewDropCoordinator`): the items, where they go, the
/// proposal, and the ways to show the result.
///
/// The coordinator stays usable after `performDropWith` returns, so an app
/// can insert a placeholder or finish the drop once its data has loaded.
///
/// ```swift
/// func list(_ list: ListView, performDropWith coordinator: ListDropCoordinator) {
///     let destination = coordinator.destinationIndexPath
///         ?? IndexPath(item: caches.items.count, section: 0)
///     for item in coordinator.items {
///         guard let source = item.sourceIndexPath else { continue }
///         try? list.performBatchUpdates { batch in
///             caches.moveItem(at: source, to: destination)
///             batch.moveItem(at: source, to: destination)
///         }
///         coordinator.drop(item.dragItem, toItemAt: destination)
///     }
/// }
/// ```
@MainActor
public final class ListDropCoordinator {
    /// The dropped items, in the session's order.
    public let items: [ListDropItem]
    /// Where the drop lands (a data source index path), nil when it was made
    /// past the last row or over empty space: the app picks, usually the end.
    public let destinationIndexPath: IndexPath?
    /// The last proposal, with an `automatic` intent settled to the one the
    /// list applied.
    public let proposal: ListDropProposal
    /// The drop session, for loading the items.
    public let session: DropSession
    /// The list dropped onto.
    public private(set) weak var list: ListView?
    /// The drop animations asked for so far, in order.
    public private(set) var animations: [ListDropAnimation] = []

    init(
        list: ListView, items: [ListDropItem], destinationIndexPath: IndexPath?,
        proposal: ListDropProposal, session: DropSession
    ) {
        self.list = list
        self.items = items
        self.destinationIndexPath = destinationIndexPath
        self.proposal = proposal
        self.session = session
    }

    /// Animates `dragItem` onto the row at `indexPath` (a data source index
    /// path), where the app has just inserted or moved the item.
    public func drop(_ dragItem: DragItem, toItemAt indexPath: IndexPath) {
        guard let list else { return }
        animate(dragItem, to: .row(list.presentedIndexPath(forItemAt: indexPath)))
    }

    /// Animates `dragItem` into `rect` (in the row's own coordinates) of the
    /// row at `indexPath`, which took the item in (a folder, a lane).
    public func drop(_ dragItem: DragItem, intoItemAt indexPath: IndexPath, rect: CGRect) {
        guard let list else { return }
        animate(dragItem, to: .into(list.presentedIndexPath(forItemAt: indexPath), rect: rect))
    }

    /// Inserts `placeholder` as a row standing in for `dragItem` until its
    /// data has loaded, and returns the context that later commits or
    /// removes it. The data source is not touched.
    ///
    /// ```swift
    /// let placeholder = DropPlaceholder(insertionIndexPath: destination, reuseIdentifier: "Cell")
    /// placeholder.cellUpdateHandler = { ($0 as? Cell)?.title = "Loading…" }
    /// let context = try coordinator.drop(item.dragItem, to: placeholder)
    /// let name = try await item.dragItem.itemProvider.loadObject(ofClass: String.self)
    /// try context.commitInsertion { indexPath in caches.insert(Geocache(name: name), at: indexPath) }
    /// ```
    ///
    /// - Throws: ``ListUpdateError`` with `indexPathOutOfRange` when the
    ///   placeholder's insertion index path is not in the list (its item may
    ///   equal the section's count), or `placeholderNotActive` when the list
    ///   is gone.
    public func drop(_ dragItem: DragItem, to placeholder: DropPlaceholder) throws(ListUpdateError) -> PlaceholderContext {
        guard let list else {
            throw ListUpdateError(
                .placeholderNotActive, "The list this drop was made on no longer exists; nothing was inserted.")
        }
        let context = try list.insertPlaceholder(placeholder, for: dragItem)
        if let indexPath = context.presentedIndexPath {
            animate(dragItem, to: .placeholder(indexPath))
        }
        return context
    }

    private func animate(_ dragItem: DragItem, to target: ListDropAnimation.Target) {
        let animation = ListDropAnimation(dragItem: dragItem, target: target)
        animations.append(animation)
        list?.onEvent?(.dropAnimation(animation))
    }
}
