import Foundation

/// What a ``ListView`` presents, as a layout or a toolkit reads it: sections,
/// the number of rows in each (drop placeholders included) and what each row
/// shows.
@MainActor
public struct ListRows {
    let state: ListState
    let placeholders: [Int: DropPlaceholder]

    /// The number of sections.
    public var numberOfSections: Int { state.numberOfSections }

    /// The number of presented rows in a section, placeholders included.
    public func numberOfItems(inSection section: Int) -> Int {
        state.presentedCount(inSection: section)
    }

    /// What the presented row at `indexPath` shows, or nil if there is no such row.
    public func row(at indexPath: IndexPath) -> ListRow? {
        switch state.row(at: indexPath) {
        case .item(let dataIndexPath): .item(dataIndexPath)
        case .placeholder(let id): placeholders[id].map { .placeholder($0) }
        case nil: nil
        }
    }
}

/// What one presented row of a list shows.
@MainActor
public enum ListRow {
    /// The data source's item at this (data source) index path.
    case item(IndexPath)
    /// A drop placeholder standing in for an item that is still loading.
    case placeholder(DropPlaceholder)

    /// The data source index path, or nil for a placeholder.
    public var itemIndexPath: IndexPath? {
        if case .item(let indexPath) = self { indexPath } else { nil }
    }

    /// The placeholder, or nil for an item.
    public var placeholder: DropPlaceholder? {
        if case .placeholder(let placeholder) = self { placeholder } else { nil }
    }
}
