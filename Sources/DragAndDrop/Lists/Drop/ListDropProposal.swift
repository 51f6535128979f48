/// What a drop on a list would do: the operation, and how the list places
/// the items (`UICollectionViewDropProposal`).
///
/// ```swift
/// ListDropProposal(operation: .move, intent: .insertAtDestinationIndexPath)
/// ```
public struct ListDropProposal: Sendable, Hashable, CustomStringConvertible {
    /// Copy, move, cancel or forbidden, as for any drop.
    public var operation: DropOperation
    /// Where the items go relative to the destination index path.
    public var intent: ListDropIntent
    /// Whether the drop needs precise pointing (as ``DropProposal/isPrecise``).
    public var isPrecise: Bool
    /// Whether the preview should grow to its full size (as ``DropProposal/prefersFullSizePreview``).
    public var prefersFullSizePreview: Bool

    /// A proposal to `operation` the items, placed as `intent` says.
    public init(
        operation: DropOperation, intent: ListDropIntent = .unspecified,
        isPrecise: Bool = false, prefersFullSizePreview: Bool = false
    ) {
        self.operation = operation
        self.intent = intent
        self.isPrecise = isPrecise
        self.prefersFullSizePreview = prefersFullSizePreview
    }

    /// The plain drop proposal the engine acts on.
    public var dropProposal: DropProposal {
        DropProposal(operation: operation, isPrecise: isPrecise, prefersFullSizePreview: prefersFullSizePreview)
    }

    public var description: String {
        "\(dropProposal) \(intent)"
    }
}
