import Foundation

/// Which rows of a ``ListView`` are selected, and where the keyboard
/// focus is: data source index paths (placeholders are never selected).
///
/// The list keeps its selection on the same items through every batch
/// update (an insertion above a selected row shifts it down; a deleted
/// row leaves the selection), as UITableView does, and through
/// ``ListView/reloadData()`` when its data source names its items
/// (``ListItemIdentifying``). So the rows shown selected are always the
/// items an action will act on.
///
/// ```swift
/// list.allowsMultipleSelection = true
/// list.select(IndexPath(item: 2, section: 0))
/// list.select(IndexPath(item: 5, section: 0), mode: .extend)   // Shift-click: rows 2 to 5
/// list.indexPathsForSelectedItems                              // [2, 3, 4, 5]
/// ```
public struct ListSelection: Sendable, Hashable {
    /// The selected items.
    public internal(set) var indexPaths: Set<IndexPath> = []
    /// Where a range selection (Shift) starts: the last row chosen on its own.
    public internal(set) var anchor: IndexPath?
    /// The row the keyboard acts on: the last one chosen, moved by the arrow keys.
    public internal(set) var focus: IndexPath?

    /// No row selected.
    public init() {}

    /// Whether no row is selected.
    public var isEmpty: Bool { indexPaths.isEmpty }

    /// The selected index paths in list order.
    public var sorted: [IndexPath] { indexPaths.sorted() }
}

/// How ``ListView/select(_:mode:)`` combines a row with the selection.
public struct ListSelectionMode: Sendable, Hashable {
    let rawValue: Int

    /// Only this row (a plain click, or an arrow key).
    public static let replace = ListSelectionMode(rawValue: 0)
    /// This row in or out, the others kept (Ctrl-click).
    public static let toggle = ListSelectionMode(rawValue: 1)
    /// Every row from the anchor to this one (Shift-click, Shift+arrow).
    public static let extend = ListSelectionMode(rawValue: 2)
    /// Only the focus moves; the selection stays (Ctrl+arrow).
    public static let focusOnly = ListSelectionMode(rawValue: 3)
}

/// A data source that names its items, so a list keeps the same items
/// selected when it reloads everything (``ListView/reloadData()``), as
/// it does through batch updates.
///
/// ```swift
/// extension ContactsModel: ListItemIdentifying {
///     func itemIdentifier(at indexPath: IndexPath) -> AnyHashable? { contacts[indexPath.item].id }
/// }
/// ```
@MainActor
public protocol ListItemIdentifying: ListDataSource {
    /// A value naming the item at `indexPath`, equal for the same item
    /// across changes (a database id, a UUID).
    func itemIdentifier(at indexPath: IndexPath) -> AnyHashable?

    /// Where the item named `identifier` is now, or nil when it is gone.
    /// The default looks at every item; a model with an index answers faster.
    func indexPath(forItemIdentifier identifier: AnyHashable) -> IndexPath?
}

extension ListItemIdentifying {
    public func indexPath(forItemIdentifier identifier: AnyHashable) -> IndexPath? {
        for section in 0..<numberOfSections {
            for item in 0..<numberOfItems(inSection: section) {
                let indexPath = IndexPath(item: item, section: section)
                if itemIdentifier(at: indexPath) == identifier { return indexPath }
            }
        }
        return nil
    }
}
