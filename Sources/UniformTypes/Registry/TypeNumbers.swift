/// A few type numbers held inline, in order (not an array, whose metadata
/// a first query would pay for). A key carried by more types than fit is
/// left to the full table.
struct TypeNumbers {
    /// How many numbers fit.
    static let capacity = 16

    private var storage: (Int64, Int64, Int64, Int64, Int64, Int64, Int64, Int64) = (0, 0, 0, 0, 0, 0, 0, 0)
    private(set) var count = 0

    init() {}

    /// Adds `number` at the end; `false` when full.
    mutating func append(_ number: Int) -> Bool {
        guard count < Self.capacity else { return false }
        withUnsafeMutableBytes(of: &storage) { $0.storeBytes(of: Int32(number), toByteOffset: 4 * count, as: Int32.self) }
        count += 1
        return true
    }

    subscript(index: Int) -> Int {
        precondition(index >= 0 && index < count)
        return withUnsafeBytes(of: storage) { Int($0.load(fromByteOffset: 4 * index, as: Int32.self)) }
    }

    var first: Int? { count > 0 ? self[0] : nil }

    func contains(_ number: Int) -> Bool {
        for index in 0..<count where self[index] == number { return true }
        return false
    }

    /// Sorts the numbers and drops repeats.
    mutating func sortUnique() {
        // A handful of numbers: the least one not taken yet, in turn.
        var sorted = TypeNumbers()
        var last = Int.min
        while true {
            var next = Int.max
            for index in 0..<count where self[index] > last { next = min(next, self[index]) }
            guard next < Int.max else { break }
            _ = sorted.append(next)
            last = next
        }
        self = sorted
    }

    /// Calls `body` with the numbers as a buffer.
    func withUnsafeBufferPointer<Result>(_ body: (UnsafeBufferPointer<Int32>) throws -> Result) rethrows -> Result {
        try withUnsafeBytes(of: storage) { bytes in
            try body(UnsafeBufferPointer(start: bytes.baseAddress!.assumingMemoryBound(to: Int32.self), count: count))
        }
    }
}
