/// How the full table numbers the database's types, after the system
/// types: by their place in the database's list, or, when it shares a
/// ``MappedTypeTable``'s record store, by the mapped table's numbers.
///
/// ```swift
/// let numbering = DatabaseNumbering(systemCount: 300, mapped: [0, 3, 9])
/// numbering.number(ofType: 1)   // 303
/// numbering.type(ofNumber: 309) // 2
/// ```
struct DatabaseNumbering: Sendable {
    let systemCount: Int
    /// Per database type, the mapped table's number (ascending), or `nil`
    /// for numbers by place.
    private let mapped: [Int32]?
    private let typeCount: Int

    /// Numbers by place, for a table of `typeCount` database types.
    init(systemCount: Int, typeCount: Int) {
        self.systemCount = systemCount
        self.typeCount = typeCount
        mapped = nil
    }

    /// The mapped table's numbers, one per database type, ascending
    /// (``MappedTypeList/numbers(ofTypes:)``).
    init(systemCount: Int, mapped: [Int32]) {
        precondition(zip(mapped, mapped.dropFirst()).allSatisfy { $0 < $1 }, "mapped type numbers out of order")
        self.systemCount = systemCount
        self.typeCount = mapped.count
        self.mapped = mapped
    }

    /// Whether the numbers are a mapped table's.
    var isMapped: Bool { mapped != nil }

    /// The number of database type `index` (its place in the list).
    @inline(__always)
    func number(ofType index: Int) -> Int {
        systemCount + (mapped.map { Int($0[index]) } ?? index)
    }

    /// The database type numbered `number` (at least `systemCount`).
    func type(ofNumber number: Int) -> Int {
        let database = number - systemCount
        guard let mapped else { return database }
        var low = 0, high = mapped.count
        while low < high {
            let middle = (low + high) / 2
            if Int(mapped[middle]) < database { low = middle + 1 } else { high = middle }
        }
        precondition(low < mapped.count && Int(mapped[low]) == database, "no database type is numbered \(number)")
        return low
    }

    /// The slots a record store needs for these numbers.
    var slotCount: Int {
        systemCount + (mapped?.last.map { Int($0) + 1 } ?? typeCount)
    }
}
