import CUniformTypeTables
import Foundation
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
        guard let name = string(at: nameOffset(index, in: .aliases)) else { throw Unsound() }
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

    private func parentChild(_ index: Int) throws(Unsound) -> UnsafeRawBufferPointer {
        guard let name = string(at: nameOffset(index, in: .parents)) else { throw Unsound() }
        return name
    }

    /// Where the name of entry `index` of the alias or parent list starts
    /// (its first field; the header put the entry inside the file, and the
    /// reader checks the offset).
    @inline(__always)
    private func nameOffset(_ index: Int, in list: ListKind) -> Int {
        Self.uint32(cache, (list == .aliases ? aliasList : parentList) + 4 + 8 * index)
    }

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

    /// The number of names in a list of the cache.
    private func count(of list: ListKind) -> Int {
        switch list {
        case .aliases: aliasCount
        case .parents: parentCount
        }
    }

    /// Name `index` of a list of the cache, checked to lie inside the file.
    @inline(__always)
    private func name(_ index: Int, in list: ListKind) throws(Unsound) -> UnsafeRawBufferPointer {
        switch list {
        case .aliases: try aliasName(index)
        case .parents: try parentChild(index)
        }
    }

    /// The position in `list` of the name that is `folded` ignoring case.
    /// A name spelled as `folded` is found by one binary search. One with
    /// capitals that folds to it (`audio/AMR-WB`) shares `folded`'s bytes
    /// up to its first capital and sorts before `folded` (a capital sorts
    /// before its small letter): walking `folded` a byte at a time, the
    /// names before its place that share the bytes so far are one run of
    /// the sorted list, which shrinks with each byte, and within it the
    /// names with the letter's capital next come first (a nearly always
    /// empty run, checked whole). The walk ends as soon as the run is
    /// empty, which for a name in no list is within a few bytes.
    func find(_ folded: UnsafeRawBufferPointer, in list: ListKind) throws(Unsound) -> Int? {
        var low = 0, high = count(of: list)
        while low < high {
            let middle = (low + high) / 2
            let order = Self.compare(try name(middle, in: list), folded)
            if order == 0 { return middle }
            if order < 0 { low = middle + 1 } else { high = middle }
        }
        let place = low
        // The names before `place` sharing `folded`'s bytes before `position`.
        low = 0
        for position in 0..<folded.count {
            guard low < place else { return nil }
            let byte = Int(folded[position])
            if byte &- Int(UInt8(ascii: "a")) < 26 {
                let capital = byte - 0x20
                let start = try firstName(from: low..<place, withByteAtLeast: capital, at: position, in: list)
                if start < place, try self.byte(at: position, ofName: start, in: list) == capital {
                    let end = try firstName(from: start..<place, withByteAtLeast: capital + 1, at: position, in: list)
                    for index in start..<end where FoldedKeyTable.equalIgnoringCase(try name(index, in: list), folded) { return index }
                    low = end
                } else {
                    low = start
                }
            }
            // Those with a greater byte here would sort after `folded`.
            low = try firstName(from: low..<place, withByteAtLeast: byte, at: position, in: list)
        }
        return nil
    }

    /// The first name of `range` (names sharing their first `position`
    /// bytes, so in order by the next) whose byte at `position` is at least
    /// `byte`; the range's end if none is. A name that ends before sorts
    /// first.
    private func firstName(from range: Range<Int>, withByteAtLeast byte: Int, at position: Int,
                           in list: ListKind) throws(Unsound) -> Int {
        var low = range.lowerBound, high = range.upperBound
        while low < high {
            let middle = (low + high) / 2
            if try self.byte(at: position, ofName: middle, in: list) < byte { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// Byte `position` of name `index` of `list`, or -1 past its end. The
    /// names of a run share the bytes before `position`, so only this one
    /// is read: a string's end is its NUL.
    @inline(__always)
    private func byte(at position: Int, ofName index: Int, in list: ListKind) throws(Unsound) -> Int {
        let offset = nameOffset(index, in: list)
        guard offset >= MIMECache.headerSize, offset + position < cache.count else { throw Unsound() }
        let byte = cache[offset + position]
        return byte == 0 ? -1 : Int(byte)
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

    /// Byte order, as `strcmp` and the database's writer sort.
    static func compare(_ left: UnsafeRawBufferPointer, _ right: UnsafeRawBufferPointer) -> Int {
        let common = min(left.count, right.count)
        if common > 0, let leftBase = left.baseAddress, let rightBase = right.baseAddress {
            let order = memcmp(leftBase, rightBase, common)
            if order != 0 { return Int(order) }
        }
        return left.count - right.count
    }
}
