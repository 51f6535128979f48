import Foundation

/// One place a keyboard drag can stop at: a point in a view that carries
/// (or sits under) a drop interaction.
@MainActor
public struct KeyboardDropPoint {
    /// What kind of place it is.
    public enum Kind: Sendable, Hashable {
        /// The center of a drop interaction's view.
        case view
        /// A place an app named with ``ViewNode/accessibilityDropPointDescriptors``.
        case descriptor(String)
        /// The leading part of a list row: a drop here inserts before it
        /// (or, after the last row, at the end of the section).
        case listInsertion(before: IndexPath)
        /// The middle of a list row: a drop here goes into the row when the
        /// list's delegate proposes that intent.
        case listRow(IndexPath)
    }

    /// What kind of place it is.
    public let kind: Kind
    /// The view the point is in.
    public let view: ViewNode
    /// The point, in ``view``'s coordinates.
    public let location: CGPoint
    /// The list whose row or insertion position this is, if any.
    public let list: ListView?

    /// The point in screen coordinates, which orders points on screen.
    var screenLocation: CGPoint { view.convert(location, to: nil) }
}
