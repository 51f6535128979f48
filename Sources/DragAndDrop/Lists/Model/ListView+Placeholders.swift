import Foundation

extension ListView {
    /// Shows `placeholder` at its insertion index path without touching the
    /// data source.
    func insertPlaceholder(_ placeholder: DropPlaceholder, for dragItem: DragItem) throws(ListUpdateError) -> PlaceholderContext {
        let target = placeholder.insertionIndexPath
        guard target.count == 2, state.itemCounts.indices.contains(target.section),
              (0...state.itemCounts[target.section]).contains(target.item) else {
            let sections = state.itemCounts.count
            let reason = target.count == 2 && target.section >= 0 && target.section < sections
                ? "section \(target.section) holds \(state.itemCounts[target.section]) items, so the item must be "
                    + "0...\(state.itemCounts[target.section])"
                : "the list has \(sections) sections"
            throw ListUpdateError(
                .indexPathOutOfRange,
                "A placeholder cannot go at \(target): \(reason). Nothing was inserted.",
                section: target.count == 2 ? target.section : nil, indexPath: target)
        }
        let id = nextPlaceholderID
        nextPlaceholderID += 1
        placeholders[id] = placeholder
        do {
            try apply(
                ListUpdateBatch(),
                addingPlaceholders: [ListState.Slot(id: id, section: target.section, anchor: target.item)])
        } catch {
            placeholders[id] = nil
            throw error
        }
        return PlaceholderContext(list: self, id: id, dragItem: dragItem, placeholder: placeholder)
    }

    /// Takes a placeholder away without changing the data source.
    func removePlaceholder(_ id: Int) {
        // An empty batch can only fail if the data source changed behind the
        // list's back; the list has then re-read it and the placeholder must
        // still go.
        do {
            try apply(ListUpdateBatch(), removingPlaceholders: [id])
        } catch {
            state.discardPlaceholder(id: id)
            placeholders[id] = nil
            layout.prepare(rows)
            onEvent?(.rowsChanged(.reload))
            return
        }
        placeholders[id] = nil
    }
}
