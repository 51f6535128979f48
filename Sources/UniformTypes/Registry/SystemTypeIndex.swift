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
/// Made on a process's first query, so it is two small open-addressing
/// tables of numbers over the table's own strings: nothing is copied, and
/// a probe compares the caller's bytes with the entry's, ignoring ASCII
/// case.
final class SystemTypeIndex: Sendable {
    static let shared = SystemTypeIndex(SystemTypeTable.entries)

    let entries: [SystemTypeTable.Entry]
    /// Per slot: entry + 1, or 0 for an empty slot.
    private let identifierSlots: [Int16]
    /// Per slot: (entry << 8 | index of the tag in its MIME tags) + 1, or
    /// 0. Every Apple MIME tag without parameters, in table order, so the
    /// slots of one tag are met in table order along its probe sequence.
    private let tagSlots: [Int32]
    /// The entries for `SystemTypeTable.freedesktopEquivalents`, by MIME type.
    let equivalents: [(mimeType: String, entry: Int)]

    init(_ entries: [SystemTypeTable.Entry]) {
        self.entries = entries
        var identifierSlots = [Int16](repeating: 0, count: Self.size(for: entries.count))
        var tagSlots = [Int32](repeating: 0, count: Self.size(for: 256))
        for index in entries.indices {
            Self.place(Int16(index + 1), hash: Self.hash(entries[index].identifier), in: &identifierSlots)
            let tags = entries[index].mimeTypes
            for tagIndex in tags.indices where !Self.hasParameters(tags[tagIndex]) {
                Self.place(Int32(index << 8 | tagIndex) + 1, hash: Self.hash(tags[tagIndex]), in: &tagSlots)
            }
        }
        self.identifierSlots = identifierSlots
        self.tagSlots = tagSlots
        func entry(_ identifier: String) -> Int {
            Self.find(Self.bytes(identifier), in: identifierSlots) { entries[Int($0) - 1].identifier }.map { Int($0) - 1 }!
        }
        var equivalents: [(mimeType: String, entry: Int)] = []
        for (mime, identifier) in SystemTypeTable.freedesktopEquivalents { equivalents.append((mime, entry(identifier))) }
        self.equivalents = equivalents
    }

    var count: Int { entries.count }

    // MARK: - Identifiers

    /// The entry with `identifier`, in any case.
    func entry(forIdentifier identifier: String) -> Int? {
        let entries = entries
        return Self.find(Self.bytes(identifier), in: identifierSlots) { entries[Int($0) - 1].identifier }.map { Int($0) - 1 }
    }

    /// The entries entry `entry`'s parents are; the table lists parents
    /// first (checked by the tests and here).
    func parentNumbers(of entry: Int) -> [Int] {
        entries[entry].parents.map { parent in
            guard let number = self.entry(forIdentifier: parent), number < entry else {
                preconditionFailure("built-in type \(entries[entry].identifier) names \(parent) before it is defined")
            }
            return number
        }
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
        guard Self.hasParameters(mimeType) else {
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
            for tag in entry.mimeTypes where Self.hasParameters(tag) && TagSyntax.indexKey(tag, tagClass: .mimeType) == folded {
                if found.last != Int32(index) { found.append(Int32(index)) }
            }
        }
        return found
    }

    private func carriers(ofSimpleKey key: UnsafeRawBufferPointer, firstOnly: Bool) -> [Int32] {
        let entries = entries
        let folded = key.withMemoryRebound(to: UInt8.self) { FoldedWords.hash(foldingASCII: $0) }
        guard let hash = folded else { return [] }
        let mask = tagSlots.count - 1
        var slot = Int(hash) & mask
        var found: [Int32] = []
        while tagSlots[slot] != 0 {
            let packed = Int(tagSlots[slot] - 1)
            let entry = packed >> 8
            if Self.equalFolding(entries[entry].mimeTypes[packed & 0xFF], key), found.last != Int32(entry) {
                found.append(Int32(entry))
                if firstOnly { break }
            }
            slot = (slot + 1) & mask
        }
        return found
    }

    // MARK: - Tables

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

    /// The slot value whose string (given by `string`) is `key`, folded.
    private static func find<Slot: FixedWidthInteger>(_ key: [UInt8], in slots: [Slot], _ string: (Slot) -> String) -> Slot? {
        key.withUnsafeBytes { key in
            guard let hash = key.withMemoryRebound(to: UInt8.self, { FoldedWords.hash(foldingASCII: $0) }) else { return nil }
            let mask = slots.count - 1
            var slot = Int(hash) & mask
            while slots[slot] != 0 {
                if equalFolding(string(slots[slot]), key) { return slots[slot] }
                slot = (slot + 1) & mask
            }
            return nil
        }
    }

    /// The key a string is looked up by: its bytes, folded by Unicode
    /// rules when it is not ASCII (a table string never is).
    private static func bytes(_ text: String) -> [UInt8] {
        let ascii = text.utf8.withContiguousStorageIfAvailable { bytes in !bytes.contains { $0 >= 0x80 } }
            ?? text.utf8.allSatisfy { $0 < 0x80 }
        return ascii ? Array(text.utf8) : Array(text.lowercased().utf8)
    }

    /// Over the string's contiguous bytes: the table's strings are
    /// literals, and iterating a string's view costs more than hashing it.
    private static func hash(_ text: String) -> UInt32 {
        text.utf8.withContiguousStorageIfAvailable { FoldedWords.hash(foldingASCII: $0) ?? 0 }
            ?? Array(text.utf8).withUnsafeBufferPointer { FoldedWords.hash(foldingASCII: $0) ?? 0 }
    }

    /// Whether `stored` is `key`, ignoring ASCII case.
    private static func equalFolding(_ stored: String, _ key: UnsafeRawBufferPointer) -> Bool {
        stored.utf8.withContiguousStorageIfAvailable { stored in
            guard stored.count == key.count else { return false }
            for index in 0..<key.count where FoldedKeyTable.fold(stored[index]) != FoldedKeyTable.fold(key[index]) { return false }
            return true
        } ?? (String(decoding: key, as: UTF8.self).lowercased() == stored.lowercased())
    }

    private static func hasParameters(_ tag: String) -> Bool {
        tag.utf8.withContiguousStorageIfAvailable { $0.contains(UInt8(ascii: ";")) } ?? tag.utf8.contains(UInt8(ascii: ";"))
    }
}
