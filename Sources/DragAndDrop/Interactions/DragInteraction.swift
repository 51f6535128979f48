/// Makes a view node a drag source: a lift on the node asks the delegate for
/// the items to drag (`UIDragInteraction`).
///
/// ```swift
/// photoView.addInteraction(DragInteraction(delegate: self))
///
/// func dragInteraction(_ interaction: DragInteraction,
///                      itemsForBeginning session: DragSession) -> [DragItem] {
///     [DragItem(itemProvider: ItemProvider(object: photo))]
/// }
/// ```
@MainActor
public final class DragInteraction: Interaction {
    /// The delegate providing items and told about the session. Held weakly:
    /// without a delegate the interaction starts no drags.
    public weak var delegate: (any DragInteractionDelegate)?

    /// A disabled interaction starts no drags and adds no items.
    public var isEnabled = true

    public private(set) weak var view: ViewNode?

    /// A delegate the interaction keeps alive itself: the declarative
    /// modifiers (``ViewNode/onDrag(_:preview:)``) make theirs on the fly,
    /// with nobody else to hold them.
    var retainedDelegate: (any DragInteractionDelegate)?

    /// Creates an interaction that asks `delegate` for items.
    public init(delegate: any DragInteractionDelegate) {
        self.delegate = delegate
    }

    public func willMove(to view: ViewNode?) {}

    public func didMove(to view: ViewNode?) {
        self.view = view
    }
}
