import Foundation

/// The built-in system types arranged for the lookups that need no MIME
/// database: by identifier, and by Apple's own MIME tags. Made once per
/// process and shared by every registry that answers from a mapped
/// database (``MappedTypeTable``).
///
/// The rules are ``BaseTypeTable``'s: ``firstOwner(ofMIMEType:)`` is the
/// system type a database type named by that MIME type becomes, and
/// ``carriers(ofKey:)`` the system types filed under a lookup key by their
/// own tags, in table order.
///
/// Three small open-addressing tables of numbers over the table's own
/// static strings (identifiers, MIME tags, extensions), generated ahead for
/// the built-in table (``Generated``) so a process's first query does not
/// hash every entry; a probe compares the caller's bytes with the entry's,
/// ignoring ASCII case.
final class SystemTypeIndex: Sendable {
    static let shared = SystemTypeIndex(SystemTypeTable.entries)

    let entries: [SystemTypeTable.Entry]
    /// Per slot: entry + 1, or 0 for an empty slot.
    private let identifierSlots: [Int16]
    /// Per slot: the entry and where the tag lies in its MIME tag list
    /// (``Tag``), or 0. Every Apple MIME tag without parameters, in table
    /// order, so the slots of one tag are met in table order along its
    /// probe sequence.
    private let tagSlots: [Int64]
    /// The same for Apple's extension tags.
    private let extensionSlots: [Int64]

    /// A tag slot: entry, offset and length of the tag in the entry's list
    /// (of MIME types or of extensions).
    private enum Tag {
        static func pack(entry: Int, range: Range<Int>) -> Int64 {
            Int64(entry + 1) << 32 | Int64(range.lowerBound) << 16 | Int64(range.count)
        }

        static func entry(_ slot: Int64) -> Int { Int(slot >> 32) - 1 }

        static func bytes(_ slot: Int64, in list: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
            let offset = Int((slot >> 16) & 0xFFFF)
            return UnsafeBufferPointer(rebasing: list[offset..<offset + Int(slot & 0xFFFF)])
        }
    }

    /// The index of `entries`. For the built-in table it is the generated
    /// one (``SystemTypeIndex/Generated``), so a process's first query
    /// does not hash the table; for any other table, or a built-in table
    /// changed since the generated file was made (the tests say so), it is
    /// computed.
    init(_ entries: [SystemTypeTable.Entry]) {
        self.entries = entries
        let slots = Generated.entryCount == entries.count && Generated.firstIdentifier == entries.first?.identifier
            ? (identifiers: Generated.identifierSlots, tags: Generated.tagSlots, extensions: Generated.extensionSlots)
            : Self.computedSlots(entries)
        identifierSlots = slots.identifiers
        tagSlots = slots.tags
        extensionSlots = slots.extensions
    }

    /// The system entry the freedesktop type named `name` (in any case)
    /// stands for (inode/directory is public.folder; see
    /// ``SystemTypeTable/freedesktopEquivalents``), if any.
    func equivalentEntry(ofMIMEType name: UnsafeRawBufferPointer) -> Int? {
        for pair in SystemTypeTable.freedesktopEquivalents
        where FoldedKeyTable.equalIgnoringCase(UnsafeRawBufferPointer(SystemTypeTable.Entry.bytes(pair.mime)), name) {
            return Self.find(identifier: UnsafeRawBufferPointer(SystemTypeTable.Entry.bytes(pair.system)), in: identifierSlots, entries)
        }
        return nil
    }

    /// The freedesktop types that stand for system entry `entry`.
    func equivalentMIMETypes(ofEntry entry: Int) -> [String] {
        SystemTypeTable.freedesktopEquivalents.compactMap { pair in
            Self.find(identifier: UnsafeRawBufferPointer(SystemTypeTable.Entry.bytes(pair.system)), in: identifierSlots, entries) == entry
                ? pair.mimeType : nil
        }
    }

    var count: Int { entries.count }

    // MARK: - Identifiers

    /// The entry with `identifier`, in any case.
    func entry(forIdentifier identifier: String) -> Int? {
        Self.find(identifier: identifier, in: identifierSlots, entries)
    }

    private static func find(identifier: String, in slots: [Int16], _ entries: [SystemTypeTable.Entry]) -> Int? {
        var identifier = identifier
        return identifier.withUTF8 { find(identifier: UnsafeRawBufferPointer($0), in: slots, entries) }
    }

    private static func find(identifier key: UnsafeRawBufferPointer, in slots: [Int16], _ entries: [SystemTypeTable.Entry]) -> Int? {
        // A table identifier is ASCII: one outside it is no system type.
        guard let hash = key.withMemoryRebound(to: UInt8.self, { FoldedWords.hash(foldingASCII: $0) }) else { return nil }
        let mask = slots.count - 1
        var slot = Int(hash) & mask
        while slots[slot] != 0 {
            let entry = Int(slots[slot]) - 1
            if FoldedKeyTable.equalIgnoringCase(UnsafeRawBufferPointer(SystemTypeTable.Entry.bytes(entries[entry].id)), key) {
                return entry
            }
            slot = (slot + 1) & mask
        }
        return nil
    }

    /// The entries entry `entry`'s parents are; the table lists parents
    /// first (checked by the tests and here).
    func parentNumbers(of entry: Int) -> [Int] {
        var numbers: [Int] = []
        SystemTypeTable.Entry.forEachWord(of: entries[entry].conformsTo) { parent in
            guard let number = Self.find(identifier: UnsafeRawBufferPointer(parent), in: identifierSlots, entries), number < entry else {
                preconditionFailure("built-in type \(entries[entry].identifier) names \(String(decoding: parent, as: UTF8.self)) before it is defined")
            }
            numbers.append(number)
        }
        return numbers
    }

    // MARK: - MIME tags

    /// The first entry whose Apple tags include `mimeType`, in any case.
    func firstOwner(ofMIMEType mimeType: UnsafeRawBufferPointer) -> Int? {
        if let base = mimeType.baseAddress, memchr(base, Int32(UInt8(ascii: ";")), mimeType.count) != nil {
            return firstOwner(ofMIMEType: String(decoding: mimeType, as: UTF8.self))
        }
        return carriers(ofSimpleKey: mimeType, firstOnly: true).first.map(Int.init)
    }

    func firstOwner(ofMIMEType mimeType: String) -> Int? {
        guard mimeType.utf8.contains(UInt8(ascii: ";")) else {
            var mimeType = mimeType
            return mimeType.withUTF8 { firstOwner(ofMIMEType: UnsafeRawBufferPointer($0)) }
        }
        // Tags with parameters are few, and compared as written (folded).
        let folded = mimeType.foldedASCII
        for (index, entry) in entries.enumerated() where entry.mimeTypes.contains(where: { $0.foldedASCII == folded }) {
            return index
        }
        return nil
    }

    /// The entries whose Apple tags have the lookup key `key`, in order.
    func carriers(ofKey key: UnsafeRawBufferPointer) -> [Int32] {
        guard key.contains(UInt8(ascii: ";")) else { return carriers(ofSimpleKey: key, firstOnly: false) }
        let folded = String(decoding: key, as: UTF8.self).lowercased()
        var found: [Int32] = []
        for (index, entry) in entries.enumerated() {
            for tag in entry.mimeTypes where tag.utf8.contains(UInt8(ascii: ";")) && TagSyntax.indexKey(tag, tagClass: .mimeType) == folded {
                if found.last != Int32(index) { found.append(Int32(index)) }
            }
        }
        return found
    }

    private func carriers(ofSimpleKey key: UnsafeRawBufferPointer, firstOnly: Bool) -> [Int32] {
        Self.carriers(of: key, in: tagSlots, entries, list: { $0.mime }, firstOnly: firstOnly)
    }

    // MARK: - Extensions

    /// The entries whose Apple extension tags include `key` (folded), in
    /// table order; the first is the one the full table files the tag
    /// under.
    func extensionCarriers(ofKey key: UnsafeRawBufferPointer) -> [Int32] {
        Self.carriers(of: key, in: extensionSlots, entries, list: { $0.ext }, firstOnly: false)
    }

    // MARK: - Tables

    /// The three slot tables of `entries`, computed.
    static func computedSlots(_ entries: [SystemTypeTable.Entry]) -> (identifiers: [Int16], tags: [Int64], extensions: [Int64]) {
        var identifierSlots = [Int16](repeating: 0, count: size(for: entries.count))
        for index in entries.indices {
            place(Int16(index + 1), hash: hash(SystemTypeTable.Entry.bytes(entries[index].id)), in: &identifierSlots)
        }
        return (identifierSlots, wordSlots(entries, capacity: 256) { $0.mime },
                wordSlots(entries, capacity: 512) { $0.ext })
    }

    /// The Swift source of ``Generated`` for `entries`: what
    /// `scripts/generate-system-type-index` writes.
    static func generatedSource(_ entries: [SystemTypeTable.Entry]) -> String {
        let slots = computedSlots(entries)
        func list(_ values: [some FixedWidthInteger]) -> String {
            stride(from: 0, to: values.count, by: 16).map { start in
                "            " + values[start..<min(start + 16, values.count)].map { "\($0)," }.joined(separator: " ")
            }.joined(separator: "\n")
        }
        return """
        // Generated by scripts/generate-system-type-index from SystemTypeTable.entries:
        // do not edit. The UniformTypes tests check it against the table.

        extension SystemTypeIndex {
            /// The slot tables of the built-in table, made ahead so a
            /// process's first query reads them instead of hashing every
            /// entry (see ``SystemTypeIndex/computedSlots(_:)``).
            enum Generated {
                static let entryCount = \(entries.count)
                static let firstIdentifier = "\(entries.first?.identifier ?? "")"
                static let identifierSlots: [Int16] = [
        \(list(slots.identifiers))
                ]
                static let tagSlots: [Int64] = [
        \(list(slots.tags))
                ]
                static let extensionSlots: [Int64] = [
        \(list(slots.extensions))
                ]
            }
        }

        """
    }

    /// Slots for the words of each entry's `list` without parameters
    /// (``Tag``), in table order.
    static func wordSlots(_ entries: [SystemTypeTable.Entry], capacity: Int,
                          list: (SystemTypeTable.Entry) -> StaticString) -> [Int64] {
        var slots = [Int64](repeating: 0, count: size(for: capacity))
        for index in entries.indices {
            let list = list(entries[index])
            let start = list.utf8Start
            SystemTypeTable.Entry.forEachWord(of: list) { word in
                // A MIME tag with parameters is left to the linear paths.
                guard !word.contains(UInt8(ascii: ";")), let base = word.baseAddress else { return }
                let offset = start.distance(to: base)
                place(Tag.pack(entry: index, range: offset..<offset + word.count), hash: hash(word), in: &slots)
            }
        }
        return slots
    }

    /// The entries whose `list` has `key` (ignoring case), in table order.
    private static func carriers(of key: UnsafeRawBufferPointer, in slots: [Int64], _ entries: [SystemTypeTable.Entry],
                                 list: (SystemTypeTable.Entry) -> StaticString, firstOnly: Bool) -> [Int32] {
        guard let hash = key.withMemoryRebound(to: UInt8.self, { FoldedWords.hash(foldingASCII: $0) }) else { return [] }
        let mask = slots.count - 1
        var slot = Int(hash) & mask
        var found: [Int32] = []
        while slots[slot] != 0 {
            let packed = slots[slot]
            let entry = Tag.entry(packed)
            let tag = Tag.bytes(packed, in: SystemTypeTable.Entry.bytes(list(entries[entry])))
            if FoldedKeyTable.equalIgnoringCase(UnsafeRawBufferPointer(tag), key), found.last != Int32(entry) {
                found.append(Int32(entry))
                if firstOnly { break }
            }
            slot = (slot + 1) & mask
        }
        return found
    }

    private static func size(for count: Int) -> Int {
        var size = 16
        while size < count * 2 { size <<= 1 }
        return size
    }

    private static func place<Slot: FixedWidthInteger>(_ value: Slot, hash: UInt32, in slots: inout [Slot]) {
        let mask = slots.count - 1
        var slot = Int(hash) & mask
        while slots[slot] != 0 { slot = (slot + 1) & mask }
        slots[slot] = value
    }

    /// The folded hash of a table string (ASCII, so always one).
    private static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt32 {
        FoldedWords.hash(foldingASCII: bytes) ?? 0
    }
}
