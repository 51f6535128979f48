import Synchronization

/// A fixed number of slots, each filled at most once with an object made on
/// first use, and read afterwards without a lock: one acquiring load.
///
/// Lets the registry make a type's record (or a tag table) only when a
/// query needs it, while a query that finds it made costs no more than
/// reading an array.
///
/// A typed view of ``ObjectSlots``, which does the work for every value
/// type: a generic class would cost a process's first query a generic
/// metadata instantiation for each type it holds, and this struct, a single
/// reference, costs none.
struct LazySlots<Value: AnyObject & Sendable>: Sendable {
    let storage: ObjectSlots

    init(count: Int) {
        storage = ObjectSlots(count: count)
    }

    var count: Int { storage.count }

    /// The value in slot `index`, if made.
    @inline(__always)
    subscript(index: Int) -> Value? {
        unmanaged(index)?.takeUnretainedValue()
    }

    /// The value in slot `index`, if made, without retaining it: for a
    /// caller that only looks at it while the slots keep it alive.
    @inline(__always)
    func unmanaged(_ index: Int) -> Unmanaged<Value>? {
        Self.unmanaged(index, in: Unmanaged.passUnretained(storage))
    }

    /// ``unmanaged(_:)`` on slots held without reference counting.
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

/// The slots of ``LazySlots``: each an `Atomic<Int>` holding an object's
/// address, the object retained once by the slot and released with it.
final class ObjectSlots: @unchecked Sendable {
    // @unchecked: the pointer is never reassigned, every slot is atomic, and
    // an address is published (releasing) only with its object retained.
    private let slots: UnsafeMutablePointer<Atomic<Int>>
    let count: Int

    init(count: Int) {
        self.count = count
        slots = ZeroedAtomics.allocate(Int.self, count: count)
    }

    deinit {
        for index in 0..<count {
            let address = slots[index].load(ordering: .acquiring)
            if let pointer = UnsafeRawPointer(bitPattern: address) { Unmanaged<AnyObject>.fromOpaque(pointer).release() }
        }
        ZeroedAtomics.deallocate(slots, count: count)
    }

    /// The address of the object in slot `index`, if made.
    @inline(__always)
    func address(at index: Int) -> UnsafeRawPointer? {
        precondition(index >= 0 && index < count)
        return UnsafeRawPointer(bitPattern: slots[index].load(ordering: .acquiring))
    }

    /// Retains and stores the object at `object` unless the slot was filled
    /// meanwhile; returns the address of the slot's object either way.
    func store(_ object: UnsafeMutableRawPointer, at index: Int) -> UnsafeRawPointer {
        precondition(index >= 0 && index < count)
        let retained = Unmanaged<AnyObject>.fromOpaque(object).retain()
        let (stored, found) = slots[index].compareExchange(expected: 0, desired: Int(bitPattern: object),
                                                           successOrdering: .releasing, failureOrdering: .acquiring)
        if stored { return UnsafeRawPointer(object) }
        retained.release()
        return UnsafeRawPointer(bitPattern: found)!
    }
}
