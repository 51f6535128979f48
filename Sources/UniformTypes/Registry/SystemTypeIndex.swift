import CUniformTypeTables
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The built-in system types arranged for the lookups that need no MIME
/// database: by identifier, and by Apple's own MIME tags and extensions.
/// Shared by every registry that answers from a mapped database
/// (``MappedTypeTable``).
///
/// The rules are ``BaseTypeTable``'s: ``firstOwner(ofMIMEType:)`` is the
/// system type a database type named by that MIME type becomes, and
/// ``forEachCarrier(ofKey:_:)`` visits the system types filed under a
/// lookup key by their own tags, in table order.
///
/// It reads the table as constant C data (the `CUniformTypeTables`
/// module, generated from ``SystemTypeTable/entries`` by
/// `scripts/generate-system-type-index`): the fields of every entry and
/// three open-addressing slot tables (identifiers, MIME tags, extensions),
/// so a process's first query neither hashes every entry nor makes the
/// Swift table. An array of values would cost that first query the
/// runtime's generic-metadata set-up, several times the query itself. A
/// probe compares the caller's bytes with the entry's, ignoring ASCII case.
struct SystemTypeIndex: Sendable {
    static let shared = SystemTypeIndex()

    /// The fields of an entry, in the generated data's order.
    enum Field: Int {
        case identifier, parents, mimeTypes, extensions, description
    }

    var count: Int { dk_system_entry_count() }

    /// The bytes of field `field` of entry `entry`.
    @inline(__always)
    func bytes(_ entry: Int, _ field: Field) -> UnsafeRawBufferPointer {
        let index = 5 * entry + field.rawValue
        return UnsafeRawBufferPointer(start: UnsafeRawPointer(dk_system_fields()[index]), count: Int(dk_system_field_lengths()[index]))
    }

    func identifier(of entry: Int) -> String { String(decoding: bytes(entry, .identifier), as: UTF8.self) }
    func description(of entry: Int) -> String { String(decoding: bytes(entry, .description), as: UTF8.self) }

    /// The MIME tags of entry `entry`, as written, in Apple's order.
    func mimeTypes(of entry: Int) -> [String] {
        var tags: [String] = []
        Self.forEachWord(of: bytes(entry, .mimeTypes)) { tags.append(String(decoding: $0, as: UTF8.self)) }
        return tags
    }

    /// Calls `body` with the bytes of each word of a space-separated list.
    @inline(__always)
    static func forEachWord<Failure: Error>(of list: UnsafeRawBufferPointer,
                                            _ body: (UnsafeRawBufferPointer) throws(Failure) -> Void) throws(Failure) {
        var start = 0
        for index in 0...list.count where index == list.count || list[index] == UInt8(ascii: " ") {
            if index > start { try body(UnsafeRawBufferPointer(rebasing: list[start..<index])) }
            start = index + 1
        }
    }

    // MARK: - Identifiers

    /// The entry with `identifier`, in any case.
    func entry(forIdentifier identifier: String) -> Int? {
        var identifier = identifier
        return identifier.withUTF8 { entry(forIdentifier: UnsafeRawBufferPointer($0)) }
    }

    /// The entry whose identifier is `key`, in any case.
    func entry(forIdentifier key: UnsafeRawBufferPointer) -> Int? {
        // A table identifier is ASCII: one outside it is no system type.
        guard let hash = key.withMemoryRebound(to: UInt8.self, { FoldedWords.hash(foldingASCII: $0) }) else { return nil }
        let slots = dk_system_identifier_slots()!
        let mask = dk_system_identifier_slot_count() - 1
        var slot = Int(hash) & mask
        while slots[slot] != 0 {
            let entry = Int(slots[slot]) - 1
            if FoldedKeyTable.equalIgnoringCase(bytes(entry, .identifier), key) { return entry }
            slot = (slot + 1) & mask
        }
        return nil
    }

    /// Calls `body` with the entry of each of entry `entry`'s parents, in
    /// the table's order: numbers the generated data holds, so making a
    /// record hashes no parent's identifier. The table lists parents first
    /// (``generatedParents(_:)`` checks it).
    @inline(__always)
    func forEachParent<Failure: Error>(of entry: Int, _ body: (Int) throws(Failure) -> Void) throws(Failure) {
        let starts = dk_system_parent_starts()!, parents = dk_system_parent_entries()!
        for index in Int(starts[entry])..<Int(starts[entry + 1]) { try body(Int(parents[index])) }
    }

    // MARK: - freedesktop pairs

    /// The system entry the freedesktop type named `name` (in any case)
    /// stands for (inode/directory is public.folder; see
    /// ``SystemTypeTable/freedesktopEquivalents``), if any.
    func equivalentEntry(ofMIMEType name: UnsafeRawBufferPointer) -> Int? {
        Self.pairedIdentifier(of: name, in: dk_freedesktop_equivalents(), count: dk_freedesktop_equivalent_count())
            .flatMap { entry(forIdentifier: $0) }
    }

    /// The freedesktop types that stand for system entry `entry`.
    func equivalentMIMETypes(ofEntry entry: Int) -> [String] {
        let pairs = dk_freedesktop_equivalents()!
        var found: [String] = []
        for pair in 0..<dk_freedesktop_equivalent_count() where self.entry(forIdentifier: Self.bytes(pairs[2 * pair + 1])) == entry {
            found.append(String(cString: pairs[2 * pair]!))
        }
        return found
    }

    /// The identifier of the system type the freedesktop type named `name`
    /// (in any case) is a kind of (text/x-csrc is C source; see
    /// ``SystemTypeTable/freedesktopParents``), if any.
    func freedesktopParent(of name: UnsafeRawBufferPointer) -> String? {
        freedesktopParentIdentifier(of: name).map { String(decoding: $0, as: UTF8.self) }
    }

    /// ``freedesktopParent(of:)`` as the bytes of the constant data, made
    /// without a string (a first query's).
    func freedesktopParentIdentifier(of name: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer? {
        Self.pairedIdentifier(of: name, in: dk_freedesktop_parents(), count: dk_freedesktop_parent_count())
    }

    /// The second of the pair whose first is `name` (in any case).
    private static func pairedIdentifier(of name: UnsafeRawBufferPointer, in pairs: UnsafePointer<UnsafePointer<CChar>?>,
                                         count: Int) -> UnsafeRawBufferPointer? {
        for pair in 0..<count where FoldedKeyTable.equalIgnoringCase(bytes(pairs[2 * pair]), name) {
            return bytes(pairs[2 * pair + 1])
        }
        return nil
    }

    private static func bytes(_ string: UnsafePointer<CChar>?) -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(start: UnsafeRawPointer(string), count: string.map { strlen($0) } ?? 0)
    }

    // MARK: - MIME tags

    /// The first entry whose Apple tags include `mimeType`, in any case.
    func firstOwner(ofMIMEType mimeType: UnsafeRawBufferPointer) -> Int? {
        if let base = mimeType.baseAddress, memchr(base, Int32(UInt8(ascii: ";")), mimeType.count) != nil {
            return firstOwner(ofMIMEType: String(decoding: mimeType, as: UTF8.self))
        }
        var first: Int?
        Self.forEachCarrier(of: mimeType, slots: dk_system_tag_slots(), count: dk_system_tag_slot_count(), field: .mimeTypes) { entry in
            if first == nil { first = entry }
        }
        return first
    }

    func firstOwner(ofMIMEType mimeType: String) -> Int? {
        guard mimeType.utf8.contains(UInt8(ascii: ";")) else {
            var mimeType = mimeType
            return mimeType.withUTF8 { firstOwner(ofMIMEType: UnsafeRawBufferPointer($0)) }
        }
        // Tags with parameters are few, and compared as written (folded).
        let folded = mimeType.foldedASCII
        for entry in 0..<count where mimeTypes(of: entry).contains(where: { $0.foldedASCII == folded }) { return entry }
        return nil
    }

    /// Calls `body` with each entry whose Apple tags have the lookup key
    /// `key`, once each, in table order.
    func forEachCarrier<Failure: Error>(ofKey key: UnsafeRawBufferPointer,
                                        _ body: (Int) throws(Failure) -> Void) throws(Failure) {
        guard key.contains(UInt8(ascii: ";")) else {
            return try Self.forEachCarrier(of: key, slots: dk_system_tag_slots(), count: dk_system_tag_slot_count(),
                                           field: .mimeTypes, body)
        }
        let folded = String(decoding: key, as: UTF8.self).lowercased()
        for entry in 0..<count {
            let tags = mimeTypes(of: entry)
            if tags.contains(where: { $0.utf8.contains(UInt8(ascii: ";")) && TagSyntax.indexKey($0, tagClass: .mimeType) == folded }) {
                try body(entry)
            }
        }
    }

    /// The entries whose Apple tags have the lookup key `key`, in order.
    func carriers(ofKey key: UnsafeRawBufferPointer) -> [Int32] {
        var found: [Int32] = []
        forEachCarrier(ofKey: key) { found.append(Int32($0)) }
        return found
    }

    // MARK: - Extensions

    /// Calls `body` with each entry whose Apple extension tags include
    /// `key` (folded), once each, in table order; the first is the one the
    /// full table files the tag under.
    func forEachExtensionCarrier<Failure: Error>(ofKey key: UnsafeRawBufferPointer,
                                                 _ body: (Int) throws(Failure) -> Void) throws(Failure) {
        try Self.forEachCarrier(of: key, slots: dk_system_extension_slots(), count: dk_system_extension_slot_count(),
                                field: .extensions, body)
    }

    /// The entries whose Apple extension tags include `key`, in order.
    func extensionCarriers(ofKey key: UnsafeRawBufferPointer) -> [Int32] {
        var found: [Int32] = []
        forEachExtensionCarrier(ofKey: key) { found.append(Int32($0)) }
        return found
    }

    /// A tag slot: entry, offset and length of the tag in the entry's list
    /// (of MIME types or of extensions).
    private enum Tag {
        static func pack(entry: Int, range: Range<Int>) -> Int64 {
            Int64(entry + 1) << 32 | Int64(range.lowerBound) << 16 | Int64(range.count)
        }

        static func entry(_ slot: Int64) -> Int { Int(slot >> 32) - 1 }

        static func bytes(_ slot: Int64, in list: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer {
            let offset = Int((slot >> 16) & 0xFFFF)
            return UnsafeRawBufferPointer(rebasing: list[offset..<offset + Int(slot & 0xFFFF)])
        }
    }

    /// Calls `body` with each entry whose list `field` has `key` (ignoring
    /// case), once each, in table order: the slots of one tag are placed in
    /// table order along its probe sequence.
    private static func forEachCarrier<Failure: Error>(of key: UnsafeRawBufferPointer, slots: UnsafePointer<Int64>, count: Int,
                                                       field: Field, _ body: (Int) throws(Failure) -> Void) throws(Failure) {
        guard let hash = key.withMemoryRebound(to: UInt8.self, { FoldedWords.hash(foldingASCII: $0) }) else { return }
        let mask = count - 1
        var slot = Int(hash) & mask
        var last = -1
        while slots[slot] != 0 {
            let packed = slots[slot]
            let entry = Tag.entry(packed)
            if entry != last, FoldedKeyTable.equalIgnoringCase(Tag.bytes(packed, in: shared.bytes(entry, field)), key) {
                last = entry
                try body(entry)
            }
            slot = (slot + 1) & mask
        }
    }

    // MARK: - Making the data

    /// The three slot tables of `entries`, computed: what the generated
    /// data must hold.
    static func computedSlots(_ entries: [SystemTypeTable.Entry]) -> (identifiers: [Int16], tags: [Int64], extensions: [Int64]) {
        var identifierSlots = [Int16](repeating: 0, count: size(for: entries.count))
        for index in entries.indices {
            place(Int16(index + 1), hash: hash(SystemTypeTable.Entry.bytes(entries[index].id)), in: &identifierSlots)
        }
        return (identifierSlots, wordSlots(entries, capacity: 256) { $0.mime },
                wordSlots(entries, capacity: 512) { $0.ext })
    }

    /// The C source of the generated data for `entries` and the freedesktop
    /// pairs: what `scripts/generate-system-type-index` writes.
    static func generatedSource(_ entries: [SystemTypeTable.Entry], equivalents: [SystemTypeTable.MIMEPair],
                                parents: [SystemTypeTable.MIMEPair]) -> String {
        let slots = computedSlots(entries)
        let parentNumbers = generatedParents(entries)
        func list(_ values: [String]) -> String {
            stride(from: 0, to: values.count, by: 16).map { start in
                "    " + values[start..<min(start + 16, values.count)].map { "\($0)," }.joined(separator: " ")
            }.joined(separator: "\n")
        }
        func numbers(_ values: [some FixedWidthInteger]) -> String { list(values.map { "\($0)" }) }
        func literal(_ text: String) -> String {
            "\"" + text.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"") + "\""
        }
        let fields = entries.map { entry in
            [entry.id, entry.conformsTo, entry.mime, entry.ext, entry.about].map(\.description)
        }
        func pairs(_ pairs: [SystemTypeTable.MIMEPair]) -> String {
            pairs.map { "    \(literal($0.mimeType)), \(literal($0.identifier))," }.joined(separator: "\n")
        }
        return """
        // Generated by scripts/generate-system-type-index from SystemTypeTable:
        // do not edit. The UniformTypes tests check it against the table.

        #include "UniformTypeTables.h"

        static const char *const fields[] = {
        \(fields.map { "    " + $0.map(literal).joined(separator: ", ") + "," }.joined(separator: "\n"))
        };

        static const uint16_t fieldLengths[] = {
        \(numbers(fields.flatMap { $0.map(\.utf8.count) }))
        };

        static const int16_t identifierSlots[] = {
        \(numbers(slots.identifiers))
        };

        static const int64_t tagSlots[] = {
        \(numbers(slots.tags))
        };

        static const int64_t extensionSlots[] = {
        \(numbers(slots.extensions))
        };

        static const uint16_t parentStarts[] = {
        \(numbers(parentNumbers.starts))
        };

        static const int16_t parentEntries[] = {
        \(numbers(parentNumbers.entries))
        };

        static const char *const equivalents[] = {
        \(pairs(equivalents))
        };

        static const char *const parents[] = {
        \(pairs(parents))
        };

        long dk_system_entry_count(void) { return \(entries.count); }
        const char *const *dk_system_fields(void) { return fields; }
        const uint16_t *dk_system_field_lengths(void) { return fieldLengths; }
        const int16_t *dk_system_identifier_slots(void) { return identifierSlots; }
        long dk_system_identifier_slot_count(void) { return \(slots.identifiers.count); }
        const int64_t *dk_system_tag_slots(void) { return tagSlots; }
        long dk_system_tag_slot_count(void) { return \(slots.tags.count); }
        const int64_t *dk_system_extension_slots(void) { return extensionSlots; }
        long dk_system_extension_slot_count(void) { return \(slots.extensions.count); }
        const uint16_t *dk_system_parent_starts(void) { return parentStarts; }
        const int16_t *dk_system_parent_entries(void) { return parentEntries; }
        const char *const *dk_freedesktop_equivalents(void) { return equivalents; }
        long dk_freedesktop_equivalent_count(void) { return \(equivalents.count); }
        const char *const *dk_freedesktop_parents(void) { return parents; }
        long dk_freedesktop_parent_count(void) { return \(parents.count); }

        """
    }

    /// Every entry's parents as entry numbers, flattened: entry `e`'s are
    /// `entries[starts[e]..<starts[e + 1]]`. A parent must come before its
    /// child in the table, so the table is checked here, when generating.
    static func generatedParents(_ entries: [SystemTypeTable.Entry]) -> (starts: [UInt16], entries: [Int16]) {
        var numbers: [String: Int] = [:]
        var starts: [UInt16] = [0], parents: [Int16] = []
        for (number, entry) in entries.enumerated() {
            for parent in entry.parents {
                guard let parentNumber = numbers[parent.lowercased()] else {
                    preconditionFailure("built-in type \(entry.identifier) names \(parent) before it is defined")
                }
                parents.append(Int16(parentNumber))
            }
            starts.append(UInt16(parents.count))
            numbers[entry.identifier.lowercased()] = number
        }
        return (starts, parents)
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
