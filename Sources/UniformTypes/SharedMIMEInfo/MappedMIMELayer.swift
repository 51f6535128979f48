import CUniformTypeTables
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// One database directory's binary `mime.cache`, mapped, and what a
/// `stat` of its `types` found: the lookups a ``MappedMIMEDatabase`` makes
/// in each of its directories. The `types` file itself is mapped only
/// when a database type is needed (``MappedTypeList``).
///
/// Every offset read from the cache is bounds-checked and every name found
/// NUL-terminated inside the file before it is compared; damage met that
/// way throws ``MappedMIMEDatabase/Unsound``. Lookups trust the lists'
/// order, as GIO does (`update-mime-database` sorts them): a list out of
/// order can make a lookup miss, never read outside the file.
///
/// A plain value of addresses and counts, so copying one costs nothing;
/// the database that made it unmaps and frees what it points to.
struct MappedMIMELayer {
    typealias Unsound = MappedMIMEDatabase.Unsound

    /// The directory, as the location names it.
    let directory: UnsafeMutableBufferPointer<UInt8>
    let cache: UnsafeRawBufferPointer
    /// The size and modification time of `types` when the cache was found
    /// current: the file mapped later must still be that one.
    let typesSize: Int
    let typesModified: Int
    let aliasList: Int
    let aliasCount: Int
    let parentList: Int
    let parentCount: Int

    /// The two sorted lists of names of the cache a lookup searches.
    enum ListKind {
        case aliases, parents
    }

    /// Checks the header of the mapped cache of `directory`: its version,
    /// every list offset inside the file, the alias and parent entries
    /// inside it. `nil` otherwise; the caller still owns both buffers then.
    init?(directory: UnsafeMutableBufferPointer<UInt8>, cache: UnsafeRawBufferPointer, typesSize: Int, typesModified: Int) {
        let size = cache.count
        guard size >= MIMECache.headerSize, Self.uint16(cache, 0) == 1, (1...2).contains(Self.uint16(cache, 2)) else { return nil }
        for list in 0..<9 {
            let offset = Self.uint32(cache, 4 + 4 * list)
            guard offset >= MIMECache.headerSize, offset <= size - 4 else { return nil }
        }
        let aliasList = Self.uint32(cache, 4), parentList = Self.uint32(cache, 8)
        let aliasCount = Self.uint32(cache, aliasList), parentCount = Self.uint32(cache, parentList)
        guard aliasCount <= (size - aliasList - 4) / 8, parentCount <= (size - parentList - 4) / 8 else { return nil }
        self.directory = directory
        self.cache = cache
        self.typesSize = typesSize
        self.typesModified = typesModified
        self.aliasList = aliasList
        self.aliasCount = aliasCount
        self.parentList = parentList
        self.parentCount = parentCount
    }

    // MARK: - Aliases

    /// The alias of alias entry `index`, as written.
    private func aliasName(_ index: Int) throws(Unsound) -> UnsafeRawBufferPointer {
        guard let name = string(at: Self.uint32(cache, aliasList + 4 + 8 * index)) else { throw Unsound() }
        return name
    }

    /// The canonical type of alias entry `index`, as written.
    func canonical(ofAliasEntry index: Int) throws(Unsound) -> UnsafeRawBufferPointer {
        try mimeType(at: Self.uint32(cache, aliasList + 8 + 8 * index))
    }

    /// Calls `body` with each alias whose canonical type is `folded`
    /// (folded; compared ignoring case), as written, in list order: a walk
    /// over the list comparing each canonical type's first eight bytes,
    /// which nearly always differ, so no index is built on a process's
    /// first query (`dk_next_alias_of`, in C: it runs on every first query).
    func forEachAlias(ofFolded folded: UnsafeRawBufferPointer,
                      _ body: (UnsafeRawBufferPointer) throws(Unsound) -> Void) throws(Unsound) {
        guard let base = cache.baseAddress?.assumingMemoryBound(to: UInt8.self),
              let key = folded.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return }
        var entry = 0
        while true {
            let found = dk_next_alias_of(base, cache.count, aliasList + 4, aliasCount, entry, key, folded.count)
            if found == -1 { return }
            guard found >= 0 else { throw Unsound() }
            try body(try aliasName(found))
            entry = found + 1
        }
    }

    // MARK: - Parents

    /// Calls `body` with each parent of parent entry `index`, in file
    /// order, as written.
    func forEachParent(ofEntry index: Int, _ body: (UnsafeRawBufferPointer) throws(Unsound) -> Void) throws(Unsound) {
        let list = Self.uint32(cache, parentList + 8 + 8 * index)
        guard list >= MIMECache.headerSize, list <= cache.count - 4 else { throw Unsound() }
        let count = Self.uint32(cache, list)
        guard count <= (cache.count - list - 4) / 4 else { throw Unsound() }
        for parent in 0..<count { try body(try mimeType(at: Self.uint32(cache, list + 4 + 4 * parent))) }
    }

    // MARK: - Extensions

    /// Calls `body` with the MIME type, as written, of each glob `*.EXT`
    /// whose EXT is `key` (folded, printable ASCII) ignoring ASCII case:
    /// the leaves under the cache's reverse suffix tree path spelling
    /// `.EXT` backwards (`update-mime-database` files every `*SUFFIX` glob
    /// there, a case-insensitive one in lower case).
    func forEachExtensionGlobType(_ key: UnsafeRawBufferPointer,
                                  _ body: (UnsafeRawBufferPointer) throws(Unsound) -> Void) throws(Unsound) {
        let roots = try nodeRange(countAt: Self.uint32(cache, 16))
        try visitGlobTypes(key, matched: 0, among: roots, body)
    }

    /// The nodes a count and first-node offset at `offset` describe,
    /// checked to lie inside the file.
    private func nodeRange(countAt offset: Int) throws(Unsound) -> (first: Int, count: Int) {
        guard offset >= MIMECache.headerSize, offset <= cache.count - 8 else { throw Unsound() }
        let count = Self.uint32(cache, offset), first = Self.uint32(cache, offset + 4)
        guard count == 0 || (first >= MIMECache.headerSize && count <= (cache.count - first) / 12) else { throw Unsound() }
        return (first, count)
    }

    /// Walks the path for `.` + `key` reversed, from `matched` characters
    /// in, through `nodes`; a letter may be stored in either case.
    private func visitGlobTypes(_ key: UnsafeRawBufferPointer, matched: Int, among nodes: (first: Int, count: Int),
                                _ body: (UnsafeRawBufferPointer) throws(Unsound) -> Void) throws(Unsound) {
        if matched == key.count + 1 {
            // Leaves (character 0) come first among a node's children.
            for index in 0..<nodes.count {
                let node = nodes.first + 12 * index
                guard Self.uint32(cache, node) == 0 else { break }
                try body(try mimeType(at: Self.uint32(cache, node + 4)))
            }
            return
        }
        let wanted = matched < key.count ? Int(key[key.count - 1 - matched]) : Int(UInt8(ascii: "."))
        // The key is folded: a small letter may also be stored as a capital.
        let other = wanted &- Int(UInt8(ascii: "a")) < 26 ? wanted - 0x20 : wanted
        for index in 0..<nodes.count {
            let node = nodes.first + 12 * index
            let character = Self.uint32(cache, node)
            guard character == wanted || character == other else { continue }
            try visitGlobTypes(key, matched: matched + 1, among: try nodeRange(countAt: node + 4), body)
        }
    }

    // MARK: - Searching

    /// The position in `list` of the name that is `folded` ignoring case:
    /// one binary search for a name spelled so, and for one with capitals
    /// that folds to it (`audio/AMR-WB`) a walk that ends within a few
    /// bytes for a name in no list (`dk_find_cache_name`, in C: a first
    /// query makes several of these searches, most for names in no list).
    func find(_ folded: UnsafeRawBufferPointer, in list: ListKind) throws(Unsound) -> Int? {
        guard let base = cache.baseAddress?.assumingMemoryBound(to: UInt8.self),
              let key = folded.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return nil }
        let entries = (list == .aliases ? aliasList : parentList) + 4
        let count = list == .aliases ? aliasCount : parentCount
        let found = dk_find_cache_name(base, cache.count, entries, count, key, folded.count)
        if found == -1 { return nil }
        guard found >= 0 else { throw Unsound() }
        return found
    }

    /// The NUL-terminated string at `offset`, if it starts and ends inside
    /// the file after the header.
    @inline(__always)
    private func string(at offset: Int) -> UnsafeRawBufferPointer? {
        guard offset >= MIMECache.headerSize, offset < cache.count,
              let base = cache.baseAddress, let end = memchr(base + offset, 0, cache.count - offset)
        else { return nil }
        return UnsafeRawBufferPointer(start: base + offset, count: (base + offset).distance(to: UnsafeRawPointer(end)))
    }

    /// The MIME type at `offset`: inside the file and a type's name, as
    /// the full load requires of every name in the cache.
    private func mimeType(at offset: Int) throws(Unsound) -> UnsafeRawBufferPointer {
        guard let name = string(at: offset), MappedMIMEDatabase.isMIMEName(name) else { throw Unsound() }
        return name
    }

    // MARK: - Bytes

    private static func uint16(_ bytes: UnsafeRawBufferPointer, _ offset: Int) -> Int {
        Int(bytes[offset]) << 8 | Int(bytes[offset + 1])
    }

    /// Callers check that the four bytes are inside.
    @inline(__always)
    static func uint32(_ bytes: UnsafeRawBufferPointer, _ offset: Int) -> Int {
        Int(UInt32(bigEndian: bytes.baseAddress!.loadUnaligned(fromByteOffset: offset, as: UInt32.self)))
    }
}
