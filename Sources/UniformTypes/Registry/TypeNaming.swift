#if canImport(Glibc)
import Glibc
#endif

/// The rules both base tables apply to a database type, written once:
/// which system type it is, how its identifier is spelled and found, and
/// the records of it and of the built-in types with their parents.
/// ``MappedTypeTable`` gives them its inputs read from the mapped files as a
/// query needs them, ``BaseTypeTable`` from the loaded database. On bytes
/// and into lists on the stack: these run on a process's first query.
enum TypeNaming {
    /// The identifier prefix of a database type of its own:
    /// `org.freedesktop.mime.text.x-csrc`.
    static let freedesktopPrefixText: StaticString = "org.freedesktop.mime."

    /// Adds to a database type's parents its freedesktop parent pair
    /// (`dk_freedesktop_parents`), its media type's category
    /// (``mediaParent(ofMedia:)``), then public.item (inode/*) or
    /// public.data, each unless already implied.
    /// `name` is folded; `system` makes a system record; room for three.
    static func addSystemParents<Failure: Error>(
        of name: UnsafeRawBufferPointer, to parents: inout ParentList,
        system: (UnsafeRawBufferPointer) throws(Failure) -> TypeRecord
    ) throws(Failure) {
        let media = mediaType(ofName: name)
        if let bridge = SystemTypeIndex.shared.freedesktopParentIdentifier(of: name) {
            let bridgeRecord = try system(bridge)
            if !parents.contains(where: { $0.conforms(to: bridgeRecord) }) { add(bridgeRecord, to: &parents) }
        }
        // Both made before either is weighed against the parents.
        let category = try mediaParent(ofMedia: media).map { identifier throws(Failure) in try system(bytes(identifier)) }
        let baseRecord = try system(bytes(equal(media, "inode") ? "public.item" : "public.data"))
        if let category, !parents.contains(where: { $0.conforms(to: category) }) { add(category, to: &parents) }
        if !parents.contains(where: { $0.conforms(to: baseRecord) }) { add(baseRecord, to: &parents) }
    }

    /// The media type of MIME type `name` (its bytes before the slash; all
    /// of them without one).
    static func mediaType(ofName name: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer {
        let slash = name.baseAddress.flatMap { memchr($0, Int32(UInt8(ascii: "/")), name.count) }
        return UnsafeRawBufferPointer(rebasing: name[0..<(slash.map { name.baseAddress!.distance(to: UnsafeRawPointer($0)) } ?? name.count)])
    }

    /// The system type a media type (its bytes) implies: text/* is plain
    /// text, image/* an image, audio/* audio, video/* a movie, font/* a
    /// font and model/* 3D content.
    static func mediaParent(ofMedia media: UnsafeRawBufferPointer) -> StaticString? {
        if equal(media, "text") { return "public.plain-text" }
        if equal(media, "image") { return "public.image" }
        if equal(media, "audio") { return "public.audio" }
        if equal(media, "video") { return "public.movie" }
        if equal(media, "font") { return "public.font" }
        if equal(media, "model") { return "public.3d-content" }
        return nil
    }

    private static func add(_ record: TypeRecord, to parents: inout ParentList) {
        let added = parents.append(record)
        precondition(added, "no room for a system parent: callers leave room for three")
    }

    static func bytes(_ text: StaticString) -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount)
    }

    /// Whether `bytes` spell `text`.
    static func equal(_ bytes: UnsafeRawBufferPointer, _ text: StaticString) -> Bool {
        bytes.count == text.utf8CodeUnitCount && (bytes.isEmpty || memcmp(bytes.baseAddress!, text.utf8Start, bytes.count) == 0)
    }

    /// The identifier of the database type named `folded`.
    static func freedesktopIdentifier(ofFolded folded: UnsafeRawBufferPointer) -> String {
        withFreedesktopIdentifier(ofFolded: folded) { String(decoding: $0, as: UTF8.self) }
    }

    /// Calls `body` with the bytes of ``freedesktopIdentifier(ofFolded:)``,
    /// in a temporary buffer.
    static func withFreedesktopIdentifier<Result>(ofFolded folded: UnsafeRawBufferPointer,
                                                  _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        let prefix = bytes(freedesktopPrefixText)
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: prefix.count + folded.count) { buffer in
            for index in 0..<prefix.count { buffer[index] = prefix[index] }
            for index in 0..<folded.count {
                buffer[prefix.count + index] = folded[index] == UInt8(ascii: "/") ? UInt8(ascii: ".") : folded[index]
            }
            return body(UnsafeBufferPointer(buffer))
        }
    }

    /// The database type `identifier` (`org.freedesktop.mime.<type>.<subtype>`,
    /// in any case) names: the slash became a dot, so each dot is tried as
    /// the slash, in order; `ownType` gives the type of its own (not a system
    /// type) named by folded bytes, if any.
    static func databaseType<Failure: Error>(forIdentifier identifier: UnsafeRawBufferPointer,
                                             ownType: (UnsafeRawBufferPointer) throws(Failure) -> Int?) throws(Failure) -> Int? {
        let prefix = bytes(freedesktopPrefixText)
        guard identifier.count > prefix.count else { return nil }
        for index in 0..<prefix.count where FoldedKeyTable.fold(identifier[index]) != prefix[index] { return nil }
        let tailCount = identifier.count - prefix.count
        return try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: tailCount) { tail throws(Failure) -> Int? in
            for index in 0..<tailCount { tail[index] = FoldedKeyTable.fold(identifier[prefix.count + index]) }
            // A name's only slash becomes the dot: a tail with a slash names nothing.
            guard !tail.contains(UInt8(ascii: "/")) else { return nil }
            for position in 0..<tailCount where tail[position] == UInt8(ascii: ".") {
                tail[position] = UInt8(ascii: "/")
                defer { tail[position] = UInt8(ascii: ".") }
                if let found = try ownType(UnsafeRawBufferPointer(tail)) { return found }
            }
            return nil
        }
    }

    // MARK: - Which system type a database type is

    /// The system entry the database type named `name` (in any case) is:
    /// its freedesktop equivalent (`dk_freedesktop_equivalents`), else the first
    /// system type whose Apple tags name it, else `aliasEntry()`
    /// (``leastAliasEntry(_:)`` of its aliases).
    static func systemEntry<Failure: Error>(ofName name: UnsafeRawBufferPointer,
                                            aliasEntry: () throws(Failure) -> Int?) throws(Failure) -> Int? {
        let system = SystemTypeIndex.shared
        if let entry = system.equivalentEntry(ofMIMEType: name) ?? system.firstOwner(ofMIMEType: name) { return entry }
        return try aliasEntry()
    }

    /// The first system entry whose Apple tags name the least (folded) of
    /// the aliases `forEachAlias` walks that any names.
    static func leastAliasEntry<Failure: Error>(
        _ forEachAlias: (_ visit: (UnsafeRawBufferPointer) -> Void) throws(Failure) -> Void
    ) throws(Failure) -> Int? {
        var chosen: (alias: String, entry: Int)?
        try forEachAlias { alias in
            guard let entry = SystemTypeIndex.shared.firstOwner(ofMIMEType: alias) else { return }
            let folded = String(decoding: alias, as: UTF8.self).foldedASCII
            if let earlier = chosen, earlier.alias < folded { return }
            chosen = (folded, entry)
        }
        return chosen?.entry
    }

    // MARK: - Records

    /// The most parents a built-in type has, with room to spare.
    static let systemParentCapacity = 8

    /// The record of built-in type `entry` (numbered `entry`), whose
    /// parents `parent` makes: they come before it in the table.
    static func systemRecord<Failure: Error>(entry: Int, late: any LateRecordFacts,
                                             parent: (Int) throws(Failure) -> TypeRecord) throws(Failure) -> TypeRecord {
        let system = SystemTypeIndex.shared
        return try ParentList.gathering(capacity: systemParentCapacity) { list throws(Failure) in
            try system.forEachParent(of: entry) { parentEntry throws(Failure) in
                precondition(parentEntry < entry, "built-in type \(system.identifier(of: entry)) names a parent defined after it")
                guard list.append(try parent(parentEntry)) else {
                    preconditionFailure("built-in type \(entry) has more than \(systemParentCapacity) parents")
                }
            }
        } then: { parents throws(Failure) -> TypeRecord in
            // Named late (``TypeRecord/Naming``), from the built-in table.
            TypeRecord(naming: .system(entry: entry), key: TypeKeyTable.key(foldingASCII: system.bytes(entry, .identifier)),
                       parents: parents, late: late, number: entry, origin: .system)
        }
    }

    /// The record of the database type of its own named `name` (folded),
    /// numbered `number`: the parents `subclassParents` adds (at most
    /// `subclassParentCount`), each once, then the implied ones
    /// (``addSystemParents(of:to:system:)``, made by `system`).
    static func databaseRecord<Failure: Error>(
        name: UnsafeRawBufferPointer, number: Int, late: any LateRecordFacts, subclassParentCount: Int,
        subclassParents: (_ add: (TypeRecord) -> Void) throws(Failure) -> Void,
        system: (UnsafeRawBufferPointer) throws(Failure) -> TypeRecord
    ) throws(Failure) -> TypeRecord {
        // Room for the subclass parents, the bridge and two implied.
        try ParentList.gathering(capacity: subclassParentCount + 3) { list throws(Failure) in
            try subclassParents { parent in
                if !list.contains(parent) { _ = list.append(parent) }
            }
            try addSystemParents(of: name, to: &list, system: system)
        } then: { parents throws(Failure) -> TypeRecord in
            // The record owns a copy of its name and spells from it.
            let key = withFreedesktopIdentifier(ofFolded: name) { TypeKeyTable.key(forFolded: $0) }
            let owned = UnsafeMutableRawBufferPointer.allocate(byteCount: max(name.count, 1), alignment: 1)
            owned.copyMemory(from: name)
            return TypeRecord(naming: .freedesktop(UnsafeMutableRawBufferPointer(rebasing: owned[0..<name.count])), key: key,
                              parents: parents, late: late, number: number, origin: .freedesktop)
        }
    }
}
