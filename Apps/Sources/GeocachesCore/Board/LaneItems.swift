import DragAndDrop
import Foundation

/// One lane's geocaches in order, with their stored positions: the lane
/// list's data source, kept in step with the store by ``CacheLane``.
@MainActor
public final class LaneItems: ListDataSource {
    /// The lane's rows, in order.
    public private(set) var rows: [StoredGeocache]

    init(_ rows: [StoredGeocache]) {
        self.rows = rows
    }

    public func numberOfItems(inSection section: Int) -> Int { rows.count }

    /// The lane's geocaches, in order.
    public var geocaches: [Geocache] { rows.map(\.geocache) }

    /// The row index of the geocache with store id `id`.
    public func index(of id: Int64) -> Int? {
        rows.firstIndex { $0.geocache.id == id }
    }

    func insert(_ row: StoredGeocache, at index: Int) { rows.insert(row, at: index) }

    @discardableResult
    func remove(at index: Int) -> StoredGeocache { rows.remove(at: index) }

    func move(from source: Int, to destination: Int, position: Double) {
        var row = rows.remove(at: source)
        row.position = position
        rows.insert(row, at: destination)
    }

    func replace(at index: Int, with geocache: Geocache) { rows[index].geocache = geocache }

    func setPositions(_ positions: [Double]) {
        for index in rows.indices { rows[index].position = positions[index] }
    }
}
