import DragAndDrop

/// The rows a screen's list shows: a copy of the store's order, replaced
/// whenever the store changes (the list then reloads).
@MainActor
final class Rows<Element>: ListDataSource {
    var elements: [Element] = []

    func numberOfItems(inSection section: Int) -> Int { elements.count }
}

/// Sizes shared by the screens' list layouts.
enum ScreenMetrics {
    static let width = 360.0
    static let rowHeight = 36.0
}
