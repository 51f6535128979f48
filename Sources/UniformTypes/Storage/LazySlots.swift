import Synchronization

/// A fixed number of slots, each filled at most once with an object made on
/// first use, read without a lock: a typed view of ``ObjectSlots``.
///
/// Guarantees: a slot is filled once and keeps its object for the slots'
/// life; every reader of a filled slot gets that same object, fully made;
/// an index out of range stops the process.
struct LazySlots<Value: AnyObject & Sendable>: Sendable {
    let storage: ObjectSlots

    init(count: Int) {
        storage = ObjectSlots(count: count)
    }

    var count: Int { storage.count }

    /// The value in slot `index`, if made.
    @inline(__always)
    subscript(index: Int) -> Value? {
        Self.unmanaged(index, in: Unmanaged.passUnretained(storage))?.takeUnretainedValue()
    }

    /// The value in slot `index` of `storage`, held without reference
    /// counting, if made, without retaining it: for a caller that only
    /// looks at it while the slots keep it alive.
    @inline(__always)
    static func unmanaged(_ index: Int, in storage: Unmanaged<ObjectSlots>) -> Unmanaged<Value>? {
        storage._withUnsafeGuaranteedRef { $0.address(at: index) }.map { Unmanaged<Value>.fromOpaque($0) }
    }

    /// Stores `value` unless the slot was filled meanwhile; returns the
    /// slot's value either way.
    @discardableResult
    func store(_ value: Value, at index: Int) -> Value {
        Unmanaged<Value>.fromOpaque(storage.store(Unmanaged.passUnretained(value).toOpaque(), at: index)).takeUnretainedValue()
    }

    /// The value in slot `index`, made by `make` the first time. `make` may
    /// run on two threads at once; one result wins and both get it.
    @inline(__always)
    func value(at index: Int, _ make: () -> Value) -> Value {
        if let made = self[index] { return made }
        return store(make(), at: index)
    }
}
