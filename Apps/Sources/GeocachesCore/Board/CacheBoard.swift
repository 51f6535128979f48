import AppSupport
import DragAndDrop
import Foundation
import UniformTypes

/// CacheMaker's board: two lanes of geocaches (In progress, Completed) read
/// from a ``GeocacheStore``, each a list with the seed's drag and drop
/// (``CacheLane``), plus adding, deleting and editing geocaches. Every
/// change goes to the store first, and the lanes change only once it is
/// written, so what is shown is what is stored.
///
/// ```swift
/// let board = try CacheBoard(store: GeocacheStore(folder: folder))
/// window.addChild(board.inProgress.list.node)
/// window.addChild(board.completed.list.node)
/// board.onError = { banner.show($0.description) }
/// ```
@MainActor
public final class CacheBoard {
    public let store: GeocacheStore
    /// The root of the board's view tree: the two lanes side by side.
    public let window: ViewNode
    public let inProgress: CacheLane
    public let completed: CacheLane

    /// Called with every refusal and failure, for the window to show.
    public var onError: (@MainActor (GeocacheError) -> Void)?
    /// The refusals and failures so far, oldest first.
    public private(set) var errors: [GeocacheError] = []
    /// The selected card, by its geocache's id: it stays on that geocache
    /// when rows move, arrive or go, and every command acts on it.
    public var selectedID: Int64? {
        didSet { if selectedID != oldValue { onSelectionChanged?() } }
    }
    /// Told after ``selectedID`` changed.
    public var onSelectionChanged: (@MainActor () -> Void)?
    /// Adds, deletes and keyboard moves, one undo step each.
    public let undo = UndoStack()

    /// Opens the board from `store`: lanes `laneWidth` wide with a gap of
    /// `spacing` between them, rows `rowHeight` high.
    public init(store: GeocacheStore, laneWidth: CGFloat = 320, laneHeight: CGFloat = 560,
                rowHeight: CGFloat = 64, spacing: CGFloat = 16) throws(GeocacheError) {
        // Declared before any drop from another process is read, so its
        // MIME type maps to the geocache type and not to an unknown one.
        _ = UTType.geocache
        self.store = store
        window = ViewNode(name: "board", frame: CGRect(x: 0, y: 0, width: laneWidth * 2 + spacing, height: laneHeight))
        let lanes = try store.loadLaneOrders()
        inProgress = CacheLane(lane: .inProgress, order: lanes[.inProgress] ?? LaneOrder(), store: store,
                               frame: CGRect(x: 0, y: 0, width: laneWidth, height: laneHeight), rowHeight: rowHeight)
        completed = CacheLane(lane: .completed, order: lanes[.completed] ?? LaneOrder(), store: store,
                              frame: CGRect(x: laneWidth + spacing, y: 0, width: laneWidth, height: laneHeight),
                              rowHeight: rowHeight)
        inProgress.board = self
        completed.board = self
        window.addChild(inProgress.list.node)
        window.addChild(completed.list.node)
    }

    /// The lane object for `lane`.
    public func lane(_ lane: Lane) -> CacheLane {
        lane == .inProgress ? inProgress : completed
    }

    // MARK: - Changes a person makes

    /// Adds `geocache` to `lane` at `index` (the end when nil) and returns
    /// it as stored.
    ///
    /// - Throws: ``GeocacheError``: a validation code, or `.storeFailed`.
    @discardableResult
    public func add(_ geocache: Geocache, to lane: Lane, at index: Int? = nil) throws(GeocacheError) -> Geocache {
        try geocache.validate()
        let target = self.lane(lane)
        let index = min(index ?? target.items.rows.count, target.items.rows.count)
        let position = try target.position(forInsertingAt: index, without: nil)
        let stored = try store.insert(geocache.detached, in: lane, position: position)
        target.insertRow(StoredGeocache(geocache: stored, lane: lane, position: position), at: index)
        return stored
    }

    /// Deletes the geocache at `index` of `lane`.
    public func delete(in lane: Lane, at index: Int) throws(GeocacheError) {
        let target = self.lane(lane)
        guard target.items.ids.indices.contains(index) else { return }
        let id = target.items.ids[index]
        try store.delete(id: id)
        target.removeRow(at: index)
    }

    /// Moves the geocache at `index` of `lane` to `destination` of
    /// `destinationLane` without a drag (the keyboard path): one row written.
    public func move(in lane: Lane, at index: Int, to destinationLane: Lane, at destination: Int) throws(GeocacheError) {
        let source = self.lane(lane)
        guard source.items.rows.indices.contains(index) else { return }
        if lane == destinationLane {
            try source.reorder(from: index, to: min(destination, source.items.rows.count - 1))
            return
        }
        let geocache = source.items.rows[index].geocache
        let target = self.lane(destinationLane)
        try target.insertMoved(geocache, at: min(destination, target.items.rows.count))
        source.removeRow(at: index)
    }

    /// Saves an edited geocache (found by its id) and shows the change.
    public func update(_ geocache: Geocache) throws(GeocacheError) {
        try geocache.validate()
        try store.update(geocache)
        for lane in [inProgress, completed] {
            guard let id = geocache.id, let index = lane.items.index(of: id) else { continue }
            try? lane.list.performBatchUpdates { batch in
                lane.items.replace(at: index, with: geocache)
                batch.reloadItems(at: [IndexPath(item: index, section: 0)])
            }
        }
    }

    /// The board as ``BoardExport`` (what `--export-json` prints).
    public var export: BoardExport {
        BoardExport(inProgress: inProgress.geocaches, completed: completed.geocaches)
    }

    /// Waits for every drop still loading.
    public func finishLoads() async {
        await inProgress.finishLoads()
        await completed.finishLoads()
    }

    func report(_ error: any Error) {
        let error = error as? GeocacheError ?? GeocacheError(.loadFailed, "\(error)")
        errors.append(error)
        onError?(error)
    }
}
