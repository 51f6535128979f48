import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Arrays of atomic integers that start at zero.
///
/// Guarantees: every element reads 0 until stored; `deallocate` takes
/// the same count `allocate` was given.
///
/// Large tables (the full table's slots for every type) come from fresh
/// pages: mapped anonymously they are zero and cost nothing until written,
/// where clearing them would touch every page. Small ones (the per-type
/// answers of the mapped database) come from `calloc`, which takes no
/// system call of its own. An `Atomic` of an integer is laid out as that
/// integer (checked here), so zero bytes are an atomic holding zero.
enum ZeroedAtomics {
    /// `count` atomics of an integer type, zero. Inlined so each use is
    /// made for its type when compiled (no generic metadata at run time).
    @inline(__always)
    static func allocate<Value: FixedWidthInteger & AtomicRepresentable>(_: Value.Type, count: Int)
        -> UnsafeMutablePointer<Atomic<Value>> {
        precondition(MemoryLayout<Atomic<Value>>.size == MemoryLayout<Value>.size
            && MemoryLayout<Atomic<Value>>.stride == MemoryLayout<Value>.stride)
        return zeroed(count, bytes: MemoryLayout<Atomic<Value>>.stride).bindMemory(to: Atomic<Value>.self, capacity: count)
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
