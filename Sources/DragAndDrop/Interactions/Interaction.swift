/// Something attached to a view node that gives it behaviour, as
/// `UIInteraction` does for `UIView`: DragInteraction, DropInteraction,
/// SpringLoadedInteraction.
///
/// ``ViewNode/addInteraction(_:)`` calls `willMove(to:)` and `didMove(to:)`;
/// an interaction keeps a weak reference to its node.
@MainActor
public protocol Interaction: AnyObject {
    /// The node the interaction is attached to.
    var view: ViewNode? { get }
    /// Called before the interaction is attached to `view` (nil: detached).
    func willMove(to view: ViewNode?)
    /// Called after the interaction is attached to `view` (nil: detached).
    func didMove(to view: ViewNode?)
}
