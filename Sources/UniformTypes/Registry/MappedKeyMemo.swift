import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Lookup keys already answered (MIME types, extensions, identifiers) with
/// the type numbers carrying each, so a key asked again is one hash probe:
/// the mapped table's answers as it gives them, and every tag of the full
/// table (``BaseTypeTable``), filled when first asked.
///
/// Guarantees: insert-only; readers take no lock (slots hold immutable
/// ``Entry`` addresses published with release/acquire), inserts take one;
/// at most ``unknownKeyLimit`` keys nothing carries are kept.
final class MappedKeyMemo: @unchecked Sendable {
    // @unchecked: the table and every slot are atomic; an entry is
    // published only after it is in `kept`, a table only once filled.

    /// One answered key: its folded bytes and the numbers carrying it.
    final class Entry: @unchecked Sendable {
        // @unchecked: written in init, only read after, but for the
        // attachment, which is atomic and set once.
        /// Folded key bytes plus eight zero bytes, for word compares.
        let bytes: UnsafeMutablePointer<UInt8>
        let count: Int
        let hash: UInt32
        /// The numbers carrying the key.
        let numbers: UnsafeMutablePointer<Int32>
        let numberCount: Int

        init(folded key: UnsafeRawBufferPointer, hash: UInt32, numbers: UnsafeBufferPointer<Int32>) {
            // The numbers, then the bytes, in one block.
            let numbersSize = MemoryLayout<Int32>.stride * max(numbers.count, 1)
            guard let block = malloc(numbersSize + key.count + 8) else { fatalError("out of memory") }
            self.numbers = block.bindMemory(to: Int32.self, capacity: max(numbers.count, 1))
            if let base = numbers.baseAddress { self.numbers.initialize(from: base, count: numbers.count) }
            numberCount = numbers.count
            bytes = (block + numbersSize).bindMemory(to: UInt8.self, capacity: key.count + 8)
            bytes.initialize(repeating: 0, count: key.count + 8)
            if let base = key.baseAddress { bytes.update(from: base.assumingMemoryBound(to: UInt8.self), count: key.count) }
            count = key.count
            self.hash = hash
        }

        /// An object made from this answer (``PublishedObject``).
        private let attached = Atomic<Int>(0)

        /// For a key nothing carries, its dynamic type as a kind of public.data.
        private let dynamicOfData = Atomic<Int>(0)

        deinit {
            free(numbers)  // the block starts with the numbers
            PublishedObject.release(attached)
            PublishedObject.release(dynamicOfData)
        }

        /// ``dynamicOfData``, if remembered.
        @inline(__always)
        func dynamicRecordOfData() -> TypeRecord? {
            PublishedObject.value(in: dynamicOfData, as: TypeRecord.self)
        }

        /// Remembers `record` as ``dynamicOfData`` unless one is already:
        /// only for a key nothing carries.
        func rememberDynamicRecordOfData(_ record: TypeRecord) {
            guard numberCount == 0 else { return }
            _ = PublishedObject.publish(record, in: dynamicOfData)
        }

        /// The object attached to this answer, if it is one of `type`.
        @inline(__always)
        func attachment<Object: AnyObject>(as type: Object.Type) -> Object? {
            PublishedObject.value(in: attached, as: AnyObject.self) as? Object
        }

        /// Attaches `object` unless another thread was first; returns the
        /// attached object either way.
        func attach<Object: AnyObject>(_ object: Object) -> Object {
            PublishedObject.publish(object, in: attached)
        }
    }

    /// The slot table: a block of its mask, the table it replaced, then the
    /// slots. Doubled when half full; replaced tables live as long as the
    /// memo, since a reader may still probe one.
    private let table = Atomic<Int>(0)
    /// How many keys nothing carries may be remembered.
    static let unknownKeyLimit = 512
    /// The answer for a key nothing carries once ``unknownKeyLimit`` are
    /// remembered: in no memo, so nothing is remembered with it.
    static let nothingCarries = Entry(folded: UnsafeRawBufferPointer(start: nil, count: 0), hash: 0,
                                      numbers: UnsafeBufferPointer(start: nil, count: 0))
    /// The entries, and how many are for keys nothing carries.
    private let kept = Mutex(KeptEntries())

    /// Every entry, retained.
    private struct KeptEntries {
        private(set) var entries: UnsafeMutablePointer<Unmanaged<Entry>>?
        private(set) var count = 0
        private var capacity = 0
        /// How many are for keys nothing carries.
        var unknown = 0

        mutating func append(_ entry: Entry) {
            if count == capacity {
                capacity = max(8, 2 * capacity)
                let larger = UnsafeMutablePointer<Unmanaged<Entry>>.allocate(capacity: capacity)
                if let entries {
                    larger.moveInitialize(from: entries, count: count)
                    entries.deallocate()
                }
                entries = larger
            }
            (entries! + count).initialize(to: Unmanaged.passRetained(entry))
            count += 1
        }

        /// Entry `index`, kept alive by this list.
        subscript(index: Int) -> Entry { entries![index].takeUnretainedValue() }

        mutating func releaseAll() {
            for index in 0..<count { entries![index].release() }
            entries?.deallocate()
            entries = nil
            count = 0
            capacity = 0
        }
    }

    init() {
        table.store(Int(bitPattern: Self.makeTable(size: 16, replacing: 0)), ordering: .releasing)
    }

    deinit {
        kept.withLock { $0.releaseAll() }
        var block = table.load(ordering: .acquiring)
        while let pointer = UnsafeMutableRawPointer(bitPattern: block) {
            block = pointer.load(fromByteOffset: 8, as: Int.self)
            free(pointer)
        }
    }

    /// A zeroed table of `size` slots (a power of two).
    private static func makeTable(size: Int, replacing previous: Int) -> UnsafeMutableRawPointer {
        guard let block = calloc(size + 2, MemoryLayout<Int>.stride) else { fatalError("out of memory for \(size) memo slots") }
        block.storeBytes(of: size - 1, as: Int.self)
        block.storeBytes(of: previous, toByteOffset: 8, as: Int.self)
        return block
    }

    @inline(__always)
    private static func slots(_ block: UnsafeRawPointer) -> (slots: UnsafeMutablePointer<Atomic<Int>>, mask: Int) {
        (UnsafeMutableRawPointer(mutating: block + 16).assumingMemoryBound(to: Atomic<Int>.self), block.load(as: Int.self))
    }

    /// The entry for `key` folded, whose folded hash is `hash`, if answered.
    /// Not retained: this memo keeps it alive.
    @inline(__always)
    func lookup(_ key: UnsafeBufferPointer<UInt8>, hash: UInt32) -> Unmanaged<Entry>? {
        let (slots, mask) = Self.slots(UnsafeRawPointer(bitPattern: table.load(ordering: .acquiring))!)
        var slot = Int(hash) & mask
        while true {
            let address = slots[slot].load(ordering: .acquiring)
            guard address != 0, let pointer = UnsafeRawPointer(bitPattern: address) else { return nil }
            let entry = Unmanaged<Entry>.fromOpaque(pointer)
            let matches = entry._withUnsafeGuaranteedRef { stored in
                stored.hash == hash && stored.count == key.count && FoldedWords.equal(stored: stored.bytes, key)
            }
            if matches { return entry }
            slot = (slot + 1) & mask
        }
    }

    /// Remembers `numbers` for the folded `key`; returns the entry stored
    /// for it (an earlier one if another thread was first), or `nil` when
    /// `numbers` is empty and ``unknownKeyLimit`` such keys are remembered.
    func insert(folded key: UnsafeRawBufferPointer, numbers: UnsafeBufferPointer<Int32>) -> Entry? {
        let made = key.withMemoryRebound(to: UInt8.self) { bytes in
            Entry(folded: key, hash: FoldedWords.hash(folded: bytes), numbers: numbers)
        }
        return kept.withLock { kept -> Entry? in
            let found = key.withMemoryRebound(to: UInt8.self) { lookup($0, hash: made.hash) }
            if let found { return found.takeUnretainedValue() }
            // Known keys are bounded by the database; unknown ones are not.
            if numbers.isEmpty {
                guard kept.unknown < Self.unknownKeyLimit else { return nil }
                kept.unknown += 1
            }
            kept.append(made)
            let block = UnsafeRawPointer(bitPattern: table.load(ordering: .relaxed))!
            if kept.count * 2 > Self.slots(block).mask + 1 {
                let larger = Self.makeTable(size: 2 * (Self.slots(block).mask + 1), replacing: Int(bitPattern: block))
                for index in 0..<kept.count { Self.place(kept[index], in: larger) }
                table.store(Int(bitPattern: larger), ordering: .releasing)
            } else {
                Self.place(made, in: block)
            }
            return made
        }
    }

    /// Stores `entry` in the first free slot of its probe sequence.
    private static func place(_ entry: Entry, in block: UnsafeRawPointer) {
        let (slots, mask) = Self.slots(block)
        var slot = Int(entry.hash) & mask
        while slots[slot].load(ordering: .relaxed) != 0 { slot = (slot + 1) & mask }
        slots[slot].store(Int(bitPattern: Unmanaged.passUnretained(entry).toOpaque()), ordering: .releasing)
    }
}
