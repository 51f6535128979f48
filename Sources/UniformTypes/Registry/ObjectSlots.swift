import Synchronization

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
