import DragAndDrop
import Foundation

/// The `ListLayout` of a list a program draws itself: row frames are
/// read from its widget when asked (see ``WidgetListRows``), so they are
/// always those on screen and nothing is measured twice.
@MainActor
final class WidgetRowLayout: ListLayout {
    /// The list widget; a destroyed one has no rows.
    weak var widget: Widget?
    let rowSpec: WidgetListRows
    private var counts: [Int] = []

    init(widget: Widget, rows: WidgetListRows) {
        self.widget = widget
        rowSpec = rows
    }

    var insertionAxis: ListAxis { rowSpec.axis }

    var contentSize: CGSize { widget?.size ?? .zero }

    func prepare(_ rows: ListRows) {
        counts = (0..<rows.numberOfSections).map { rows.numberOfItems(inSection: $0) }
    }

    func frameForItem(at indexPath: IndexPath) -> CGRect? {
        guard let widget, counts.indices.contains(indexPath.section),
              (0..<counts[indexPath.section]).contains(indexPath.item) else { return nil }
        return rowSpec.frame(widget, indexPath)
    }

    /// - Complexity: O(n): every row's frame is read from GTK until one
    ///   holds the point (children in one walk).
    func indexPathForItem(at point: CGPoint) -> IndexPath? {
        if let widget, let allFrames = rowSpec.firstSectionFrames, counts.count == 1 {
            let frames = allFrames(widget).prefix(counts[0])
            return frames.firstIndex { $0?.contains(point) == true }.map { IndexPath(item: $0, section: 0) }
        }
        for section in counts.indices {
            for item in 0..<counts[section] {
                let indexPath = IndexPath(item: item, section: section)
                if let frame = frameForItem(at: indexPath), frame.contains(point) { return indexPath }
            }
        }
        return nil
    }

    /// The widget showing the row at `indexPath`, when rows are widgets.
    func rowWidget(at indexPath: IndexPath) -> Widget? {
        guard let widget, frameForItem(at: indexPath) != nil else { return nil }
        return rowSpec.rowWidget?(widget, indexPath)
    }
}
