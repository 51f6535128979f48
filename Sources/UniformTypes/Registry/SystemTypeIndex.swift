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
    /// Apple's MIME tags, folded, and the first entry carrying each.
    private let mimeTags: FrozenKeyTable
    private let firstOwners: [Int32]
    /// Apple's MIME tags without parameters by lookup key, and every entry
    /// carrying each.
    private let carrierKeys: FrozenKeyTable
    private let carrierLists: [[Int32]]
    /// Apple's MIME tags with parameters (`text/plain;charset=utf-8`) and
    /// their entries: few, and normalized only when such a key is asked for.
    private let parameterTags: [(tag: String, entry: Int32)]
    /// Per entry, the entries its parents are.
    let parentNumbers: [[Int32]]
    /// The entries for `SystemTypeTable.freedesktopEquivalents`, by MIME type.
    let equivalents: [(mimeType: String, entry: Int)]
    /// The entries for `SystemTypeTable.freedesktopParents`, by MIME type.
    private let bridges: [(mimeType: String, entry: Int)]

    init(_ entries: [SystemTypeTable.Entry]) {
        var identifiers = FoldedKeyTable(capacity: entries.count)
        var mimeTags = FoldedKeyTable(capacity: 128)
        var firstOwners: [Int32] = []
        var carrierKeys = FoldedKeyTable(capacity: 128)
        var carrierLists: [[Int32]] = []
        var parameterTags: [(tag: String, entry: Int32)] = []
        var parentNumbers: [[Int32]] = []
        parentNumbers.reserveCapacity(entries.count)
        for (index, entry) in entries.enumerated() {
            identifiers.insert(folded: entry.identifier.foldedASCII)
            parentNumbers.append(entry.parents.map { parent in
                guard let number = identifiers.entry(folded: parent), number < index else {
                    preconditionFailure("built-in type \(entry.identifier) names \(parent) before it is defined")
                }
                return Int32(number)
            })
            for mime in entry.mimeTypes {
                if mimeTags.insert(folded: mime.foldedASCII) == firstOwners.count { firstOwners.append(Int32(index)) }
                if mime.utf8.withContiguousStorageIfAvailable({ $0.contains(UInt8(ascii: ";")) }) ?? mime.contains(";") {
                    parameterTags.append((mime, Int32(index)))
                    continue
                }
                let slot = carrierKeys.insert(folded: mime.foldedASCII)
                if slot == carrierLists.count { carrierLists.append([]) }
                if carrierLists[slot].last != Int32(index) { carrierLists[slot].append(Int32(index)) }
            }
        }
        self.entries = entries
        self.identifiers = FrozenKeyTable(identifiers)
        self.mimeTags = FrozenKeyTable(mimeTags)
        self.firstOwners = firstOwners
        self.carrierKeys = FrozenKeyTable(carrierKeys)
        self.carrierLists = carrierLists
        self.parameterTags = parameterTags
        self.parentNumbers = parentNumbers
        equivalents = SystemTypeTable.freedesktopEquivalents.map { mime, identifier in
            (mime, identifiers.entry(folded: identifier)!)
        }
        bridges = SystemTypeTable.freedesktopParents.map { mime, identifier in (mime, identifiers.entry(folded: identifier)!) }
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
        mimeType.withMemoryRebound(to: UInt8.self) { bytes in
            mimeTags.entry(foldingASCII: bytes).map { Int(firstOwners[$0]) }
        }
    }

    func firstOwner(ofMIMEType folded: String) -> Int? {
        mimeTags.entry(folded: folded).map { Int(firstOwners[$0]) }
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
