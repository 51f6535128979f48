/// How a list would place a drop, and so what it shows while hovering
/// (UIKit's `UICollectionViewDropProposal.Intent`).
public enum ListDropIntent: Sendable, Hashable {
    /// The list does not know yet where the drop goes and shows nothing;
    /// the app gives its own feedback.
    case unspecified
    /// The items go in at the destination index path: the list opens a gap
    /// there (``ListDropHover/gap(before:)``).
    case insertAtDestinationIndexPath
    /// The items go into the row at the destination index path (a folder,
    /// a lane): the list highlights that row (``ListDropHover/highlight(_:)``).
    case insertIntoDestinationIndexPath
    /// The list picks one of the two from where the pointer is in the row:
    /// the middle half means into the row, the leading or trailing quarter
    /// means at that edge. Use it only when the list supports both.
    case automatic
}
