import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Arrays of atomic integers that start at zero, taken from `calloc`.
///
/// The registry's slot tables are large and mostly never touched: a memo
/// sized for every key of the database, a slot per type. Zeroed memory
/// from `calloc` costs nothing until a page is written, where setting each
/// slot to zero would touch every page on a process's first query. An
/// `Atomic` of an integer is laid out as that integer (checked here), so
/// zero bytes are an atomic holding zero.
enum ZeroedAtomics {
    static func allocate(_: Int.Type, count: Int) -> UnsafeMutablePointer<Atomic<Int>> {
        precondition(MemoryLayout<Atomic<Int>>.size == MemoryLayout<Int>.size
            && MemoryLayout<Atomic<Int>>.stride == MemoryLayout<Int>.stride)
        return zeroed(count, bytes: MemoryLayout<Atomic<Int>>.stride).bindMemory(to: Atomic<Int>.self, capacity: count)
    }

    static func allocate(_: Int32.Type, count: Int) -> UnsafeMutablePointer<Atomic<Int32>> {
        precondition(MemoryLayout<Atomic<Int32>>.size == MemoryLayout<Int32>.size
            && MemoryLayout<Atomic<Int32>>.stride == MemoryLayout<Int32>.stride)
        return zeroed(count, bytes: MemoryLayout<Atomic<Int32>>.stride).bindMemory(to: Atomic<Int32>.self, capacity: count)
    }

    /// Frees memory from ``allocate(_:count:)``. Atomics of integers need
    /// no deinitialisation.
    static func deallocate<Value: ~Copyable>(_ pointer: UnsafeMutablePointer<Value>, count: Int) {
        free(UnsafeMutableRawPointer(pointer))
    }

    private static func zeroed(_ count: Int, bytes: Int) -> UnsafeMutableRawPointer {
        guard let memory = calloc(Swift.max(count, 1), bytes) else { fatalError("out of memory for \(count) slots") }
        return memory
    }
}
