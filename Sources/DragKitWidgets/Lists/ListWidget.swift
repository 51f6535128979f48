import CGtk4
import DragAndDrop
import DragKitGTK
import Foundation

/// A GTK list showing a `ListView` model, with its drag and drop: rows are
/// placed where the model's layout puts them, index paths come from pointer
/// positions, a hovering drag opens an insertion gap or highlights a row,
/// placeholder rows show what their handler fills in ("Loading…"), and the
/// list scrolls when a drag hovers near its top or bottom edge.
///
/// Only the rows in view, plus a margin, have widgets: they are made once
/// and reused as the list scrolls or changes, so a list of 100,000 rows
/// costs what a screenful does.
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
/// reused as rows scroll by, filled in by `configure`:
///
/// ```swift
/// let board = ListWidget(model, row: { CardView() }) { card, indexPath in
///     card.show(caches[indexPath])
/// }
/// ```
///
/// Placeholder rows are always labels ("Loading…"), so a placeholder's
/// `cellUpdateHandler` receives a ``Label``.
///
/// To assistive technologies the list is a list and each row a list item
/// named by ``rowAccessibleName`` (text rows: their text).
@MainActor
public final class ListWidget {
    /// The list model the widget shows.
    public let model: ListView
    /// The widget to put in a window: a scrolled viewport.
    public let scroller = ScrolledWindow()
    /// The content that holds the rows (coordinates are the layout's). It
    /// draws only the rows in view: those kept made in the ``overscan``
    /// wait unseen, drawn only once a scroll shows them.
    let content = Fixed(role: GTK_ACCESSIBLE_ROLE_LIST, drawsOnlyShownChildren: true)
    /// The content with the empty state over it.
    private lazy var layers = Overlay(content)
    private let makeRow: @MainActor () -> Widget
    private let configureRow: @MainActor (Widget, IndexPath) -> Void
    /// The cells on screen, by presented index path.
    private(set) var cells: [IndexPath: ListRowCell] = [:]
    /// Cells out of view, kept for reuse (app rows and placeholder labels apart).
    private var spareRows: [ListRowCell] = []
    private var sparePlaceholders: [ListRowCell] = []
    private var highlighted: Widget?
    /// The insertion line: an empty box, so its height is the 4 points it is given.
    private let gap = Box(.horizontal)
    /// The insertion line a hovering drag shows (hidden otherwise).
    var insertionLine: Widget { gap }
    private var autoScroll: AutoScroller?
    /// Takes the model's drags and drops on the content and pictures lifted rows.
    private var binding: ListBinding?
    private var previousOnEvent: (@MainActor (ListViewEvent) -> Void)?
    private var scrollConnections: [SignalConnection] = []
    private var layoutScheduled = false
    /// Selection input state, see ListWidget+Selection.swift.
    var selection = ListSelectionInput()

    /// Whether the list draws the insertion line and the row highlight under
    /// a hovering drag (on by default; off for an app that draws its own
    /// from `ListView/dropHover`).
    public var showsDropIndicator = true {
        didSet { show(model.dropHover) }
    }

    /// Distance from the viewport's top or bottom edge within which a
    /// hovering drag scrolls the list.
    public var autoScrollMargin: Double = 32

    /// How far beyond the viewport rows are kept made, in points, so a
    /// short scroll shows rows that are already filled in.
    public var overscan: Double = 400

    /// What the list shows while it has no rows ("Drop vCards here"),
    /// centred over the visible area. The pointer passes through it, so a
    /// drop on it lands in the list, at its start.
    public var emptyState: Widget? {
        didSet {
            if let oldValue, oldValue !== emptyState { layers.removeOverlay(oldValue) }
            if let emptyState, emptyState !== oldValue { layers.addOverlay(emptyState, passesInput: true) }
            layOutEmptyState()
        }
    }

    /// The name a screen reader says for the row at a data source index
    /// path (the text of text rows unless set).
    public var rowAccessibleName: (@MainActor (IndexPath) -> String?)? {
        didSet { nameCells() }
    }

    /// Shows `model` in label rows; `text` gives the text of the data
    /// source's item at an index path. Rows read as GTK list rows do: the
    /// text at the leading edge with room on both sides, and "…" where it
    /// is too long.
    public convenience init(_ model: ListView, text: @escaping @MainActor (IndexPath) -> String) {
        ListWidget.installTextRowStyle()
        self.init(model, row: ListWidget.makeTextRow, configure: { label, indexPath in label.text = text(indexPath) })
        // Observers do not run in an initializer: name the rows made so far.
        rowAccessibleName = text
        refreshCells()
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
        scroller.child = layers
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
        binding = ListBinding(model: model, widget: content) { [weak self] indexPath in self?.rowWidget(at: indexPath) }
        autoScroll = AutoScroller(list: self)
        binding?.hoverObserver = { [weak self] point in self?.autoScroll?.hover(at: point) }
        // Scrolling and resizing bring other rows into view. The content
        // draws only the rows in view, so it is drawn again even when a
        // short scroll makes or lets go no row (GTK would reuse its last
        // drawing, moved).
        let adjustment = ObjectReference(sinking: GPointer.raw(scroller.verticalAdjustmentPointer))
        for signal in ["value-changed", "changed"] {
            scrollConnections.append(Signal.connect(adjustment, signal) { [weak self] in
                self?.content.queueDraw()
                self?.scheduleLayout()
            })
        }
        installSelectionInput()
        ListWidget.installCellStyle()
        reloadRows()
    }

    /// The widget showing the presented row at `indexPath` (a ``Label`` for
    /// placeholders and text rows), while that row is in view (rows far
    /// out of view have no widget).
    public func rowWidget(at indexPath: IndexPath) -> Widget? {
        cells[indexPath]?.content
    }

    /// The rows that have widgets now, in presented order: those in view
    /// and a margin around them.
    public var rowsInView: [(indexPath: IndexPath, widget: Widget)] {
        cells.sorted { $0.key < $1.key }.map { ($0.key, $0.value.content) }
    }

    /// The texts of the label rows in view, section by section.
    public var shownTexts: [[String]] {
        (0..<model.numberOfSections).map { section in
            rowsInView.filter { $0.indexPath.section == section }.compactMap { ($0.widget as? Label)?.text }
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
        case .selectionChanged:
            showSelection()
        }
    }

    /// Brings the rows in view in line with the model after it changed:
    /// every row in view is filled in again (index paths may have shifted),
    /// in the cell that showed that position when it is of the right kind,
    /// and the content takes the layout's size.
    private func reloadRows() {
        let size = model.layout.contentSize
        content.setSizeRequest(width: Int(size.width), height: Int(size.height))
        layOutVisibleRows(refillingAll: true)
        show(model.dropHover)
    }

    /// Lays the rows in view out at the start of the next frame: the
    /// adjustment changes while GTK lays the window out (its page size,
    /// a clamped position), when children cannot be added.
    private func scheduleLayout() {
        guard !layoutScheduled else { return }
        layoutScheduled = true
        content.atNextFrame { [weak self] in
            guard let self else { return }
            layoutScheduled = false
            layOutVisibleRows()
        }
    }

    /// Makes cells for the rows that came into view and lets go of those
    /// that left it; rows that stay keep their cells untouched unless
    /// `refillingAll`. A cell whose row left takes a row that came, as it
    /// is: shown and in the list, only moved and filled in again, so a
    /// scroll by a page hides and shows no widget.
    func layOutVisibleRows(refillingAll: Bool = false) {
        var previous = cells
        cells = [:]
        var arriving: [(indexPath: IndexPath, row: ListRow)] = []
        for indexPath in visibleIndexPaths() {
            guard let row = model.row(at: indexPath) else { continue }
            if let cell = previous[indexPath], cell.isPlaceholder == (row.placeholder != nil) {
                previous[indexPath] = nil
                cells[indexPath] = cell
                if refillingAll { place(cell, at: indexPath, showing: row) }
            } else {
                arriving.append((indexPath, row))
            }
        }
        // In presented order, so the same scroll hands the same cells over.
        var leaving = previous.sorted { $0.key < $1.key }.map(\.value)
        for (indexPath, row) in arriving {
            let isPlaceholder = row.placeholder != nil
            let cell: ListRowCell
            if let index = leaving.firstIndex(where: { $0.isPlaceholder == isPlaceholder }) {
                cell = leaving.remove(at: index)
                clear(cell)
            } else {
                cell = dequeueCell(placeholder: isPlaceholder)
            }
            cells[indexPath] = cell
            place(cell, at: indexPath, showing: row)
        }
        for cell in leaving { recycle(cell) }
        showSelection()
        layOutEmptyState()
    }

    /// Shows the empty state while no section has a row.
    private func layOutEmptyState() {
        guard let emptyState else { return }
        emptyState.isVisible = (0..<model.numberOfSections).allSatisfy { model.numberOfItems(inSection: $0) == 0 }
    }

    private func place(_ cell: ListRowCell, at indexPath: IndexPath, showing row: ListRow) {
        let frame = model.frameForItem(at: indexPath) ?? .zero
        cell.setSizeRequest(width: Int(frame.width), height: Int(frame.height))
        content.place(cell, at: frame.origin)
        cell.isVisible = true
        cell.indexPath = indexPath
        fill(cell, with: row)
    }

    private func fill(_ cell: ListRowCell, with row: ListRow) {
        if let placeholder = row.placeholder {
            if let label = cell.content as? Label {
                label.text = ""
                placeholder.updateCell(label)
            }
            cell.accessibleLabel = (cell.content as? Label)?.text
        } else if let itemPath = row.itemIndexPath {
            configureRow(cell.content, itemPath)
            if let name = rowAccessibleName?(itemPath) { cell.accessibleLabel = name }
        }
    }

    /// Names the rows shown with ``rowAccessibleName``, leaving their
    /// content as it is (it did not change).
    private func nameCells() {
        guard let name = rowAccessibleName else { return }
        for (indexPath, cell) in cells {
            if let itemPath = model.row(at: indexPath)?.itemIndexPath, let text = name(itemPath) { cell.accessibleLabel = text }
        }
    }

    private func refreshCells() {
        for (indexPath, cell) in cells {
            if let row = model.row(at: indexPath) { fill(cell, with: row) }
        }
    }

    private func dequeueCell(placeholder: Bool) -> ListRowCell {
        if placeholder, let cell = sparePlaceholders.popLast() { return cell }
        if !placeholder, let cell = spareRows.popLast() { return cell }
        return ListRowCell(content: placeholder ? Label() : makeRow(), isPlaceholder: placeholder)
    }

    /// Keeps a cell for reuse: hidden in place, out of the focus chain.
    private func recycle(_ cell: ListRowCell) {
        clear(cell)
        cell.isVisible = false
        if cell.isPlaceholder { sparePlaceholders.append(cell) } else { spareRows.append(cell) }
    }

    /// Takes what a cell showed for its last row off it (selection, drop
    /// highlight, its place in the focus chain). A cell holding the
    /// keyboard focus hands it to the list first.
    private func clear(_ cell: ListRowCell) {
        if cell.hasFocus { content.grabFocus() }
        cell.indexPath = nil
        cell.isFocusable = false
        cell.showsSelected = false
        cell.isAccessibleSelected = false
        // Only the highlighted row has the class: asking GTK of every cell costs a lookup each.
        if highlighted === cell.content {
            cell.content.removeStyleClass("dragkit-drop-highlight")
            highlighted = nil
        }
    }

    /// The presented rows whose frames meet the viewport grown by
    /// ``overscan``, in order. Rows lie top to bottom in presented order
    /// (lists and wrapping grids alike), so each section is searched by
    /// halving, then walked while rows are in view.
    private func visibleIndexPaths() -> [IndexPath] {
        let height = scroller.visibleHeight > 0 ? scroller.visibleHeight : 1_000
        let top = scroller.verticalOffset - overscan
        let bottom = scroller.verticalOffset + height + overscan
        var result: [IndexPath] = []
        for section in 0..<model.numberOfSections {
            let count = model.numberOfItems(inSection: section)
            var low = 0, high = count
            while low < high {
                let middle = (low + high) / 2
                let maxY = model.frameForItem(at: IndexPath(item: middle, section: section))?.maxY ?? .infinity
                if maxY <= top { low = middle + 1 } else { high = middle }
            }
            var item = low
            while item < count, let frame = model.frameForItem(at: IndexPath(item: item, section: section)),
                  frame.minY < bottom {
                result.append(IndexPath(item: item, section: section))
                item += 1
            }
        }
        return result
    }

    private func show(_ hover: ListDropHover?) {
        highlighted?.removeStyleClass("dragkit-drop-highlight")
        highlighted = nil
        gap.isVisible = false
        guard showsDropIndicator else { return }
        switch hover {
        case .gap?:
            // Put last among the rows, so it is drawn over them.
            guard let hover, let line = model.dropIndicator(for: hover)?.frame else { break }
            content.remove(gap)
            gap.setSizeRequest(width: Int(line.width), height: Int(line.height))
            content.place(gap, at: line.origin)
            gap.isVisible = true
        case .highlight(let indexPath)?:
            highlighted = rowWidget(at: indexPath)
            highlighted?.addStyleClass("dragkit-drop-highlight")
        case nil:
            break
        }
    }

    private static var cellStyleInstalled = false

    private static func installCellStyle() {
        guard !cellStyleInstalled else { return }
        cellStyleInstalled = true
        StyleSheet.add("""
        .dragkit-list .dragkit-cell:focus-visible { outline: 2px solid #1c71d8; outline-offset: -2px; }
        .dragkit-list .dragkit-insertion-gap { background-color: #3584e4; min-height: 4px; border-radius: 2px; }
        .dragkit-list .dragkit-row.dragkit-drop-highlight { background-color: alpha(#3584e4, 0.25); box-shadow: inset 0 0 0 2px #3584e4; }
        """)
    }
}

extension ListRow {
    /// The placeholder the row shows, if it is one.
    var placeholder: DropPlaceholder? {
        if case .placeholder(let placeholder) = self { placeholder } else { nil }
    }
}
