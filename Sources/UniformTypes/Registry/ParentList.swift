/// The parents of a record being made, gathered unretained in memory the
/// caller provides (not an array: a first query would page in its code),
/// then handed to the record, which retains them.
struct ParentList {
    private let base: UnsafeMutablePointer<Unmanaged<TypeRecord>>
    /// The most records the list takes.
    let capacity: Int
    private(set) var count = 0

    /// What `make` returns, given the records `gather` appends to an empty
    /// list of `capacity`.
    static func gathering<Made, Failure: Error>(
        capacity: Int, _ gather: (inout ParentList) throws(Failure) -> Void,
        then make: (UnsafeBufferPointer<Unmanaged<TypeRecord>>) throws(Failure) -> Made
    ) throws(Failure) -> Made {
        try withUnsafeTemporaryAllocation(of: Unmanaged<TypeRecord>.self, capacity: max(capacity, 1)) { buffer throws(Failure) in
            var list = ParentList(base: buffer.baseAddress!, capacity: capacity)
            try gather(&list)
            return try make(UnsafeBufferPointer(start: buffer.baseAddress, count: list.count))
        }
    }

    private init(base: UnsafeMutablePointer<Unmanaged<TypeRecord>>, capacity: Int) {
        self.base = base
        self.capacity = capacity
    }

    /// Appends `record`; `false` when the list is full.
    mutating func append(_ record: TypeRecord) -> Bool {
        guard count < capacity else { return false }
        base[count] = Unmanaged.passUnretained(record)
        count += 1
        return true
    }

    /// Whether a record of the list satisfies `predicate`.
    func contains(where predicate: (TypeRecord) -> Bool) -> Bool {
        for index in 0..<count where predicate(base[index].takeUnretainedValue()) { return true }
        return false
    }

    /// Whether `record` is in the list.
    func contains(_ record: TypeRecord) -> Bool {
        contains { $0 === record }
    }
}
