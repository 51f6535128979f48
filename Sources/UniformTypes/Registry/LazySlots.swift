import Synchronization

/// A fixed number of slots, each filled at most once with an object made on
/// first use, and read afterwards without a lock: one acquiring load.
///
/// Lets the registry make a type's record (or a tag table) only when a
/// query needs it, while a query that finds it made costs no more than
/// reading an array.
///
/// Each slot is an `Atomic<Int>` holding the object's address; the objects
/// themselves are kept alive by `kept`, which only grows. (A generic
/// `AtomicLazyReference` per slot would do the same, but reading it costs a
/// generic-metadata lookup on every call, several times the whole lookup.)
final class LazySlots<Value: AnyObject & Sendable>: @unchecked Sendable {
    // @unchecked: the pointer is never reassigned, every slot is atomic, and
    // an address is published (releasing) only after its object is in `kept`.
    private let slots: UnsafeMutablePointer<Atomic<Int>>
    private let kept = Mutex<[Value]>([])
    let count: Int

    init(count: Int) {
        self.count = count
        slots = ZeroedAtomics.allocate(Int.self, count: count)
    }

    deinit {
        ZeroedAtomics.deallocate(slots, count: count)
    }

    /// The value in slot `index`, if made.
    @inline(__always)
    subscript(index: Int) -> Value? {
        precondition(index >= 0 && index < count)
        let address = slots[index].load(ordering: .acquiring)
        guard address != 0, let pointer = UnsafeRawPointer(bitPattern: address) else { return nil }
        return Unmanaged<Value>.fromOpaque(pointer).takeUnretainedValue()
    }

    /// The value in slot `index`, if made, without retaining it: for a
    /// caller that only looks at it while this object keeps it alive.
    @inline(__always)
    func unmanaged(_ index: Int) -> Unmanaged<Value>? {
        precondition(index >= 0 && index < count)
        let address = slots[index].load(ordering: .acquiring)
        guard address != 0, let pointer = UnsafeRawPointer(bitPattern: address) else { return nil }
        return Unmanaged<Value>.fromOpaque(pointer)
    }

    /// Stores `value` unless the slot was filled meanwhile; returns the
    /// slot's value either way.
    @discardableResult
    func store(_ value: Value, at index: Int) -> Value {
        precondition(index >= 0 && index < count)
        return kept.withLock { kept in
            if let stored = self[index] { return stored }
            kept.append(value)
            slots[index].store(Int(bitPattern: Unmanaged.passUnretained(value).toOpaque()), ordering: .releasing)
            return value
        }
    }

    /// The value in slot `index`, made by `make` the first time. `make` may
    /// run on two threads at once; one result wins and both get it.
    @inline(__always)
    func value(at index: Int, _ make: () -> Value) -> Value {
        if let made = self[index] { return made }
        return store(make(), at: index)
    }
}
