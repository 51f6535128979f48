import Synchronization

/// An object made on first use and published in an `Atomic<Int>` holding
/// its retained address (0 until made).
///
/// Guarantees: a cell goes from 0 to one object's address once; the reader
/// that sees the address sees the object fully made (release/acquire); the
/// cell holds one retain, given back by ``release(_:)`` in its owner's
/// `deinit`. Of two objects made at once, the first published wins.
enum PublishedObject {
    /// The object in `slot`, if published.
    @inline(__always)
    static func value<Object: AnyObject>(in slot: borrowing Atomic<Int>, as _: Object.Type) -> Object? {
        let address = slot.load(ordering: .acquiring)
        guard address != 0, let pointer = UnsafeRawPointer(bitPattern: address) else { return nil }
        return Unmanaged<Object>.fromOpaque(pointer).takeUnretainedValue()
    }

    /// The object in `slot`, made by `make` and published the first time.
    @inline(__always)
    static func value<Object: AnyObject>(in slot: borrowing Atomic<Int>, make: () -> Object) -> Object {
        if let published = value(in: slot, as: Object.self) { return published }
        return publish(make(), in: slot)
    }

    /// Publishes `object` unless another was first; returns the published one.
    static func publish<Object: AnyObject>(_ object: Object, in slot: borrowing Atomic<Int>) -> Object {
        let mine = Int(bitPattern: Unmanaged.passRetained(object).toOpaque())
        let (stored, winner) = slot.compareExchange(expected: 0, desired: mine,
                                                    successOrdering: .acquiringAndReleasing, failureOrdering: .acquiring)
        if stored { return object }
        Unmanaged<Object>.fromOpaque(UnsafeRawPointer(bitPattern: mine)!).release()
        return Unmanaged<Object>.fromOpaque(UnsafeRawPointer(bitPattern: winner)!).takeUnretainedValue()
    }

    /// Releases the object in `slot`, if any: for the owner's deinit.
    static func release(_ slot: borrowing Atomic<Int>) {
        let address = slot.load(ordering: .acquiring)
        if address != 0, let pointer = UnsafeRawPointer(bitPattern: address) { Unmanaged<AnyObject>.fromOpaque(pointer).release() }
    }
}

/// A value made on first use, behind an atomic reference
/// (``PublishedObject``, ``LazySlots``).
final class Box<Value: Sendable>: Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
