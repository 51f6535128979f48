import Synchronization

/// One type in the registry. Immutable once made: conformance is answered
/// from a bit set of ancestor keys computed when the record is created, so a
/// query reads two words and takes no lock.
final class TypeRecord: @unchecked Sendable {
    // @unchecked: the ancestor words and a database type's name are written
    // in init and only read after; strings made later are published
    // atomically.

    /// How a record's identifier is spelled.
    enum Naming {
        /// As given.
        case given(String)
        /// Built-in type `entry` of ``SystemTypeIndex``: its identifier and
        /// description are read from the built-in table when asked.
        case system(entry: Int)
        /// A database type of its own, by its folded MIME type (bytes the
        /// record owns): `org.freedesktop.mime.` then the name with its slash
        /// made a dot (``TypeNaming``), spelled when asked.
        ///
        /// Records the mapped database makes for a first query are named
        /// these two late ways: a string made then would be the first the
        /// process makes, and page in the standard library's string code.
        case freedesktop(UnsafeMutableRawBufferPointer)
    }

    private let naming: Naming
    /// The identifier once spelled, for the late namings (``PublishedObject``).
    private let madeIdentifier = Atomic<Int>(0)

    /// The identifier, as declared (or as the built-in table or the
    /// database's type name gives it).
    var identifier: String {
        if case .given(let identifier) = naming { return identifier }
        return PublishedObject.value(in: madeIdentifier) { StringBox(spelledIdentifier()) }.string
    }

    private func spelledIdentifier() -> String {
        switch naming {
        case .given(let identifier): identifier
        case .system(let entry): SystemTypeIndex.shared.identifier(of: entry)
        case .freedesktop(let name): TypeNaming.freedesktopIdentifier(ofFolded: UnsafeRawBufferPointer(name))
        }
    }

    /// The identifier folded to lower case.
    var foldedIdentifier: String { identifier.foldedASCII }
    /// The identifier's key in ``TypeKeyTable``.
    let key: Int
    /// Direct parents, in declaration order.
    var parents: [TypeRecord] {
        (0..<parentCount).map { parentRecords[$0].takeUnretainedValue() }
    }
    /// The parents, retained, in raw memory: an array made with each record
    /// would run the standard library's array code on a process's first
    /// query, paging it in.
    private let parentRecords: UnsafeMutablePointer<Unmanaged<TypeRecord>>
    private let parentCount: Int
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
        for index in 0..<parentCount { parentRecords[index].release() }
        parentRecords.deallocate()
        ancestorBits.deallocate()
        if case .freedesktop(let name) = naming { name.deallocate() }
        PublishedObject.release(madeIdentifier)
        PublishedObject.release(madeTags)
        PublishedObject.release(madeMIMEType)
    }
    let origin: UTTypeOrigin
    /// A description known when the record was made (built-in or declared).
    var fixedDescription: String? {
        if case .system(let entry) = naming { return SystemTypeIndex.shared.description(of: entry) }
        return givenDescription
    }
    private let givenDescription: String?
    /// The canonical freedesktop MIME type whose comment describes the type.
    var freedesktopMIMEType: String? {
        if case .freedesktop(let name) = naming {
            return PublishedObject.value(in: madeMIMEType) { MIMETypeBox(String(decoding: name, as: UTF8.self)) }.mimeType
        }
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

    convenience init(
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
        let retained = UnsafeMutablePointer<Unmanaged<TypeRecord>>.allocate(capacity: max(parents.count, 1))
        for index in parents.indices { (retained + index).initialize(to: Unmanaged.passRetained(parents[index])) }
        self.init(naming: .given(identifier), key: key ?? TypeKeyTable.key(forFolded: identifier.foldedASCII),
                  retainedParents: retained, count: parents.count,
                  tags: tags, lateTags: lateTags, origin: origin, description: description,
                  freedesktopMIMEType: freedesktopMIMEType, lateFreedesktopMIMEType: lateFreedesktopMIMEType,
                  dynamicTag: dynamicTag, declarationKind: declarationKind)
    }

    /// A record named late (``Naming/system(entry:)``,
    /// ``Naming/freedesktop(_:)``, whose name it takes over), with the key
    /// of its folded identifier and `parents`, which it retains.
    convenience init(
        naming: Naming,
        key: Int,
        parents: UnsafeBufferPointer<Unmanaged<TypeRecord>>,
        lateTags: (@Sendable () -> [UTTagClass: [String]])?,
        origin: UTTypeOrigin,
        lateFreedesktopMIMEType: (@Sendable () -> String?)? = nil
    ) {
        let retained = UnsafeMutablePointer<Unmanaged<TypeRecord>>.allocate(capacity: max(parents.count, 1))
        for index in 0..<parents.count { (retained + index).initialize(to: parents[index].retain()) }
        self.init(naming: naming, key: key, retainedParents: retained, count: parents.count, tags: [:], lateTags: lateTags,
                  origin: origin, description: nil, freedesktopMIMEType: nil, lateFreedesktopMIMEType: lateFreedesktopMIMEType,
                  dynamicTag: nil, declarationKind: nil)
    }

    /// Takes over `retainedParents`, `count` records each retained once.
    private init(
        naming: Naming,
        key: Int,
        retainedParents: UnsafeMutablePointer<Unmanaged<TypeRecord>>,
        count parentCount: Int,
        tags: [UTTagClass: [String]],
        lateTags: (@Sendable () -> [UTTagClass: [String]])?,
        origin: UTTypeOrigin,
        description: String?,
        freedesktopMIMEType: String?,
        lateFreedesktopMIMEType: (@Sendable () -> String?)?,
        dynamicTag: DynamicTypeIdentifier.Payload?,
        declarationKind: UTTypeDeclaration.Kind?
    ) {
        self.naming = naming
        self.key = key
        self.parentCount = parentCount
        parentRecords = retainedParents
        self.givenTags = tags
        self.makeTags = lateTags
        self.origin = origin
        self.givenDescription = description
        self.givenMIMEType = freedesktopMIMEType
        self.makeMIMEType = lateFreedesktopMIMEType
        self.dynamicTag = dynamicTag
        self.declarationKind = declarationKind

        // A parent's ancestors are already a bit set: the union of the
        // parents' sets plus the parents themselves is this type's.
        var count = 0
        for index in 0..<parentCount {
            let parent = retainedParents[index].takeUnretainedValue()
            count = max(count, parent.ancestorWordCount, parent.key / 64 + 1)
        }
        let bits = UnsafeMutablePointer<UInt64>.allocate(capacity: max(count, 1))
        bits.initialize(repeating: 0, count: max(count, 1))
        for index in 0..<parentCount {
            let parent = retainedParents[index].takeUnretainedValue()
            for word in 0..<parent.ancestorWordCount { bits[word] |= parent.ancestorBits[word] }
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

/// An identifier spelled on first use, behind an atomic reference.
final class StringBox: Sendable {
    let string: String
    init(_ string: String) { self.string = string }
}

/// Tags made on first use, behind an atomic reference.
final class TagsBox: Sendable {
    let tags: [UTTagClass: [String]]
    init(_ tags: [UTTagClass: [String]]) { self.tags = tags }
}
