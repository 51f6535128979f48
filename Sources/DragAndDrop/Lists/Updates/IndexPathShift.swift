import Foundation

/// Where an item that was at some index path before a batch of changes is
/// after it: nil if it was deleted, its destination if it was moved, and
/// otherwise shifted past the items that left above it and arrived at or
/// above its new place.
enum IndexPathShift {
    static func indexPath(
        after deleted: [IndexPath], _ inserted: [IndexPath], _ moved: [ListItemMove], for old: IndexPath
    ) -> IndexPath? {
        if deleted.contains(old) { return nil }
        if let move = moved.first(where: { $0.from == old }) { return move.to }
        let section = old.section
        var item = old.item
        item -= deleted.count { $0.section == section && $0.item < old.item }
        item -= moved.count { $0.from.section == section && $0.from.item < old.item }
        var arrivals = inserted.filter { $0.section == section }.map(\.item)
        arrivals += moved.filter { $0.to.section == section }.map(\.to.item)
        for arrival in arrivals.sorted() where arrival <= item { item += 1 }
        return IndexPath(item: item, section: section)
    }
}
