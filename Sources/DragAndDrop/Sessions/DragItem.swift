import ItemProviders

/// One dragged thing: the item provider that promises its data, and an
/// optional in-process object (`UIDragItem`).
///
/// The items a drop target sees in a ``DropSession`` are separate objects
/// from the source's: their providers are sealed until the drop and, for
/// drags from another process, show only the representations visible there.
/// For a drag in this process, `localObject` and ``sourceItem`` lead back to
/// the source's item.
///
/// ```swift
/// let item = DragItem(itemProvider: ItemProvider(object: geocache))
/// item.localObject = geocache   // a destination in this app skips decoding
/// ```
@MainActor
public final class DragItem {
    /// The provider of the item's representations.
    public let itemProvider: ItemProvider

    /// The source's item, on items of a drop session whose drag started in
    /// this process; nil on the source's own items and on items from
    /// another process.
    public let sourceItem: DragItem?

    private var ownLocalObject: Any?

    /// An object for destinations in this process, which can use it instead
    /// of loading data. Always nil for items from another process. On a drop
    /// session's items it reads and writes the source item's object.
    public var localObject: Any? {
        get { sourceItem?.localObject ?? ownLocalObject }
        set {
            if let sourceItem { sourceItem.localObject = newValue } else { ownLocalObject = newValue }
        }
    }

    /// Makes a preview when a toolkit needs one; nil shows the lifted view.
    public var previewProvider: (@MainActor () -> DragPreview?)?

    /// Creates an item for `itemProvider`.
    public init(itemProvider: ItemProvider) {
        self.itemProvider = itemProvider
        self.sourceItem = nil
    }

    /// A destination-side item for `source`, reading from `provider`.
    init(destinationSideOf source: DragItem?, provider: ItemProvider) {
        self.itemProvider = provider
        self.sourceItem = source
    }
}
