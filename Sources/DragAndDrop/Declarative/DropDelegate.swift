import Foundation

/// A SwiftUI-style drop handler (SwiftUI's `DropDelegate`), given to
/// ``ViewNode/onDrop(of:delegate:)``. Only ``performDrop(info:)`` is
/// required.
///
/// For one drag over the view, calls come in SwiftUI's order:
/// 1. nothing at all unless the drag carries an item conforming to one of
///    the modifier's types;
/// 2. ``validateDrop(info:)`` when the drag enters (false: the view is not a
///    target for this drag until it leaves and comes back),
/// 3. ``dropEntered(info:)``, then ``dropUpdated(info:)`` on that move and
///    every following one,
/// 4. ``dropExited(info:)`` when the drag leaves (or is let go here while
///    the proposal is cancel or forbidden),
/// 5. ``performDrop(info:)`` when it is let go here with a copy or move
///    proposal; returning false refuses the drop (the source is told the
///    drag was cancelled). No ``dropExited(info:)`` follows a drop.
///
/// ```swift
/// final class TrashDrop: DropDelegate {
///     func dropUpdated(info: DropInfo) -> DropProposal? { .move }
///     func performDrop(info: DropInfo) -> Bool {
///         store.delete(info.session.items.compactMap { $0.localObject as? TodoItem })
///         return true
///     }
/// }
/// trashView.onDrop(of: [.todoItem], delegate: TrashDrop())
/// ```
@MainActor
public protocol DropDelegate {
    /// Whether the view takes this drag. Default: whether any item conforms
    /// to one of the modifier's types (which has already been checked, so
    /// the default says yes).
    func validateDrop(info: DropInfo) -> Bool

    /// A validated drag entered the view. Default: nothing.
    func dropEntered(info: DropInfo)

    /// What a drop at `info.location` would do. Default: nil, which keeps
    /// the last proposal returned during this hover, or copy.
    func dropUpdated(info: DropInfo) -> DropProposal?

    /// The drag left the view. Default: nothing.
    func dropExited(info: DropInfo)

    /// The user let go here: load the items (``DropInfo/itemProviders(for:)``)
    /// and change the model. Return false to refuse the drop.
    func performDrop(info: DropInfo) -> Bool
}

extension DropDelegate {
    public func validateDrop(info: DropInfo) -> Bool {
        info.hasItemsConforming(to: info.acceptedTypes)
    }

    public func dropEntered(info: DropInfo) {}

    public func dropUpdated(info: DropInfo) -> DropProposal? { nil }

    public func dropExited(info: DropInfo) {}
}
