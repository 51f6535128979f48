/// A drop target's answer to a moving drag: the operation a drop would
/// perform, and hints for how to show it (`UIDropProposal`).
///
/// ```swift
/// func dropInteraction(_ interaction: DropInteraction, sessionDidUpdate session: DropSession) -> DropProposal {
///     session.localDragSession == nil ? .copy : DropProposal(operation: .move, isPrecise: true)
/// }
/// ```
public struct DropProposal: Sendable, Hashable, CustomStringConvertible {
    /// What a drop would do.
    public var operation: DropOperation
    /// Whether the target needs a precise location (the toolkit may offset
    /// the drag point from the finger or pointer to show it).
    public var isPrecise: Bool
    /// Whether the drag preview should grow to the item's full size.
    public var prefersFullSizePreview: Bool

    /// A proposal for `operation`, not precise, without full-size previews.
    public init(operation: DropOperation, isPrecise: Bool = false, prefersFullSizePreview: Bool = false) {
        self.operation = operation
        self.isPrecise = isPrecise
        self.prefersFullSizePreview = prefersFullSizePreview
    }

    /// `DropProposal(operation: .cancel)`.
    public static let cancel = DropProposal(operation: .cancel)
    /// `DropProposal(operation: .forbidden)`.
    public static let forbidden = DropProposal(operation: .forbidden)
    /// `DropProposal(operation: .copy)`.
    public static let copy = DropProposal(operation: .copy)
    /// `DropProposal(operation: .move)`.
    public static let move = DropProposal(operation: .move)

    public var description: String {
        var text = operation.description
        if isPrecise { text += " precise" }
        if prefersFullSizePreview { text += " full-size" }
        return text
    }
}
