import DragAndDrop
import Foundation

/// A GTK widget taking a `ListView`'s drags and drops: rows lift from
/// where the pointer presses, drops land at the index path under the
/// pointer with UIKit's table drop semantics (insert at a gap, insert into
/// a row, placeholders), and the position a hovering drag would drop at is
/// shown. ``Widget/bindList(_:rows:)`` makes one for any GtkWidget.
///
/// The program draws the rows and keeps them in step with the model (on
/// `ListViewEvent.rowsChanged`); the binding reads where they are.
@MainActor
public final class ListBinding {
    /// The list model whose drags and drops the widget takes.
    public let model: ListView
    /// The list widget, while GTK has not destroyed it.
    public private(set) weak var widget: Widget?
    private let rowWidget: @MainActor (IndexPath) -> Widget?
    private let source: SourceBinding
    private let target: TargetBinding
    /// The row widget marked by ``showsDropIndicator``, with its style class.
    private var marked: (widget: Widget, styleClass: String)?
    private var previousOnEvent: (@MainActor (ListViewEvent) -> Void)?

    /// Whether the row widgets show the drop position with style classes
    /// (on by default): `dragkit-drop-before` / `dragkit-drop-after` (a line
    /// at the row's top or bottom edge; `dragkit-drop-leading` /
    /// `dragkit-drop-trailing` for horizontal rows) for a gap, and
    /// `dragkit-drop-into` for the row taking the drop. DragKit's style
    /// sheet draws them; a program's own CSS may restyle them. Rows given
    /// as frames have no widget to mark: draw from ``onDropIndicator``.
    public var showsDropIndicator = true {
        didSet { show(model.dropHover) }
    }

    /// Told where a hovering drag would drop each time that changes (nil:
    /// nowhere, the drag left or dropped): the proposal's index path and
    /// intent, and the rectangle to draw, in the widget's coordinates.
    public var onDropIndicator: (@MainActor (ListDropIndicator?) -> Void)?

    /// Told where a drag hovers over the widget (nil: it left or dropped),
    /// for feedback such as auto-scrolling.
    package var hoverObserver: (@MainActor (CGPoint?) -> Void)? {
        get { target.hoverObserver }
        set { target.hoverObserver = newValue }
    }

    /// Lets GTK drags on `widget` reach `model`'s interactions, points in
    /// the widget's coordinates being the model's layout's; a lifted row
    /// is pictured from the widget `rowWidget` gives for its presented
    /// index path. Draws nothing: `observeModel()` adds the indicator.
    package init(model: ListView, widget: Widget, rowWidget: @escaping @MainActor (IndexPath) -> Widget?) {
        self.model = model
        self.widget = widget
        self.rowWidget = rowWidget
        let bridge = DesktopDragDrop.shared
        source = bridge.bindSource(widget, node: model.node)
        target = bridge.bindTarget(widget, node: model.node)
        source.iconProvider = { [weak self] point in self?.liftedRow(at: point) }
    }

    /// Shows the drop position as the model's hover changes and after its
    /// rows change (they may have moved under the indicator).
    func observeModel() {
        ListBinding.installStyle()
        previousOnEvent = model.onEvent
        model.onEvent = { [weak self] event in
            if let self {
                switch event {
                case .dropHoverChanged(let hover): show(hover)
                case .rowsChanged: show(model.dropHover)
                default: break
                }
            }
            self?.previousOnEvent?(event)
        }
    }

    /// Lets go of the marks once GTK destroyed the widget.
    func widgetDestroyed() {
        unmark()
        onDropIndicator?(nil)
        onDropIndicator = nil
    }

    // MARK: - Indicator

    private func show(_ hover: ListDropHover?) {
        unmark()
        let indicator = hover.flatMap { model.dropIndicator(for: $0) }
        if showsDropIndicator, let hover, widget != nil {
            mark(hover)
        }
        onDropIndicator?(indicator)
    }

    private func mark(_ hover: ListDropHover) {
        let vertical = model.layout.insertionAxis == .vertical
        switch hover {
        case .highlight(let indexPath):
            if let row = rowWidget(indexPath) { marked = (row, "dragkit-drop-into") }
        case .gap(let before):
            if let row = rowWidget(before) {
                marked = (row, vertical ? "dragkit-drop-before" : "dragkit-drop-leading")
            } else if before.item > 0, let last = rowWidget(IndexPath(item: before.item - 1, section: before.section)) {
                marked = (last, vertical ? "dragkit-drop-after" : "dragkit-drop-trailing")
            }
        }
        if let marked { marked.widget.addStyleClass(marked.styleClass) }
    }

    private func unmark() {
        if let marked { marked.widget.removeStyleClass(marked.styleClass) }
        marked = nil
    }

    private static var styleInstalled = false

    private static func installStyle() {
        guard !styleInstalled else { return }
        styleInstalled = true
        StyleSheet.add("""
        .dragkit-drop-before { box-shadow: inset 0 4px 0 0 #3584e4; }
        .dragkit-drop-after { box-shadow: inset 0 -4px 0 0 #3584e4; }
        .dragkit-drop-leading { box-shadow: inset 4px 0 0 0 #3584e4; }
        .dragkit-drop-trailing { box-shadow: inset -4px 0 0 0 #3584e4; }
        .dragkit-drop-into { background-color: alpha(#3584e4, 0.25); box-shadow: inset 0 0 0 2px #3584e4; }
        """)
    }

    // MARK: - Lift

    /// The row under the pointer as the drag's picture, held where it was pressed.
    private func liftedRow(at point: CGPoint) -> LiftedIcon? {
        guard let indexPath = model.indexPathForItem(at: point), let row = rowWidget(indexPath),
              let frame = model.frameForItem(at: indexPath) else { return nil }
        let parameters = model.row(at: indexPath)?.itemIndexPath.flatMap { model.dragPreviewParameters(forItemAt: $0) }
        return LiftedIcon(widget: row, hotSpot: (Int(point.x - frame.minX), Int(point.y - frame.minY)),
                          parameters: parameters ?? DragPreviewParameters())
    }
}
