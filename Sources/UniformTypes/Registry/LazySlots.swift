import Synchronization

/// A fixed number of slots, each filled at most once with an object made on
/// first use, and read afterwards without a lock: one acquiring load.
///
/// Lets the registry make a type's record (or a tag table) only when a
/// query needs it, while a query that finds it made costs no more than
/// reading an array.
final class LazySlots<Value: AnyObject & Sendable>: @unchecked Sendable {
    // @unchecked: the pointer is never reassigned and every slot is an
    // AtomicLazyReference, which is safe to share between threads.
    private let slots: UnsafeMutablePointer<AtomicLazyReference<Value>>
    let count: Int

    init(count: Int) {
        self.count = count
        slots = .allocate(capacity: Swift.max(count, 1))
        for index in 0..<count { (slots + index).initialize(to: AtomicLazyReference()) }
    }

    deinit {
        slots.deinitialize(count: count)
        slots.deallocate()
    }

    /// The value in slot `index`, if made.
    @inline(__always)
    subscript(index: Int) -> Value? {
        precondition(index >= 0 && index < count)
        return slots[index].load()
    }

    /// Stores `value` unless the slot was filled meanwhile; returns the
    /// slot's value either way.
    @discardableResult
    func store(_ value: Value, at index: Int) -> Value {
        precondition(index >= 0 && index < count)
        return slots[index].storeIfNil(value)
    }

    /// The value in slot `index`, made by `make` the first time. `make` may
    /// run on two threads at once; one result wins and both get it.
    @inline(__always)
    func value(at index: Int, _ make: () -> Value) -> Value {
        if let made = self[index] { return made }
        return store(make(), at: index)
    }
}
