/// The rows of a long list whose fields live in a store: every row's id,
/// in order, and the fields of the rows asked for, read a page at a time
/// and kept for the pages read last. A list of 100,000 rows opens with
/// its ids and costs the reads of the rows a person looks at.
///
/// ```swift
/// var rows = PagedRows<Int64, Geocache>(ids: try store.laneIDs())
/// let shown = try rows.value(at: 40) { ids in try store.geocaches(ids: ids) }  // reads rows 40 to 103
/// ```
public struct PagedRows<ID: Hashable, Value> {
    /// The rows' ids, in order.
    public private(set) var ids: [ID]
    /// How many rows' fields have been read so far: what showing,
    /// dragging or exporting rows cost.
    public private(set) var rowsRead = 0
    private var cache: [ID: Value] = [:]
    /// The pages read, oldest first, as row ranges at the time of reading.
    private var pages: [Range<Int>] = []

    /// How many rows one read covers.
    public static var pageSize: Int { 64 }
    /// How many rows' fields are kept at most; past it the oldest pages
    /// are let go until half as many are kept.
    public static var cacheLimit: Int { 4_096 }

    public init(ids: [ID] = []) {
        self.ids = ids
    }

    /// The fields of the row at `index`: known ones at once, others read
    /// by `read` with those of the page of rows from `index` on. Nil when
    /// `read` does not return the row (it left the store).
    public mutating func value<Failure: Error>(
        at index: Int, read: ([ID]) throws(Failure) -> [ID: Value]
    ) throws(Failure) -> Value? {
        let id = ids[index]
        if let value = cache[id] { return value }
        let page = index..<min(ids.count, index + Self.pageSize)
        let wanted = ids[page].filter { cache[$0] == nil }
        let values = try read(Array(wanted))
        rowsRead += wanted.count
        cache.merge(values) { _, new in new }
        remember(page)
        return cache[id]
    }

    /// The row showing `id`, if any.
    ///
    /// - Complexity: O(n).
    public func index(of id: ID) -> Int? {
        ids.firstIndex(of: id)
    }

    /// Shows `ids` from now on; every row's fields will be read afresh.
    public mutating func replace(with ids: [ID]) {
        self.ids = ids
        cache = [:]
        pages = []
    }

    /// Adds rows at the end whose fields are not read yet (the rest of a
    /// list opened with its first rows); the fields read so far are kept.
    public mutating func append(ids more: some Sequence<ID>) {
        ids.append(contentsOf: more)
    }

    /// Puts a row whose fields are known at `index`.
    public mutating func insert(_ id: ID, _ value: Value, at index: Int) {
        ids.insert(id, at: index)
        cache[id] = value
    }

    /// Takes the row at `index` out.
    public mutating func remove(at index: Int) {
        ids.remove(at: index)
    }

    /// Moves the row at `source` to `destination` (counted without it).
    public mutating func move(from source: Int, to destination: Int) {
        ids.insert(ids.remove(at: source), at: destination)
    }

    /// Sets the fields of the row `id` (an edit already stored).
    public mutating func update(_ value: Value, for id: ID) {
        cache[id] = value
    }

    private mutating func remember(_ page: Range<Int>) {
        pages.append(page)
        guard cache.count > Self.cacheLimit else { return }
        let current = Set(ids[page])
        while cache.count > Self.cacheLimit / 2, !pages.isEmpty {
            let oldest = pages.removeFirst()
            for index in oldest where index < ids.count && !current.contains(ids[index]) { cache[ids[index]] = nil }
        }
    }
}
