import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Arrays of atomic integers that start at zero, taken from fresh pages.
///
/// The registry's slot tables are large and mostly never touched: a memo
/// sized for every key of the database, a slot per type. Pages mapped
/// anonymously are zero and cost nothing until written, where setting each
/// slot to zero (or `calloc` from the heap, which clears it) would touch
/// every page on a process's first query. Small tables come from `calloc`. An
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

    static func allocate(_: UInt16.Type, count: Int) -> UnsafeMutablePointer<Atomic<UInt16>> {
        precondition(MemoryLayout<Atomic<UInt16>>.size == MemoryLayout<UInt16>.size
            && MemoryLayout<Atomic<UInt16>>.stride == MemoryLayout<UInt16>.stride)
        return zeroed(count, bytes: MemoryLayout<Atomic<UInt16>>.stride).bindMemory(to: Atomic<UInt16>.self, capacity: count)
    }

    static func allocate(_: UInt8.Type, count: Int) -> UnsafeMutablePointer<Atomic<UInt8>> {
        precondition(MemoryLayout<Atomic<UInt8>>.size == MemoryLayout<UInt8>.size
            && MemoryLayout<Atomic<UInt8>>.stride == MemoryLayout<UInt8>.stride)
        return zeroed(count, bytes: MemoryLayout<Atomic<UInt8>>.stride).bindMemory(to: Atomic<UInt8>.self, capacity: count)
    }

    /// Frees memory from ``allocate(_:count:)``. Atomics of integers need
    /// no deinitialisation.
    static func deallocate<Value: ~Copyable>(_ pointer: UnsafeMutablePointer<Value>, count: Int) {
        let size = Swift.max(count, 1) * MemoryLayout<Value>.stride
        if size >= mappedSize {
            munmap(UnsafeMutableRawPointer(pointer), size)
        } else {
            free(UnsafeMutableRawPointer(pointer))
        }
    }

    /// From this many bytes, a table gets pages of its own.
    private static let mappedSize = 16 * 1024

    private static func zeroed(_ count: Int, bytes: Int) -> UnsafeMutableRawPointer {
        let size = Swift.max(count, 1) * bytes
        if size >= mappedSize {
            guard let memory = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0), memory != MAP_FAILED
            else { fatalError("out of memory for \(count) slots") }
            return memory
        }
        guard let memory = calloc(Swift.max(count, 1), bytes) else { fatalError("out of memory for \(count) slots") }
        return memory
    }
}
