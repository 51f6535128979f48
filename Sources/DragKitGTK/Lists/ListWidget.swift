import DragAndDrop
import Foundation

/// A GTK list showing a ``ListView`` model, with its drag and drop: rows are
/// placed where the model's layout puts them, index paths come from pointer
/// positions, a hovering drag opens an insertion gap or highlights a row,
/// placeholder rows show what their handler fills in ("Loading…"), and the
/// list scrolls when a drag hovers near its top or bottom edge.
///
/// Rows are labels, `text` giving each item's text:
///
/// ```swift
/// let fruits = ListItems(["Apple", "Pear"])
/// let model = ListView(name: "fruits", dataSource: fruits,
///                      layout: ListRowLayout(width: 240) { _ in 32 })
/// model.dragDelegate = controller
/// model.dropDelegate = controller
/// let widget = ListWidget(model) { fruits[$0] }
/// window.child = widget.scroller
/// ```
///
/// or widgets of the app's own (a card with a picture and two labels),
/// made once and reused as rows move, filled in by `configure`:
///
/// ```swift
/// let board = ListWidget(model, row: { CardView() }) { card, indexPath in
///     card.show(caches[indexPath])
/// }
/// ```
///
/// Placeholder rows are always labels ("Loading…"), so a placeholder's
/// `cellUpdateHandler` receives a ``Label``.
@MainActor
public final class ListWidget {
    /// The list model the widget shows.
    public let model: ListView
    /// The widget to put in a window: a scrolled viewport.
    public let scroller = ScrolledWindow()
    /// The content that holds the rows (coordinates are the layout's).
    let content = Fixed()
    private let makeRow: @MainActor () -> Widget
    private let configureRow: @MainActor (Widget, IndexPath) -> Void
    /// Row widgets in presented order, across sections; reused across
    /// updates so a change moves and refills rows in one frame (no flicker).
    private var rowWidgets: [Widget] = []
    private var highlighted: Widget?
    private let gap = Label()
    private var autoScroll: AutoScroller?
    private var previousOnEvent: (@MainActor (ListViewEvent) -> Void)?
    /// Selection state, see ListWidget+Selection.swift.
    var selection = ListSelectionState()

    /// Distance from the viewport's top or bottom edge within which a
    /// hovering drag scrolls the list.
    public var autoScrollMargin: Double = 32

    /// Shows `model` in label rows; `text` gives the text of the data
    /// source's item at an index path. Rows read as GTK list rows do: the
    /// text at the leading edge with room on both sides, and "…" where it
    /// is too long.
    public convenience init(_ model: ListView, text: @escaping @MainActor (IndexPath) -> String) {
        ListWidget.installTextRowStyle()
        self.init(model, row: ListWidget.makeTextRow, configure: { label, indexPath in label.text = text(indexPath) })
    }

    private static func makeTextRow() -> Label {
        let label = Label()
        label.textAlignment = 0
        label.truncates = true
        label.addStyleClass("dragkit-text-row")
        return label
    }

    private static var textRowStyleInstalled = false

    private static func installTextRowStyle() {
        guard !textRowStyleInstalled else { return }
        textRowStyleInstalled = true
        StyleSheet.add(".dragkit-text-row { padding-left: 12px; padding-right: 12px; }")
    }

    /// Shows `model` in rows made by `row` and filled in by `configure` with
    /// the data source's item at an index path. A row is sized and placed
    /// where the model's layout says.
    public init<Row: Widget>(_ model: ListView, row: @escaping @MainActor () -> Row,
                             configure: @escaping @MainActor (Row, IndexPath) -> Void) {
        self.model = model
        makeRow = row
        configureRow = { widget, indexPath in
            if let row = widget as? Row { configure(row, indexPath) }
        }
        scroller.child = content
        scroller.scrollsToFocus = false
        scroller.setExpands(horizontally: true, vertically: true)
        content.addStyleClass("dragkit-list")
        // The content fills the viewport even when the rows do not, so a
        // drop below the last row still lands on the list (at its end).
        content.setExpands(horizontally: true, vertically: true)
        gap.addStyleClass("dragkit-insertion-gap")
        gap.isVisible = false
        content.place(gap, at: .zero)
        previousOnEvent = model.onEvent
        model.onEvent = { [weak self] event in
            self?.handle(event)
            self?.previousOnEvent?(event)
        }
        let bridge = DesktopDragDrop.shared
        let source = bridge.bindSource(content, node: model.node)
        source.iconProvider = { [weak self] point in self?.liftedRow(at: point) }
        let target = bridge.bindTarget(content, node: model.node)
        autoScroll = AutoScroller(list: self)
        target.hoverObserver = { [weak self] point in self?.autoScroll?.hover(at: point) }
        installSelectionInput()
        reloadRows()
    }

    /// The widget showing the presented row at `indexPath` (a ``Label`` for
    /// placeholders and text rows), if any.
    public func rowWidget(at indexPath: IndexPath) -> Widget? {
        flatIndex(of: indexPath).flatMap { rowWidgets.indices.contains($0) ? rowWidgets[$0] : nil }
    }

    /// The texts of the label rows as shown, section by section.
    public var shownTexts: [[String]] {
        (0..<model.numberOfSections).map { section in
            (0..<model.numberOfItems(inSection: section)).compactMap {
                (rowWidget(at: IndexPath(item: $0, section: section)) as? Label)?.text
            }
        }
    }

    // MARK: - Rendering

    private func handle(_ event: ListViewEvent) {
        switch event {
        case .rowsChanged:
            reloadRows()
        case .dropHoverChanged(let hover):
            show(hover)
        case .placeholderNeedsCellUpdate(let placeholder, let indexPath):
            if let label = rowWidget(at: indexPath) as? Label { placeholder.updateCell(label) }
        case .dropAnimation:
            // Rows are already in place when the coordinator asks; GTK's drag
            // icon disappears at the drop, so there is nothing to fly.
            break
        }
    }

    /// Brings the row widgets in line with the model: reuses rows in
    /// order, adds or removes only the difference.
    private func reloadRows() {
        var index = 0
        var contentHeight = 0.0
        for section in 0..<model.numberOfSections {
            for item in 0..<model.numberOfItems(inSection: section) {
                let indexPath = IndexPath(item: item, section: section)
                let row = model.row(at: indexPath)
                var isPlaceholder = false
                if case .placeholder? = row { isPlaceholder = true }
                let widget = reusableRow(at: index, placeholder: isPlaceholder)
                let frame = model.frameForItem(at: indexPath) ?? .zero
                widget.setSizeRequest(width: Int(frame.width), height: Int(frame.height))
                content.place(widget, at: frame.origin)
                switch row {
                case .placeholder(let placeholder)?:
                    if let label = widget as? Label {
                        label.text = ""
                        placeholder.updateCell(label)
                    }
                case .item(let itemPath)?:
                    configureRow(widget, itemPath)
                case nil:
                    break
                }
                contentHeight = max(contentHeight, frame.maxY)
                index += 1
            }
        }
        while rowWidgets.count > index {
            content.remove(rowWidgets.removeLast())
        }
        content.setSizeRequest(width: Int(model.layout.contentSize.width), height: Int(max(contentHeight, model.layout.contentSize.height)))
        show(model.dropHover)
        showSelection()
    }

    /// The row widget at flat position `index`, reused when it is of the
    /// right kind (placeholder label or app row), made anew otherwise.
    private func reusableRow(at index: Int, placeholder: Bool) -> Widget {
        if index < rowWidgets.count, rowWidgets[index].hasStyleClass("dragkit-placeholder") == placeholder {
            return rowWidgets[index]
        }
        let widget: Widget
        if placeholder {
            widget = Label()
            widget.addStyleClass("dragkit-placeholder")
        } else {
            widget = makeRow()
        }
        widget.addStyleClass("dragkit-row")
        if index < rowWidgets.count {
            content.remove(rowWidgets[index])
            rowWidgets[index] = widget
        } else {
            rowWidgets.append(widget)
        }
        return widget
    }

    private func show(_ hover: ListDropHover?) {
        highlighted?.removeStyleClass("dragkit-drop-highlight")
        highlighted = nil
        gap.isVisible = false
        switch hover {
        case .gap(let before)?:
            let y: Double
            if let frame = model.frameForItem(at: before) {
                y = frame.minY
            } else if before.item > 0, let last = model.frameForItem(at: IndexPath(item: before.item - 1, section: before.section)) {
                y = last.maxY
            } else {
                y = 0
            }
            gap.setSizeRequest(width: Int(model.layout.contentSize.width), height: 4)
            content.place(gap, at: CGPoint(x: 0, y: max(0, y - 2)))
            gap.isVisible = true
        case .highlight(let indexPath)?:
            highlighted = rowWidget(at: indexPath)
            highlighted?.addStyleClass("dragkit-drop-highlight")
        case nil:
            break
        }
    }

    private func liftedRow(at point: CGPoint) -> (widget: Widget, hotSpot: (x: Int, y: Int))? {
        guard let indexPath = model.indexPathForItem(at: point), let row = rowWidget(at: indexPath),
              let frame = model.frameForItem(at: indexPath) else { return nil }
        return (row, (Int(point.x - frame.minX), Int(point.y - frame.minY)))
    }

    func flatIndex(of indexPath: IndexPath) -> Int? {
        guard indexPath.section < model.numberOfSections,
              indexPath.item < model.numberOfItems(inSection: indexPath.section) else { return nil }
        let before = (0..<indexPath.section).reduce(0) { $0 + model.numberOfItems(inSection: $1) }
        return before + indexPath.item
    }
}
