import Foundation

/// What a list shows under a drag it is hovering, for a toolkit to draw.
/// Index paths are presented index paths (placeholders count as rows).
public enum ListDropHover: Sendable, Hashable {
    /// A gap opened before this row; an item equal to the section's row
    /// count means after the last row.
    case gap(before: IndexPath)
    /// This row is highlighted as the container the items go into.
    case highlight(IndexPath)
}
