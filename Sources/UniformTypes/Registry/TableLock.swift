#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A value behind a lock: the registry's tables that change after they are
/// made (the identifier interner, records being made, remembered keys,
/// declarations), on a `pthread_mutex_t` in a block of its own with the
/// value.
///
/// ```swift
/// let counts = TableLock(0)
/// counts.withLock { $0 += 1 }
/// ```
///
/// Not `Synchronization.Mutex`: on Linux, `Mutex` asks the kernel for the
/// thread's id (`gettid`) the first time each compiled source file takes
/// one on a thread (the standard library caches the id per file), so a
/// process's first type query, which takes locks in five files, made five
/// system calls for them. `pthread_mutex_lock` reads the id from the
/// thread's own memory and, uncontended, makes no system call. It is also
/// the lock ThreadSanitizer understands, so a sanitized test run sees the
/// order these locks give.
struct TableLock<Value: ~Copyable>: ~Copyable, @unchecked Sendable {
    // @unchecked: `value` is only reached under `mutex`.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let value: UnsafeMutablePointer<Value>

    /// The mutex, then the value at the first offset its alignment allows:
    /// one allocation.
    private static var valueOffset: Int {
        let alignment = MemoryLayout<Value>.alignment
        return (MemoryLayout<pthread_mutex_t>.size + alignment - 1) / alignment * alignment
    }

    init(_ initial: consuming Value) {
        // `malloc`'s blocks suit any of the registry's values; the
        // standard library's aligned allocation takes a slower path.
        precondition(MemoryLayout<Value>.alignment <= 16, "a TableLock value needs more than malloc's alignment")
        guard let block = malloc(Self.valueOffset + MemoryLayout<Value>.size) else { fatalError("out of memory for a lock") }
        mutex = block.bindMemory(to: pthread_mutex_t.self, capacity: 1)
        // Zero bytes are glibc's (and musl's) PTHREAD_MUTEX_INITIALIZER, a
        // default mutex: what pthread_mutex_init would write, without the
        // page fault its code cost a process's first query.
        mutex.initialize(to: pthread_mutex_t())
        #if !canImport(Glibc) && !canImport(Musl)
        pthread_mutex_init(mutex, nil)
        #endif
        value = (block + Self.valueOffset).bindMemory(to: Value.self, capacity: 1)
        value.initialize(to: initial)
    }

    deinit {
        value.deinitialize(count: 1)
        pthread_mutex_destroy(mutex)
        free(mutex)
    }

    /// Runs `body` with the value, holding the lock.
    @inline(__always)
    borrowing func withLock<Result: ~Copyable, Failure: Error>(
        _ body: (inout Value) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value.pointee)
    }
}
