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
final class SystemTypeIndex: Sendable {
    static let shared = SystemTypeIndex(SystemTypeTable.entries)

    let entries: [SystemTypeTable.Entry]
    private let identifiers: FrozenKeyTable
    /// Apple's MIME tags without parameters, folded, and every entry
    /// carrying each in table order (the first is the tag's first owner).
    private let carrierKeys: FrozenKeyTable
    private let carrierLists: [[Int32]]
    /// Apple's MIME tags with parameters (`text/plain;charset=utf-8`) and
    /// their entries: few, and normalized only when such a key is asked for.
    private let parameterTags: [(tag: String, entry: Int32)]
    /// The entries for `SystemTypeTable.freedesktopEquivalents`, by MIME type.
    let equivalents: [(mimeType: String, entry: Int)]
    /// The entries for `SystemTypeTable.freedesktopParents`, by MIME type.
    private let bridges: [(mimeType: String, entry: Int)]

    init(_ entries: [SystemTypeTable.Entry]) {
        var identifiers = FoldedKeyTable(capacity: entries.count)
        var carrierKeys = FoldedKeyTable(capacity: 128)
        var carrierLists: [[Int32]] = []
        carrierLists.reserveCapacity(128)
        var parameterTags: [(tag: String, entry: Int32)] = []
        for (index, entry) in entries.enumerated() {
            identifiers.insert(folded: entry.identifier.foldedASCII)
            for mime in entry.mimeTypes {
                let folded = mime.foldedASCII
                if folded.utf8.withContiguousStorageIfAvailable({ $0.contains(UInt8(ascii: ";")) }) ?? folded.contains(";") {
                    parameterTags.append((folded, Int32(index)))
                    continue
                }
                let slot = carrierKeys.insert(folded: folded)
                if slot == carrierLists.count { carrierLists.append([]) }
                if carrierLists[slot].last != Int32(index) { carrierLists[slot].append(Int32(index)) }
            }
        }
        self.entries = entries
        self.identifiers = FrozenKeyTable(identifiers)
        self.carrierKeys = FrozenKeyTable(carrierKeys)
        self.carrierLists = carrierLists
        self.parameterTags = parameterTags
        equivalents = SystemTypeTable.freedesktopEquivalents.map { mime, identifier in
            (mime, identifiers.entry(folded: identifier)!)
        }
        bridges = SystemTypeTable.freedesktopParents.map { mime, identifier in (mime, identifiers.entry(folded: identifier)!) }
    }

    /// The entries entry `entry`'s parents are; the table lists parents
    /// first (checked by the tests and here).
    func parentNumbers(of entry: Int) -> [Int] {
        entries[entry].parents.map { parent in
            guard let number = identifiers.entry(folded: parent), number < entry else {
                preconditionFailure("built-in type \(entries[entry].identifier) names \(parent) before it is defined")
            }
            return number
        }
    }

    var count: Int { entries.count }

    /// The system entry a database type named `mimeType` (folded) is also
    /// a kind of (text/x-csrc: public.c-source), if any.
    func bridge(of mimeType: String) -> Int? {
        bridges.first { $0.mimeType == mimeType }?.entry
    }

    /// The entry with `identifier`, in any case.
    func entry(forIdentifier identifier: String) -> Int? {
        identifiers.entry(identifier)
    }

    /// The first entry whose Apple tags include `mimeType`, in any case.
    func firstOwner(ofMIMEType mimeType: UnsafeRawBufferPointer) -> Int? {
        if let base = mimeType.baseAddress, memchr(base, Int32(UInt8(ascii: ";")), mimeType.count) != nil {
            return firstOwner(ofMIMEType: String(decoding: mimeType, as: UTF8.self))
        }
        return mimeType.withMemoryRebound(to: UInt8.self) { bytes in
            carrierKeys.entry(foldingASCII: bytes).map { Int(carrierLists[$0][0]) }
        }
    }

    func firstOwner(ofMIMEType mimeType: String) -> Int? {
        let folded = mimeType.foldedASCII
        if let tagged = parameterTags.first(where: { $0.tag == folded }) { return Int(tagged.entry) }
        return carrierKeys.entry(folded: folded).map { Int(carrierLists[$0][0]) }
    }

    /// The entries whose Apple tags have the lookup key `key`, in order.
    func carriers(ofKey key: UnsafeRawBufferPointer) -> [Int32] {
        if key.contains(UInt8(ascii: ";")) {
            let folded = String(decoding: key, as: UTF8.self).lowercased()
            var entries: [Int32] = []
            for (tag, entry) in parameterTags where TagSyntax.indexKey(tag, tagClass: .mimeType) == folded {
                if entries.last != entry { entries.append(entry) }
            }
            return entries
        }
        return key.withMemoryRebound(to: UInt8.self) { bytes in
            carrierKeys.entry(foldingASCII: bytes).map { carrierLists[$0] } ?? []
        }
    }
}
