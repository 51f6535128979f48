import AppSupport
import DragAndDrop
import Foundation

/// One lane's geocaches in order, with their stored positions: the lane
/// list's data source, kept in step with the store by ``CacheLane``.
///
/// The lane holds every row's id and position (what ordering and moving
/// need) but a geocache's fields only once its row is asked for: they are
/// read from the store a page of rows at a time (``PagedRows``), so opening
/// a board of 100,000 geocaches reads what the rows on screen show, not
/// every name, summary and picture.
///
/// ```swift
/// let items = board.inProgress.items
/// items.rows.count              // from the ids, nothing read
/// items.rows[40].geocache.name  // reads rows 40 to 103 once
/// ```
@MainActor
public final class LaneItems: ListDataSource {
    /// The rows, in order: a view that reads the fields of each row it
    /// returns (see ``geocache(at:)``).
    @MainActor
    public struct Rows: @MainActor RandomAccessCollection {
        let items: LaneItems
        public var startIndex: Int { 0 }
        public var endIndex: Int { items.ids.count }
        public subscript(index: Int) -> StoredGeocache {
            StoredGeocache(geocache: items.geocache(at: index), lane: items.lane, position: items.positions[index])
        }
    }

    /// The lane the rows are in.
    public let lane: Lane
    /// The stored positions of the rows, in order (see ``LanePosition``).
    public private(set) var positions: [Double]
    private var paged: PagedRows<Int64, Geocache>
    /// Reads the geocaches with the given ids (those missing are gone).
    private let read: ([Int64]) throws(GeocacheError) -> [Geocache]

    /// The rows of `lane` in `order` (ids and positions); fields come from `read`.
    init(lane: Lane, order: LaneOrder, read: @escaping ([Int64]) throws(GeocacheError) -> [Geocache]) {
        self.lane = lane
        paged = PagedRows(ids: order.ids)
        positions = order.positions
        self.read = read
    }

    public func numberOfItems(inSection section: Int) -> Int { paged.ids.count }

    /// The store ids of the rows, in order.
    public var ids: [Int64] { paged.ids }

    /// How many rows' fields have been read from the store so far.
    public var rowsRead: Int { paged.rowsRead }

    /// The lane's rows, in order.
    public var rows: Rows { Rows(items: self) }

    /// The lane's geocaches, in order (every row's fields read).
    public var geocaches: [Geocache] { rows.map(\.geocache) }

    /// The row index of the geocache with store id `id`.
    public func index(of id: Int64) -> Int? {
        paged.index(of: id)
    }

    /// The geocache of the row at `index`, read from the store with the
    /// page of rows from it on when it is not known yet. A row the store
    /// cannot give back shows as a geocache saying why.
    public func geocache(at index: Int) -> Geocache {
        let id = paged.ids[index]
        do throws(GeocacheError) {
            let found = try paged.value(at: index) { ids throws(GeocacheError) in
                Dictionary(try read(ids).map { ($0.id ?? 0, $0) }) { first, _ in first }
            }
            return found ?? Geocache(id: id, name: "Missing geocache",
                                     summary: "It is no longer in the store; it may have been deleted by another program.",
                                     latitude: 0, longitude: 0)
        } catch {
            return Geocache(id: id, name: "Unreadable geocache", summary: error.description, latitude: 0, longitude: 0)
        }
    }

    func insert(_ row: StoredGeocache, at index: Int) {
        paged.insert(row.geocache.id ?? 0, row.geocache, at: index)
        positions.insert(row.position, at: index)
    }

    @discardableResult
    func remove(at index: Int) -> StoredGeocache {
        let row = rows[index]
        paged.remove(at: index)
        positions.remove(at: index)
        return row
    }

    func move(from source: Int, to destination: Int, position: Double) {
        paged.move(from: source, to: destination)
        positions.remove(at: source)
        positions.insert(position, at: destination)
    }

    func replace(at index: Int, with geocache: Geocache) { paged.update(geocache, for: paged.ids[index]) }

    func setPositions(_ positions: [Double]) {
        self.positions = positions
    }
}

/// A lane's order as the store keeps it: the ids of its geocaches and
/// their positions, top to bottom.
public struct LaneOrder: Hashable, Sendable {
    public var ids: [Int64]
    public var positions: [Double]

    public init(ids: [Int64] = [], positions: [Double] = []) {
        self.ids = ids
        self.positions = positions
    }
}
