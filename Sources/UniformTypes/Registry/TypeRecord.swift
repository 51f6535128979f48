import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// One type in the registry. Immutable once made: conformance is answered
/// from a bit set of ancestor keys computed when the record is created, so a
/// query reads two words and takes no lock.
final class TypeRecord: @unchecked Sendable {
    // @unchecked: written in init; later strings are published atomically.

    /// How a record's identifier is spelled.
    enum Naming {
        /// As given.
        case given(String)
        /// Built-in type `entry` of ``SystemTypeIndex``, read when asked.
        case system(entry: Int)
        /// A database type of its own, by its folded MIME type (bytes the
        /// record owns), spelled when asked (``TypeNaming``).
        case freedesktop(UnsafeMutableRawBufferPointer)
        /// A dynamic type, spelled from its ``TypeRecord/dynamicTag`` when asked.
        case dynamic
    }

    private let naming: Naming
    /// Next to ``naming``, whose last word it shares.
    let origin: UTTypeOrigin
    /// The identifier once spelled, for the late namings (``PublishedObject``).
    private let madeIdentifier = Atomic<Int>(0)

    /// The identifier, as declared (or as the built-in table or the
    /// database's type name gives it).
    var identifier: String {
        if case .given(let identifier) = naming { return identifier }
        return PublishedObject.value(in: madeIdentifier) { Box(spelledIdentifier()) }.value
    }

    private func spelledIdentifier() -> String {
        switch naming {
        case .given(let identifier): identifier
        case .system(let entry): SystemTypeIndex.shared.identifier(of: entry)
        case .freedesktop(let name): TypeNaming.freedesktopIdentifier(ofFolded: UnsafeRawBufferPointer(name))
        case .dynamic: DynamicTypeIdentifier.encode(dynamicTag!)!
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
    /// The parents, retained, then the ancestor bits, in one block.
    private let parentRecords: UnsafeMutablePointer<Unmanaged<TypeRecord>>
    private let parentCount: Int
    /// Bit `k` is set when the type with key `k` is an ancestor.
    private let ancestorBits: UnsafeMutablePointer<UInt64>
    private let ancestorWordCount: Int
    /// Tags by class, preferred tag first.
    var tags: [UTTagClass: [String]] {
        if let dynamicTag { return [dynamicTag.tagClass: [dynamicTag.tag]] }
        guard let late else { return extras?.tags ?? .init() }
        return PublishedObject.value(in: madeTags) { Box(late.tags(ofType: lateNumber)) }.value
    }
    /// What only declared and dynamic types carry, kept apart so base
    /// records stay small.
    private final class Extras: Sendable {
        let tags: [UTTagClass: [String]]
        let dynamicTag: DynamicTypeIdentifier.Payload?
        let declarationKind: UTTypeDeclaration.Kind?

        init(tags: [UTTagClass: [String]], dynamicTag: DynamicTypeIdentifier.Payload?, declarationKind: UTTypeDeclaration.Kind?) {
            self.tags = tags
            self.dynamicTag = dynamicTag
            self.declarationKind = declarationKind
        }
    }
    private let extras: Extras?
    /// For base types: what works out the tags (and the freedesktop MIME
    /// type, unless given) when first asked, and the record's number there.
    private let late: (any LateRecordFacts)?
    private let lateNumber: Int
    /// The tags' ``Box`` once made (``PublishedObject``).
    private let madeTags = Atomic<Int>(0)

    deinit {
        for index in 0..<parentCount { parentRecords[index].release() }
        free(parentRecords)
        if case .freedesktop(let name) = naming { name.deallocate() }
        PublishedObject.release(madeIdentifier)
        PublishedObject.release(madeTags)
        PublishedObject.release(madeMIMEType)
    }
    /// A description known when the record was made (built-in or declared).
    var fixedDescription: String? {
        if case .system(let entry) = naming { return SystemTypeIndex.shared.description(of: entry) }
        return givenDescription
    }
    private let givenDescription: String?
    /// The canonical freedesktop MIME type whose comment describes the type.
    var freedesktopMIMEType: String? {
        if case .freedesktop(let name) = naming {
            return PublishedObject.value(in: madeMIMEType) { Box<String?>(String(decoding: name, as: UTF8.self)) }.value
        }
        if let givenMIMEType { return givenMIMEType }
        guard let late else { return nil }
        return PublishedObject.value(in: madeMIMEType) { Box(late.freedesktopMIMEType(ofType: lateNumber)) }.value
    }
    private let givenMIMEType: String?
    private let madeMIMEType = Atomic<Int>(0)
    /// For dynamic types: the tag the identifier encodes.
    var dynamicTag: DynamicTypeIdentifier.Payload? { extras?.dynamicTag }
    /// For declared types: exported or imported.
    var declarationKind: UTTypeDeclaration.Kind? { extras?.declarationKind }

    convenience init(
        identifier: String,
        key: Int? = nil,
        parents: [TypeRecord],
        tags: [UTTagClass: [String]],
        origin: UTTypeOrigin,
        description: String? = nil,
        freedesktopMIMEType: String? = nil,
        declarationKind: UTTypeDeclaration.Kind? = nil
    ) {
        self.init(naming: .given(identifier), key: key ?? TypeKeyTable.key(forFolded: identifier.foldedASCII),
                  parents: .records(parents),
                  tags: tags, late: nil, lateNumber: 0, origin: origin,
                  description: description, freedesktopMIMEType: freedesktopMIMEType,
                  dynamicTag: nil, declarationKind: declarationKind)
    }

    /// A record named late (taking over a ``Naming/freedesktop(_:)`` name),
    /// retaining `parents`; `late` works out its facts as type `number`.
    convenience init(
        naming: Naming,
        key: Int,
        parents: UnsafeBufferPointer<Unmanaged<TypeRecord>>,
        late: (any LateRecordFacts)?,
        number: Int,
        origin: UTTypeOrigin
    ) {
        self.init(naming: naming, key: key, parents: .unretained(parents), tags: .init(), late: late,
                  lateNumber: number, origin: origin, description: nil, freedesktopMIMEType: nil,
                  dynamicTag: nil, declarationKind: nil)
    }

    /// A dynamic type's record, retaining `parents`; `payload` is its one tag.
    convenience init(dynamic payload: DynamicTypeIdentifier.Payload, key: Int,
                     parents: UnsafeBufferPointer<Unmanaged<TypeRecord>>) {
        self.init(naming: .dynamic, key: key, parents: .unretained(parents),
                  tags: .init(), late: nil, lateNumber: 0, origin: .dynamic, description: nil, freedesktopMIMEType: nil,
                  dynamicTag: payload, declarationKind: nil)
    }

    /// The parents a record is made with.
    private enum Parents {
        case records([TypeRecord])
        case unretained(UnsafeBufferPointer<Unmanaged<TypeRecord>>)

        var count: Int {
            switch self {
            case .records(let records): records.count
            case .unretained(let records): records.count
            }
        }

        subscript(index: Int) -> TypeRecord {
            switch self {
            case .records(let records): records[index]
            case .unretained(let records): records[index].takeUnretainedValue()
            }
        }
    }

    private init(
        naming: Naming,
        key: Int,
        parents: Parents,
        tags: [UTTagClass: [String]],
        late: (any LateRecordFacts)?,
        lateNumber: Int,
        origin: UTTypeOrigin,
        description: String?,
        freedesktopMIMEType: String?,
        dynamicTag: DynamicTypeIdentifier.Payload?,
        declarationKind: UTTypeDeclaration.Kind?
    ) {
        self.naming = naming
        self.key = key
        extras = tags.isEmpty && dynamicTag == nil && declarationKind == nil
            ? nil : Extras(tags: tags, dynamicTag: dynamicTag, declarationKind: declarationKind)
        self.late = late
        self.lateNumber = lateNumber
        self.origin = origin
        self.givenDescription = description
        self.givenMIMEType = freedesktopMIMEType

        // The union of the parents' bit sets plus the parents themselves.
        var count = 0
        for index in 0..<parents.count {
            let parent = parents[index]
            count = max(count, parent.ancestorWordCount, parent.key / 64 + 1)
        }
        // One block: the retained parents, then the ancestor words.
        let parentBytes = parents.count * MemoryLayout<Unmanaged<TypeRecord>>.stride
        guard let block = malloc(parentBytes + max(count, 1) * MemoryLayout<UInt64>.stride) else {
            fatalError("out of memory for a type record")
        }
        parentCount = parents.count
        parentRecords = block.bindMemory(to: Unmanaged<TypeRecord>.self, capacity: parents.count)
        let bits = (block + parentBytes).bindMemory(to: UInt64.self, capacity: max(count, 1))
        bits.initialize(repeating: 0, count: max(count, 1))
        for index in 0..<parents.count {
            let parent = parents[index]
            (parentRecords + index).initialize(to: Unmanaged.passRetained(parent))
            for word in 0..<parent.ancestorWordCount { bits[word] |= parent.ancestorBits[word] }
            bits[parent.key &>> 6] |= 1 &<< UInt64(parent.key & 63)
        }
        ancestorBits = bits
        ancestorWordCount = count
    }

    /// Every supertype, breadth first, each once, without the type itself.
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

/// What a base table works out for its records when first asked (tags
/// need the globs); `number` is the type's number in the table.
protocol LateRecordFacts: AnyObject, Sendable {
    func tags(ofType number: Int) -> [UTTagClass: [String]]
    func freedesktopMIMEType(ofType number: Int) -> String?
}
