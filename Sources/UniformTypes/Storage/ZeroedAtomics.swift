import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Arrays of atomic integers that start at zero, from `calloc`, and chunks
/// of them published in a directory cell when first written.
///
/// Guarantees: every element reads 0 until stored; a directory cell goes
/// from 0 to one chunk's address once, and a reader that sees the address
/// sees the chunk zeroed (release/acquire).
enum ZeroedAtomics {
    /// `count` atomics of an integer type, zero. Inlined so each use is
    /// made for its type when compiled (no generic metadata at run time).
    @inline(__always)
    static func allocate<Value: FixedWidthInteger & AtomicRepresentable>(_: Value.Type, count: Int)
        -> UnsafeMutablePointer<Atomic<Value>> {
        precondition(MemoryLayout<Atomic<Value>>.size == MemoryLayout<Value>.size
            && MemoryLayout<Atomic<Value>>.stride == MemoryLayout<Value>.stride)
        guard let memory = calloc(Swift.max(count, 1), MemoryLayout<Atomic<Value>>.stride) else {
            fatalError("out of memory for \(count) slots")
        }
        return memory.bindMemory(to: Atomic<Value>.self, capacity: count)
    }

    /// Frees memory from ``allocate(_:count:)``. Atomics of integers need
    /// no deinitialisation.
    static func deallocate<Value: ~Copyable>(_ pointer: UnsafeMutablePointer<Value>) {
        free(UnsafeMutableRawPointer(pointer))
    }

    /// The chunk of `count` atomics whose address `cell` holds, made zeroed
    /// and published the first time (a loser of a race frees its own).
    @inline(__always)
    static func chunk<Value: FixedWidthInteger & AtomicRepresentable>(_ cell: borrowing Atomic<Int>, count: Int, of _: Value.Type)
        -> UnsafeMutablePointer<Atomic<Value>> {
        if let made = UnsafeMutablePointer<Atomic<Value>>(bitPattern: cell.load(ordering: .acquiring)) { return made }
        let made = allocate(Value.self, count: count)
        let (stored, found) = cell.compareExchange(expected: 0, desired: Int(bitPattern: made),
                                                   successOrdering: .releasing, failureOrdering: .acquiring)
        if stored { return made }
        deallocate(made)
        assert(found != 0, "a cell that lost the race holds a chunk")
        return UnsafeMutablePointer(bitPattern: found)!
    }
}
