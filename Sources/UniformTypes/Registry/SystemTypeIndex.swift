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

/// The built-in types as constant C data (`CUniformTypeTables`: the
/// entries of SystemTypes.c and their generated hash slots by identifier,
/// MIME tag and extension), read in place, so a first query builds no
/// table. Lookups follow ``BaseTypeTable``'s rules and ignore ASCII case.
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

    /// The words of list `field` (MIME types or extensions) of entry
    /// `entry`, as written, in Apple's order.
    func words(_ entry: Int, _ field: Field) -> [String] {
        var words: [String] = []
        Self.forEachWord(of: bytes(entry, field)) { words.append(String(decoding: $0, as: UTF8.self)) }
        return words
    }

    /// Entry `entry`'s Apple tags by class.
    func tags(of entry: Int) -> [UTTagClass: [String]] {
        var tags: [UTTagClass: [String]] = [:]
        let mimeTypes = words(entry, .mimeTypes), extensions = words(entry, .extensions)
        if !mimeTypes.isEmpty { tags[.mimeType] = mimeTypes }
        if !extensions.isEmpty { tags[.filenameExtension] = extensions }
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
    /// the table's order (parents come first).
    @inline(__always)
    func forEachParent<Failure: Error>(of entry: Int, _ body: (Int) throws(Failure) -> Void) throws(Failure) {
        let starts = dk_system_parent_starts()!, parents = dk_system_parent_entries()!
        for index in Int(starts[entry])..<Int(starts[entry + 1]) { try body(Int(parents[index])) }
    }

    // MARK: - freedesktop pairs

    /// The system entry the freedesktop type named `name` (in any case)
    /// stands for (inode/directory is public.folder; see
    /// `dk_freedesktop_equivalents`), if any.
    func equivalentEntry(ofMIMEType name: UnsafeRawBufferPointer) -> Int? {
        Self.pairedIdentifier(of: name, in: dk_freedesktop_equivalents(), count: dk_freedesktop_equivalent_count())
            .flatMap { entry(forIdentifier: $0) }
    }

    /// The identifier of the system type the freedesktop type named `name`
    /// (in any case) is a kind of (text/x-csrc is C source; see
    /// `dk_freedesktop_parents`), if any, as the bytes of the constant data.
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
        for entry in 0..<count where words(entry, .mimeTypes).contains(where: { $0.foldedASCII == folded }) { return entry }
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
            let tags = words(entry, .mimeTypes)
            if tags.contains(where: { $0.utf8.contains(UInt8(ascii: ";")) && TagSyntax.indexKey($0, tagClass: .mimeType) == folded }) {
                try body(entry)
            }
        }
    }

    // MARK: - Extensions

    /// Calls `body` with each entry whose Apple extension tags include
    /// `key` (folded), once each, in table order.
    func forEachExtensionCarrier<Failure: Error>(ofKey key: UnsafeRawBufferPointer,
                                                 _ body: (Int) throws(Failure) -> Void) throws(Failure) {
        try Self.forEachCarrier(of: key, slots: dk_system_extension_slots(), count: dk_system_extension_slot_count(),
                                field: .extensions, body)
    }

    /// The first entry whose Apple extension tags include `ext`, in any case.
    func firstExtensionOwner(_ ext: String) -> Int? {
        var ext = ext, first: Int?
        ext.withUTF8 { forEachExtensionCarrier(ofKey: UnsafeRawBufferPointer($0)) { entry in if first == nil { first = entry } } }
        return first
    }

    /// A tag slot: entry, offset and length of the tag in the entry's list
    /// (of MIME types or of extensions).
    enum Tag {
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
    /// case), once each, in table order (the order of its probe sequence).
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
}
