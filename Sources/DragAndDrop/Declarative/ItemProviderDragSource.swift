import Foundation
import ItemProviders

/// The drag delegate behind `onDrag`, `itemProvider` and `draggable`: one
/// item from a provider made at the lift, with an optional preview.
@MainActor
final class ItemProviderDragSource: DragInteractionDelegate {
    /// Makes the item's provider, and a value for destinations in this
    /// process (`draggable` gives its payload); nil: no drag.
    var makeItem: @MainActor () -> (provider: ItemProvider, localObject: Any?)?
    var preview: (@MainActor () -> DragPreview)?

    init(makeItem: @escaping @MainActor () -> (provider: ItemProvider, localObject: Any?)?,
         preview: (@MainActor () -> DragPreview)?) {
        self.makeItem = makeItem
        self.preview = preview
    }

    func dragInteraction(_ interaction: DragInteraction, itemsForBeginning session: DragSession) -> [DragItem] {
        let made = makeItem()
        session.state.reportModifier(.itemProvider(provided: made != nil), in: interaction.view)
        guard let (provider, localObject) = made else { return [] }
        let item = DragItem(itemProvider: provider)
        item.localObject = localObject
        if let preview { item.previewProvider = { preview() } }
        return [item]
    }
}

extension DragInteraction {
    /// A drag interaction that drags one item, from the provider `data`
    /// makes at each lift (nil: no drag), the way SwiftUI's `onDrag` and
    /// `itemProvider` do. The interaction keeps its delegate alive itself.
    ///
    /// ```swift
    /// node.addInteraction(DragInteraction(itemProvider: { store.itemProvider(for: item) }))
    /// ```
    public convenience init(itemProvider data: @escaping @MainActor () -> ItemProvider?,
                            preview: (@MainActor () -> DragPreview)? = nil) {
        self.init(source: ItemProviderDragSource(makeItem: { data().map { ($0, nil) } }, preview: preview))
    }

    /// An interaction run by, and keeping alive, a modifier-made source.
    convenience init(source: ItemProviderDragSource) {
        self.init(delegate: source)
        retainedDelegate = source
    }

    /// The modifier-made source, when this interaction came from one.
    var itemProviderSource: ItemProviderDragSource? {
        retainedDelegate as? ItemProviderDragSource
    }
}
