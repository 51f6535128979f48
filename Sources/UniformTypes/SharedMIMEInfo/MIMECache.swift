import CUniformTypeTables
#if canImport(Glibc)
import Glibc
#endif

/// The aliases and subclass relations of a database, read in full from its
/// `mime.cache` through ``MIMECacheFile`` for the full load. Every name
/// must be a MIME type and the lists sorted as the writer sorts them;
/// otherwise ``Damage``, and the caller reads the text files instead.
struct MIMECache: Sendable {
    /// Alias to canonical type, as spelled in the file, in file order.
    var aliases: [(alias: String, canonical: String)] = []
    /// Child type to its parents, as spelled in the file, in file order.
    var parents: [(child: String, parents: [String])] = []

    /// Why a cache file cannot be used.
    struct Damage: Error, CustomStringConvertible {
        let description: String
    }

    static let headerSize = Int(DK_MIME_CACHE_HEADER_SIZE)

    /// Reads the aliases and parents from the bytes of a `mime.cache` file.
    init(_ bytes: [UInt8]) throws(Damage) {
        let read = bytes.withUnsafeBytes { raw -> Result<MIMECache, Damage> in
            Result { () throws(Damage) in try Self(file: try MIMECacheFile(raw)) }
        }
        self = try read.get()
    }

    private init(file: MIMECacheFile) throws(Damage) {
        var previous: UnsafeRawBufferPointer?
        aliases.reserveCapacity(file.aliasCount)
        for index in 0..<file.aliasCount {
            let alias = try file.checkedName(at: file.aliasList + 4 + 8 * index, "alias \(index)")
            let canonical = try file.checkedName(at: file.aliasList + 8 + 8 * index, "canonical type of alias \(index)")
            try Self.checkOrder(&previous, alias, "alias list", index)
            aliases.append((String(decoding: alias, as: UTF8.self), String(decoding: canonical, as: UTF8.self)))
        }
        previous = nil
        parents.reserveCapacity(file.parentCount)
        for index in 0..<file.parentCount {
            let child = try file.checkedName(at: file.parentList + 4 + 8 * index, "type of parent entry \(index)")
            try Self.checkOrder(&previous, child, "parent list", index)
            let name = String(decoding: child, as: UTF8.self)
            let (list, count) = try file.parentRange(ofEntry: index, name)
            var found: [String] = []
            found.reserveCapacity(count)
            for parent in 0..<count {
                found.append(String(decoding: try file.checkedName(at: list + 4 + 4 * parent, "parent \(parent) of \(name)"),
                                    as: UTF8.self))
            }
            parents.append((name, found))
        }
    }

    /// Checks that `name` sorts after `previous` in byte order, as the
    /// writer sorts the lists the lookups search.
    private static func checkOrder(_ previous: inout UnsafeRawBufferPointer?, _ name: UnsafeRawBufferPointer,
                                   _ list: String, _ index: Int) throws(Damage) {
        if let before = previous, !before.lexicographicallyPrecedes(name) {
            throw Damage(description: "the \(list) is not sorted at entry \(index) (\(String(decoding: name, as: UTF8.self)))")
        }
        previous = name
    }
}

/// The one reader of a `mime.cache` file's bytes: its header, the alias
/// and parent lists, and the reverse suffix tree of its globs, for both
/// the ``MappedMIMEDatabase`` and the full load (``MIMECache``).
///
/// The file is big-endian: two 16-bit version numbers (1.1 or 1.2) and
/// nine 32-bit list offsets, of which these are used:
///
/// ```
/// AliasList:  N, then N x (ALIAS_OFFSET, MIME_TYPE_OFFSET)     sorted by alias
/// ParentList: N, then N x (MIME_TYPE_OFFSET, PARENTS_OFFSET)   sorted by type
/// Parents:    N, then N x MIME_TYPE_OFFSET
/// SuffixTree: N, FIRST_NODE_OFFSET; a node is (CHARACTER, N, FIRST_CHILD_OFFSET),
///             a leaf (0, MIME_TYPE_OFFSET, WEIGHT_AND_FLAGS)
/// ```
///
/// Nothing is trusted: offsets are checked before they are followed and
/// names found NUL-terminated inside the file; damage throws
/// ``MappedMIMEDatabase/Unsound``. A list out of order can make a lookup
/// miss, never read outside the file. Searches run in `MIMECacheWalk.c`.
struct MIMECacheFile {
    typealias Unsound = MappedMIMEDatabase.Unsound

    let bytes: UnsafeRawBufferPointer
    let aliasList: Int
    let aliasCount: Int
    let parentList: Int
    let parentCount: Int

    /// The two sorted lists of names a lookup searches.
    enum ListKind {
        case aliases, parents
    }

    /// Checks the header: its version, every list offset inside the file,
    /// the alias and parent entries inside it.
    init(_ bytes: UnsafeRawBufferPointer) throws(MIMECache.Damage) {
        let size = bytes.count
        guard size >= MIMECache.headerSize else { throw Self.damage(.short, size) }
        let major = Self.uint16(bytes, 0), minor = Self.uint16(bytes, 2)
        guard major == 1, minor == 1 || minor == 2 else { throw Self.damage(.version, major, minor) }
        for list in 0..<9 {
            let offset = Self.uint32(bytes, 4 + 4 * list)
            guard offset >= MIMECache.headerSize, offset <= size - 4 else { throw Self.damage(.listOutside, list, offset, size) }
        }
        let aliasList = Self.uint32(bytes, 4), parentList = Self.uint32(bytes, 8)
        let aliasCount = Self.uint32(bytes, aliasList), parentCount = Self.uint32(bytes, parentList)
        guard aliasCount <= (size - aliasList - 4) / 8 else { throw Self.damage(.tooManyEntries, 0, aliasCount) }
        guard parentCount <= (size - parentList - 4) / 8 else { throw Self.damage(.tooManyEntries, 1, parentCount) }
        self.bytes = bytes
        self.aliasList = aliasList
        self.aliasCount = aliasCount
        self.parentList = parentList
        self.parentCount = parentCount
    }

    /// What is wrong with a header.
    private enum HeaderProblem {
        case short, version, listOutside, tooManyEntries
    }

    /// The report of a damaged header, spelled out of line: a process's
    /// first query opens a sound cache, and runs none of this code.
    @inline(never)
    private static func damage(_ problem: HeaderProblem, _ first: Int, _ second: Int = 0, _ third: Int = 0) -> MIMECache.Damage {
        let lists = ["alias list", "parent list", "literal list", "suffix tree", "glob list",
                     "magic list", "namespace list", "icon list", "generic icon list"]
        let description = switch problem {
        case .short: "it is \(first) bytes long, shorter than the \(MIMECache.headerSize)-byte header"
        case .version: "it has format version \(first).\(second), not 1.1 or 1.2"
        case .listOutside: "the \(lists[first]) offset \(second) is outside the file (\(third) bytes)"
        case .tooManyEntries: "the \(lists[first]) claims \(second) entries, more than fit in the file"
        }
        return MIMECache.Damage(description: description)
    }

    // MARK: - Aliases

    /// The canonical type of alias entry `index`, as written.
    func canonical(ofAliasEntry index: Int) throws(Unsound) -> UnsafeRawBufferPointer {
        try mimeType(at: Self.uint32(bytes, aliasList + 8 + 8 * index))
    }

    /// Calls `body` with each alias whose canonical type is `folded`
    /// (ignoring case), as written, in list order (`dk_next_alias_of`).
    func forEachAlias(ofFolded folded: UnsafeRawBufferPointer,
                      _ body: (UnsafeRawBufferPointer) throws(Unsound) -> Void) throws(Unsound) {
        guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self),
              let key = folded.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return }
        var entry = 0
        while true {
            let found = dk_next_alias_of(base, bytes.count, aliasList + 4, aliasCount, entry, key, folded.count)
            if found == -1 { return }
            guard found >= 0, let alias = string(at: Self.uint32(bytes, aliasList + 4 + 8 * found)) else { throw Unsound() }
            try body(alias)
            entry = found + 1
        }
    }

    // MARK: - Parents

    /// Where the parents of parent entry `index` are listed, and how many
    /// there are, checked to lie inside the file.
    func parentRange(ofEntry index: Int, _ child: @autoclosure () -> String) throws(MIMECache.Damage) -> (list: Int, count: Int) {
        let list = Self.uint32(bytes, parentList + 8 + 8 * index)
        guard list >= MIMECache.headerSize, list <= bytes.count - 4 else {
            throw MIMECache.Damage(description: "the parents of \(child()) are at offset \(list), outside the file")
        }
        let count = Self.uint32(bytes, list)
        guard count <= (bytes.count - list - 4) / 4 else {
            throw MIMECache.Damage(description: "the parents of \(child()) claim \(count) entries, more than fit in the file")
        }
        return (list, count)
    }

    /// Calls `body` with each parent of parent entry `index`, in file
    /// order, as written.
    func forEachParent(ofEntry index: Int, _ body: (UnsafeRawBufferPointer) throws(Unsound) -> Void) throws(Unsound) {
        guard let range = try? parentRange(ofEntry: index, "") else { throw Unsound() }
        for parent in 0..<range.count { try body(try mimeType(at: Self.uint32(bytes, range.list + 4 + 4 * parent))) }
    }

    // MARK: - Extensions

    /// Calls `body` with the MIME type of each glob `*.EXT` whose EXT is
    /// `key` (folded, printable ASCII) ignoring case: the leaves under the
    /// suffix tree path spelling `.EXT` backwards.
    func forEachExtensionGlobType(_ key: UnsafeRawBufferPointer,
                                  _ body: (UnsafeRawBufferPointer) throws(Unsound) -> Void) throws(Unsound) {
        let roots = try nodeRange(countAt: Self.uint32(bytes, 16))
        try visitGlobTypes(key, matched: 0, among: roots, body)
    }

    /// The nodes a count and first-node offset at `offset` describe,
    /// checked to lie inside the file.
    private func nodeRange(countAt offset: Int) throws(Unsound) -> (first: Int, count: Int) {
        guard offset >= MIMECache.headerSize, offset <= bytes.count - 8 else { throw Unsound() }
        let count = Self.uint32(bytes, offset), first = Self.uint32(bytes, offset + 4)
        guard count == 0 || (first >= MIMECache.headerSize && count <= (bytes.count - first) / 12) else { throw Unsound() }
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
                guard Self.uint32(bytes, node) == 0 else { break }
                try body(try mimeType(at: Self.uint32(bytes, node + 4)))
            }
            return
        }
        let wanted = matched < key.count ? Int(key[key.count - 1 - matched]) : Int(UInt8(ascii: "."))
        // The key is folded: a small letter may also be stored as a capital.
        let other = wanted &- Int(UInt8(ascii: "a")) < 26 ? wanted - 0x20 : wanted
        for index in 0..<nodes.count {
            let node = nodes.first + 12 * index
            let character = Self.uint32(bytes, node)
            guard character == wanted || character == other else { continue }
            try visitGlobTypes(key, matched: matched + 1, among: try nodeRange(countAt: node + 4), body)
        }
    }

    // MARK: - Searching

    /// The position in `list` of the name that is `folded` ignoring case
    /// (`dk_find_cache_name`).
    func find(_ folded: UnsafeRawBufferPointer, in list: ListKind) throws(Unsound) -> Int? {
        guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self),
              let key = folded.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return nil }
        let entries = (list == .aliases ? aliasList : parentList) + 4
        let count = list == .aliases ? aliasCount : parentCount
        let found = dk_find_cache_name(base, bytes.count, entries, count, key, folded.count)
        if found == -1 { return nil }
        guard found >= 0 else { throw Unsound() }
        return found
    }

    // MARK: - Strings

    /// The NUL-terminated string at `offset`, if it starts and ends inside
    /// the file after the header.
    @inline(__always)
    private func string(at offset: Int) -> UnsafeRawBufferPointer? {
        guard offset >= MIMECache.headerSize, offset < bytes.count,
              let base = bytes.baseAddress, let end = memchr(base + offset, 0, bytes.count - offset)
        else { return nil }
        return UnsafeRawBufferPointer(start: base + offset, count: (base + offset).distance(to: UnsafeRawPointer(end)))
    }

    /// The MIME type at `offset`: inside the file and a type's name.
    private func mimeType(at offset: Int) throws(Unsound) -> UnsafeRawBufferPointer {
        guard let name = string(at: offset), MappedMIMEDatabase.isMIMEName(name) else { throw Unsound() }
        return name
    }

    /// The MIME type whose offset is at `field`, saying what is wrong with
    /// it otherwise.
    fileprivate func checkedName(at field: Int, _ what: @autoclosure () -> String) throws(MIMECache.Damage) -> UnsafeRawBufferPointer {
        let offset = Self.uint32(bytes, field)
        guard offset >= MIMECache.headerSize, offset < bytes.count else {
            throw MIMECache.Damage(description: "the \(what()) is at offset \(offset), outside the file")
        }
        guard let name = string(at: offset) else {
            throw MIMECache.Damage(description: "the \(what()) at offset \(offset) runs past the end of the file")
        }
        guard MappedMIMEDatabase.isMIMEName(name) else {
            throw MIMECache.Damage(description: "the \(what()) at offset \(offset) is not a MIME type")
        }
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
