import Synchronization

/// The slots of ``LazySlots``: each an `Atomic<Int>` holding an object's
/// address, retained once by the slot. Slots come in chunks of 64, made
/// zeroed when one of their slots is first stored (``ZeroedAtomics``).
///
/// Guarantees: a slot and a chunk each change once, from 0; a reader that
/// sees an address sees what it points to made (release/acquire).
final class ObjectSlots: @unchecked Sendable {
    // @unchecked: every chunk address and slot is atomic and set once.
    /// log2 of the slots per chunk.
    private static let chunkShift = 6
    private static let chunkSize = 1 << chunkShift
    /// Each chunk's address, 0 until a slot in it is stored.
    private let chunks: UnsafeMutablePointer<Atomic<Int>>
    private let chunkCount: Int
    let count: Int

    init(count: Int) {
        assert(count >= 0)
        self.count = count
        chunkCount = (count + Self.chunkSize - 1) >> Self.chunkShift
        chunks = ZeroedAtomics.allocate(Int.self, count: chunkCount)
    }

    deinit {
        for chunk in 0..<chunkCount {
            guard let slots = Self.slots(at: chunks[chunk].load(ordering: .acquiring)) else { continue }
            for index in 0..<chunkLength(chunk) {
                let address = slots[index].load(ordering: .acquiring)
                if let pointer = UnsafeRawPointer(bitPattern: address) { Unmanaged<AnyObject>.fromOpaque(pointer).release() }
            }
            ZeroedAtomics.deallocate(slots)
        }
        ZeroedAtomics.deallocate(chunks)
    }

    /// The slots of chunk `chunk`: all but the last have `chunkSize`.
    private func chunkLength(_ chunk: Int) -> Int {
        min(Self.chunkSize, count - (chunk << Self.chunkShift))
    }

    @inline(__always)
    private static func slots(at address: Int) -> UnsafeMutablePointer<Atomic<Int>>? {
        UnsafeMutablePointer(bitPattern: address)
    }

    /// The address of the object in slot `index`, if made.
    @inline(__always)
    func address(at index: Int) -> UnsafeRawPointer? {
        precondition(index >= 0 && index < count)
        guard let slots = Self.slots(at: chunks[index >> Self.chunkShift].load(ordering: .acquiring)) else { return nil }
        return UnsafeRawPointer(bitPattern: slots[index & (Self.chunkSize - 1)].load(ordering: .acquiring))
    }

    /// Retains and stores the object at `object` unless the slot was filled
    /// meanwhile; returns the address of the slot's object either way.
    func store(_ object: UnsafeMutableRawPointer, at index: Int) -> UnsafeRawPointer {
        precondition(index >= 0 && index < count)
        let slot = chunk(containing: index) + (index & (Self.chunkSize - 1))
        let retained = Unmanaged<AnyObject>.fromOpaque(object).retain()
        let (stored, found) = slot.pointee.compareExchange(expected: 0, desired: Int(bitPattern: object),
                                                           successOrdering: .releasing, failureOrdering: .acquiring)
        if stored { return UnsafeRawPointer(object) }
        retained.release()
        assert(found != 0, "a slot that lost the race holds an object")
        return UnsafeRawPointer(bitPattern: found)!
    }

    /// The chunk holding slot `index`, made (zeroed) unless another thread
    /// made it first.
    private func chunk(containing index: Int) -> UnsafeMutablePointer<Atomic<Int>> {
        let chunk = index >> Self.chunkShift
        return ZeroedAtomics.chunk(chunks[chunk], count: chunkLength(chunk), of: Int.self)
    }
}
