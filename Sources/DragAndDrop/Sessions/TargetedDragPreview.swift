import Foundation

/// A drag preview with the place it is shown at or flies to (UIKit's
/// `UITargetedDragPreview`): when a drag is cancelled, back to where the
/// item was lifted; when it is dropped, to the item's spot in the target.
///
/// ```swift
/// func dropInteraction(_ interaction: DropInteraction, previewForDropping item: DragItem,
///                      withDefault defaultPreview: TargetedDragPreview) -> TargetedDragPreview? {
///     TargetedDragPreview(preview: DragPreview(view: slot), target: board, center: slot.frame.center)
/// }
/// ```
public struct TargetedDragPreview: Sendable {
    /// What is shown.
    public var preview: DragPreview
    /// The view whose coordinates ``center`` is in.
    public var target: ViewNode
    /// Where the preview's centre goes, in ``target``'s coordinates.
    public var center: CGPoint

    /// A preview shown centred on `center` in `target`.
    public init(preview: DragPreview = DragPreview(), target: ViewNode, center: CGPoint) {
        self.preview = preview
        self.target = target
        self.center = center
    }
}
