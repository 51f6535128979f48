import DragAndDrop
import DragKitGTK
import DragKitWidgets
import Foundation
import ItemProviders
import UniformTypes

/// A list of words that can be reordered, moved to another list, and
/// filled from other processes (through a "Loading…" placeholder).
@MainActor
final class GalleryListController: ListDragDelegate, ListDropDelegate {
    static var all: [String: GalleryListController] = [:]
    static let rowHeight = 32.0

    let name: String
    let words: ListItems<String>
    let model: ListView
    private(set) var widget: ListWidget!
    /// How long loads from other processes are held, so tests can see the placeholder.
    var loadDelay: Duration = .zero
    /// Whether hovers are logged (off while measuring, so the log's writes
    /// are not counted in the motion-to-proposal time).
    static var logsHover = true
    /// Whether the lists draw the insertion line and highlight
    /// (`--no-drop-feedback` turns it off, as the baseline when measuring).
    static var showsDropFeedback = true

    /// `iconRows`: rows are an icon beside the word (an app's own row
    /// widget) instead of a label.
    init(name: String, words: [String], width: Double = 200, iconRows: Bool = false) {
        self.name = name
        self.words = ListItems(words)
        model = ListView(name: name, dataSource: self.words,
                         layout: ListRowLayout(width: width, rowHeight: { _ in CGFloat(GalleryListController.rowHeight) }))
        model.onEvent = { [weak self] event in
            guard let self, Self.logsHover, case .dropHoverChanged(let hover) = event else { return }
            switch hover {
            case .gap(let before)?: EventLog.emit("list-hover", ["list": self.name, "gap": before.item])
            case .highlight(let row)?: EventLog.emit("list-hover", ["list": self.name, "highlight": row.item])
            case nil: EventLog.emit("list-hover", ["list": self.name])
            }
        }
        if iconRows {
            widget = ListWidget(model, row: { WordRow() }) { [words = self.words] row, indexPath in row.word.text = words[indexPath] }
            widget.rowAccessibleName = { [words = self.words] in words[$0] }
        } else {
            widget = ListWidget(model) { [words = self.words] in words[$0] }
        }
        widget.showsDropIndicator = Self.showsDropFeedback
        let empty = Label("Drop words here")
        empty.addStyleClass("dim-label")
        widget.emptyState = empty
        // Clicks select, Ctrl- and Shift-clicks extend: a selected row drags the whole selection.
        widget.allowsSelection = true
        widget.allowsMultipleSelection = true
        widget.activatesOnSingleClick = false
        widget.onSelectedItemsChanged { [name] indexPaths in
            EventLog.emit("list-selection", ["list": name, "rows": indexPaths.map(\.item)])
        }
        model.dragDelegate = self
        model.dropDelegate = self
        Self.all[name] = self
    }

    func logContents() {
        let shown = (0..<model.numberOfItems(inSection: 0)).map { shownText(at: IndexPath(item: $0, section: 0)) ?? "" }
        EventLog.emit("list", ["list": name, "items": words.items, "shown": shown])
    }

    /// The text the row at `indexPath` shows (a placeholder's too).
    private func shownText(at indexPath: IndexPath) -> String? {
        let row = widget.rowWidget(at: indexPath)
        return (row as? Label)?.text ?? (row as? WordRow)?.word.text
    }

    // MARK: - Dragging rows out

    func list(_ list: ListView, itemsForBeginning session: DragSession, at indexPath: IndexPath) -> [DragItem] {
        let word = words[indexPath]
        let provider = ItemProvider()
        provider.registerDataRepresentation(for: .utf8PlainText) { Data(word.utf8) }
        let item = DragItem(itemProvider: provider)
        item.localObject = GalleryRowReference(list: name, word: word)
        return [item]
    }

    /// The other rows of a lifted selection.
    func list(_ list: ListView, itemsForAddingTo session: DragSession, at indexPath: IndexPath, point: CGPoint) -> [DragItem] {
        self.list(list, itemsForBeginning: session, at: indexPath)
    }

    func list(_ list: ListView, dragSessionAllowsMoveOperation session: DragSession) -> Bool { true }

    // MARK: - Dropping

    func list(_ list: ListView, canHandle session: DropSession) -> Bool {
        session.hasItemsConforming(to: .plainText)
    }

    func list(_ list: ListView, dropSessionDidUpdate session: DropSession,
              withDestinationIndexPath destinationIndexPath: IndexPath?) -> ListDropProposal {
        ListDropProposal(operation: session.localDragSession != nil ? .move : .copy,
                         intent: .insertAtDestinationIndexPath)
    }

    func list(_ list: ListView, performDropWith coordinator: ListDropCoordinator) {
        var destination = coordinator.destinationIndexPath ?? IndexPath(item: words.items.count, section: 0)
        for (offset, item) in coordinator.items.enumerated() {
            // Several items land one after another, in the drag's order.
            if offset > 0 { destination = IndexPath(item: min(destination.item + 1, words.items.count), section: 0) }
            if let source = item.sourceIndexPath {
                reorder(from: source, to: destination)
                coordinator.drop(item.dragItem, toItemAt: destination)
            } else if let reference = item.dragItem.localObject as? GalleryRowReference,
                      let origin = Self.all[reference.list] {
                try? list.performBatchUpdates { batch in
                    words.insert(reference.word, at: destination)
                    batch.insertItems(at: [destination])
                }
                origin.remove(reference.word)
                coordinator.drop(item.dragItem, toItemAt: destination)
            } else {
                receiveFromOutside(item.dragItem, at: destination, coordinator: coordinator)
            }
        }
        logContents()
    }

    private func reorder(from source: IndexPath, to destination: IndexPath) {
        let target = IndexPath(item: min(destination.item, words.items.count - 1), section: 0)
        try? model.performBatchUpdates { batch in
            words.moveItem(at: source, to: target)
            batch.moveItem(at: source, to: target)
        }
    }

    /// Removes a word moved to another list (the move committed there).
    func remove(_ word: String) {
        guard let index = words.items.firstIndex(of: word) else { return }
        let indexPath = IndexPath(item: index, section: 0)
        try? model.performBatchUpdates { batch in
            _ = words.remove(at: indexPath)
            batch.deleteItems(at: [indexPath])
        }
        logContents()
    }

    private func receiveFromOutside(_ dragItem: DragItem, at destination: IndexPath, coordinator: ListDropCoordinator) {
        let placeholder = DropPlaceholder(insertionIndexPath: destination, reuseIdentifier: "row")
        placeholder.cellUpdateHandler = { cell in (cell as? Label)?.text = "Loading…" }
        guard let context = try? coordinator.drop(dragItem, to: placeholder) else { return }
        let shown = context.presentedIndexPath.flatMap(shownText(at:)) ?? ""
        EventLog.emit("placeholder", ["list": name, "shown": shown, "at": destination.item])
        let session = coordinator.session
        let delay = loadDelay
        Task { @MainActor in
            do {
                let data = try await session.trackingLoad {
                    let data = try await dragItem.itemProvider.loadDataRepresentation(for: .plainText)
                    try await Task.sleep(for: delay)
                    return data
                }
                try context.commitInsertion { words.insert(String(decoding: data, as: UTF8.self), at: $0) }
            } catch {
                context.deletePlaceholder()
                EventLog.emit("error", ["list": name, "description": "\(error)"])
            }
            logContents()
        }
    }
}

/// Which list a dragged row came from, carried as the item's local object.
struct GalleryRowReference {
    let list: String
    let word: String
}

/// A row made of an icon and the word: a widget of the gallery's own.
@MainActor
final class WordRow: Widget {
    let word = Label()

    init() {
        let row = Box(.horizontal, spacing: 8)
        row.setMargins(top: 0, leading: 8, bottom: 0, trailing: 8)
        row.append(Image(iconName: "text-x-generic-symbolic", decorative: true))
        row.append(word)
        super.init(composing: row)
    }
}
