import Synchronization

/// One type in the registry. Immutable once made: conformance is answered
/// from a bit set of ancestor keys computed when the record is created, so a
/// query reads two words and takes no lock.
final class TypeRecord: @unchecked Sendable {
    // @unchecked: the ancestor words are written in init and only read after.
    let identifier: String
    let foldedIdentifier: String
    /// The identifier's key in ``TypeKeyTable``.
    let key: Int
    /// Direct parents, in declaration order.
    let parents: [TypeRecord]
    /// Bit `k` is set when the type with key `k` is an ancestor: words in
    /// raw memory (an array of numbers would cost a process's first query
    /// the runtime's generic-metadata set-up).
    private let ancestorBits: UnsafeMutablePointer<UInt64>
    private let ancestorWordCount: Int
    /// Tags by class, preferred tag first.
    var tags: [UTTagClass: [String]] {
        guard let makeTags else { return givenTags }
        return PublishedObject.value(in: madeTags) { TagsBox(makeTags()) }.tags
    }
    private let givenTags: [UTTagClass: [String]]
    /// For the base table's types: works the tags out when first asked, so
    /// making a record does not read the database's globs.
    private let makeTags: (@Sendable () -> [UTTagClass: [String]])?
    /// The ``TagsBox`` once made (``PublishedObject``).
    private let madeTags = Atomic<Int>(0)

    deinit {
        ancestorBits.deallocate()
        PublishedObject.release(madeTags)
        PublishedObject.release(madeMIMEType)
    }
    let origin: UTTypeOrigin
    /// A description known when the record was made (built-in or declared).
    let fixedDescription: String?
    /// The canonical freedesktop MIME type whose comment describes the type.
    var freedesktopMIMEType: String? {
        guard let makeMIMEType else { return givenMIMEType }
        return PublishedObject.value(in: madeMIMEType) { MIMETypeBox(makeMIMEType()) }.mimeType
    }
    private let givenMIMEType: String?
    /// For system types made from the mapped database: finding the
    /// database type that describes one takes several lookups, which only
    /// a description needs.
    private let makeMIMEType: (@Sendable () -> String?)?
    private let madeMIMEType = Atomic<Int>(0)
    /// For dynamic types: the tag the identifier encodes.
    let dynamicTag: DynamicTypeIdentifier.Payload?
    /// For declared types: exported or imported.
    let declarationKind: UTTypeDeclaration.Kind?

    init(
        identifier: String,
        key: Int? = nil,
        parents: [TypeRecord],
        tags: [UTTagClass: [String]],
        lateTags: (@Sendable () -> [UTTagClass: [String]])? = nil,
        origin: UTTypeOrigin,
        description: String? = nil,
        freedesktopMIMEType: String? = nil,
        lateFreedesktopMIMEType: (@Sendable () -> String?)? = nil,
        dynamicTag: DynamicTypeIdentifier.Payload? = nil,
        declarationKind: UTTypeDeclaration.Kind? = nil
    ) {
        let folded = identifier.foldedASCII
        self.identifier = identifier
        self.foldedIdentifier = folded
        self.key = key ?? TypeKeyTable.key(forFolded: folded)
        self.parents = parents
        self.givenTags = tags
        self.makeTags = lateTags
        self.origin = origin
        self.fixedDescription = description
        self.givenMIMEType = freedesktopMIMEType
        self.makeMIMEType = lateFreedesktopMIMEType
        self.dynamicTag = dynamicTag
        self.declarationKind = declarationKind

        // A parent's ancestors are already a bit set: the union of the
        // parents' sets plus the parents themselves is this type's.
        var count = 0
        for parent in parents {
            count = max(count, parent.ancestorWordCount, parent.key / 64 + 1)
        }
        let bits = UnsafeMutablePointer<UInt64>.allocate(capacity: max(count, 1))
        bits.initialize(repeating: 0, count: max(count, 1))
        for parent in parents {
            for index in 0..<parent.ancestorWordCount { bits[index] |= parent.ancestorBits[index] }
            bits[parent.key &>> 6] |= 1 &<< UInt64(parent.key & 63)
        }
        ancestorBits = bits
        ancestorWordCount = count
    }

    /// Every supertype, nearest first (breadth first), each once, without
    /// the type itself. Worked out when asked: only people and tools list
    /// supertypes, conformance never needs the list.
    var ancestors: [TypeRecord] {
        var ordered: [TypeRecord] = []
        var seen: Set<Int> = [key]
        var queue = parents
        var index = 0
        while index < queue.count {
            let next = queue[index]
            index += 1
            if seen.insert(next.key).inserted {
                ordered.append(next)
                queue.append(contentsOf: next.parents)
            }
        }
        return ordered
    }

    /// Whether this type is `other` or one of its descendants.
    @inline(__always)
    func conforms(to other: TypeRecord) -> Bool {
        let key = other.key
        if key == self.key { return true }
        let word = key &>> 6
        return word < ancestorWordCount && ancestorBits[word] & (1 &<< UInt64(key & 63)) != 0
    }
}

/// A freedesktop MIME type worked out on first use, behind an atomic
/// reference.
final class MIMETypeBox: Sendable {
    let mimeType: String?
    init(_ mimeType: String?) { self.mimeType = mimeType }
}

/// Tags made on first use, behind an atomic reference.
final class TagsBox: Sendable {
    let tags: [UTTagClass: [String]]
    init(_ tags: [UTTagClass: [String]]) { self.tags = tags }
}
