import CUniformTypeTables
import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// One database directory's `types` file and binary `mime.cache`, mapped
/// into memory, so that a process's first MIME query is answered from
/// their bytes, the way GIO answers from the same cache, instead of first
/// turning the whole database into tables.
///
/// It is only used where it can give the answers of the full load
/// (``MIMEDatabase`` and ``BaseTypeTable``): one directory holds the
/// database and its `mime.cache` is not older than the text files it
/// stands for. Opening reads no more than it must, so a first query stays
/// cheap: the cache's header (every list offset inside the file, the alias
/// and parent counts fitting their lists) and where each line of `types`
/// starts (no empty or comment lines).
///
/// Everything else is checked when a lookup reads it: every offset is
/// bounds-checked and every name NUL-terminated inside the file before it
/// is compared, and a name a lookup returns (a canonical type, a parent)
/// must be a MIME type (``MIMEDatabase/isMIMEName(_:)``). Damage met that
/// way throws ``Unsound``; the registry then builds the full table, whose
/// reading checks every byte (``MIMECache``): it reports the damage once,
/// with the file, and answers from the text files from then on. Like GIO,
/// lookups trust the lists' order (`update-mime-database` sorts them); a
/// list out of order can make a lookup miss, never read outside the file.
///
/// Names are looked up by their folded (lower-case) spelling: first as
/// spelled, by binary search, then, for the few names with capitals
/// (`audio/AMR-WB`, `text/x-iMelody`), a byte at a time (see
/// ``find(_:in:)``).
///
/// The mapping is read-only and private; `update-mime-database` replaces
/// the files rather than rewriting them, so the mapped bytes stay what was
/// checked.
final class MappedMIMEDatabase: @unchecked Sendable {
    // @unchecked: the mappings and the line table are written in init and
    // only read after; the per-type answers are atomic.

    /// Thrown when a lookup meets a damaged entry.
    struct Unsound: Error {}

    /// The database directory, as the location names it.
    let directory: String
    /// The number of lines of `types`.
    let typeCount: Int
    private let cache: UnsafeRawBufferPointer
    private let types: UnsafeRawBufferPointer
    /// Line `i` of `types` is `types[lineStarts[i] ..< lineStarts[i + 1] - 1]`.
    private let lineStarts: UnsafeMutablePointer<Int32>
    private let aliasList: Int
    let aliasCount: Int
    private let parentList: Int
    private let parentCount: Int
    /// Per type: 2 when its name is also an alias, 1 when not, 0 until
    /// asked (``nameIsAlias(ofType:)``).
    private let nameIsAliasOf: UnsafeMutablePointer<Atomic<UInt8>>

    /// The three sorted lists of names a lookup searches.
    enum ListKind: Int {
        case types, aliases, parents
    }

    /// Maps and checks the database of `location`; `nil` when it cannot
    /// answer for the full load (see the type's documentation).
    static func open(_ location: MIMEDatabaseLocation) -> MappedMIMEDatabase? {
        open { visit in
            for directory in location.directories {
                var directory = directory
                directory.withUTF8 { visit($0) }
            }
        }
    }

    /// ``open(_:)`` for the location the process environment names
    /// (``MIMEDatabaseLocation/fromEnvironment()``), walking its
    /// directories without making a string for each.
    static func openFromEnvironment() -> MappedMIMEDatabase? {
        open { visit in MIMEDatabaseLocation.forEachDirectory(MIMEDatabaseLocation.processEnvironment, visit) }
    }

    /// Opens the one database among the directories `walk` visits.
    private static func open(_ walk: ((UnsafeBufferPointer<UInt8>) -> Void) -> Void) -> MappedMIMEDatabase? {
        var found = 0
        var directory: UnsafeMutableBufferPointer<UInt8>?
        var types: (bytes: UnsafeRawBufferPointer, modified: Int)?
        walk { candidate in
            // The first directory with a `types` file has it mapped at once
            // (a missing file costs the same failed call a `stat` would);
            // any later one only counts.
            if directory == nil {
                guard let mapped = withPath(candidate, "/types", map) else { return }
                types = mapped
                directory = .allocate(capacity: candidate.count)
                _ = directory!.initialize(from: candidate)
            } else if !withPath(candidate, "/types", isRegularFile) {
                return
            }
            found += 1
        }
        guard let directory, let types else { return nil }
        defer { directory.deallocate() }
        let bytes = UnsafeBufferPointer(directory)
        // Several databases are merged by the full load.
        guard found == 1, let cache = withPath(bytes, "/mime.cache", map) else {
            unmap(types.bytes)
            return nil
        }
        // The cache must be as new as the text files it stands for.
        guard let aliasesTime = withPath(bytes, "/aliases", modificationTime),
              let subclassesTime = withPath(bytes, "/subclasses", modificationTime),
              cache.modified >= types.modified, cache.modified >= aliasesTime, cache.modified >= subclassesTime,
              let header = Header(cache.bytes), let lines = lineStarts(types.bytes)
        else {
            unmap(cache.bytes)
            unmap(types.bytes)
            return nil
        }
        return MappedMIMEDatabase(directory: String(decoding: bytes, as: UTF8.self), cache: cache.bytes, types: types.bytes,
                                  header: header, lines: lines)
    }

    /// Calls `body` with `directory` + `name` as a C string. Short paths are
    /// made on the stack, longer ones on the heap: a deep stack buffer
    /// touches pages nothing has used yet, and each costs a process's first
    /// query a page fault.
    private static func withPath<Result>(_ directory: UnsafeBufferPointer<UInt8>, _ name: StaticString,
                                         _ body: (UnsafePointer<CChar>) -> Result) -> Result {
        let count = directory.count + name.utf8CodeUnitCount + 1
        func fill(_ path: UnsafeMutableBufferPointer<UInt8>) -> Result {
            let base = UnsafeMutableRawPointer(path.baseAddress!)
            if let start = directory.baseAddress { base.copyMemory(from: start, byteCount: directory.count) }
            (base + directory.count).copyMemory(from: name.utf8Start, byteCount: name.utf8CodeUnitCount)
            path[count - 1] = 0
            return body(UnsafeRawPointer(base).assumingMemoryBound(to: CChar.self))
        }
        if count <= 256 { return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: count, fill) }
        let heap = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: count)
        defer { heap.deallocate() }
        return fill(heap)
    }

    /// What opening reads of the cache's header.
    private struct Header {
        let aliasList: Int, aliasCount: Int, parentList: Int, parentCount: Int

        /// Version 1.1 or 1.2, nine list offsets inside the file, and the
        /// alias and parent entries inside it.
        init?(_ cache: UnsafeRawBufferPointer) {
            let size = cache.count
            guard size >= MIMECache.headerSize, MappedMIMEDatabase.uint16(cache, 0) == 1,
                  (1...2).contains(MappedMIMEDatabase.uint16(cache, 2)) else { return nil }
            for list in 0..<9 {
                let offset = MappedMIMEDatabase.uint32(cache, 4 + 4 * list)
                guard offset >= MIMECache.headerSize, offset <= size - 4 else { return nil }
            }
            aliasList = MappedMIMEDatabase.uint32(cache, 4)
            parentList = MappedMIMEDatabase.uint32(cache, 8)
            aliasCount = MappedMIMEDatabase.uint32(cache, aliasList)
            parentCount = MappedMIMEDatabase.uint32(cache, parentList)
            guard aliasCount <= (size - aliasList - 4) / 8, parentCount <= (size - parentList - 4) / 8 else { return nil }
        }
    }

    /// Where each line of `types` starts, then the end: a newline-ended
    /// file of names, no line empty or a comment. `nil` otherwise.
    private static func lineStarts(_ types: UnsafeRawBufferPointer) -> (starts: UnsafeMutablePointer<Int32>, count: Int)? {
        guard types.count < Int(Int32.max), let base = types.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return nil }
        // Room for lines of 16 bytes on average (the desktop's are over
        // 20), else as many as there are: a block sized for the worst case
        // would push the allocations after it onto pages a first query then
        // faults in.
        var capacity = types.count / 16 + 16
        var starts = UnsafeMutablePointer<Int32>.allocate(capacity: capacity)
        // Sixteen bytes a step, in C: this runs on every process's first
        // query.
        var lines = dk_line_starts(base, types.count, starts, capacity)
        if lines >= capacity {
            starts.deallocate()
            capacity = lines + 1
            starts = .allocate(capacity: capacity)
            lines = dk_line_starts(base, types.count, starts, capacity)
        }
        guard lines > 0 else {
            starts.deallocate()
            return nil
        }
        return (starts, lines)
    }

    private init(directory: String, cache: UnsafeRawBufferPointer, types: UnsafeRawBufferPointer, header: Header,
                 lines: (starts: UnsafeMutablePointer<Int32>, count: Int)) {
        self.directory = directory
        self.cache = cache
        self.types = types
        lineStarts = lines.starts
        typeCount = lines.count
        aliasList = header.aliasList
        aliasCount = header.aliasCount
        parentList = header.parentList
        parentCount = header.parentCount
        nameIsAliasOf = ZeroedAtomics.allocate(UInt8.self, count: lines.count)
    }

    deinit {
        Self.unmap(cache)
        Self.unmap(types)
        lineStarts.deallocate()
        ZeroedAtomics.deallocate(nameIsAliasOf, count: typeCount)
    }

    // MARK: - Types

    /// The name of type `index` as spelled, without its newline.
    func typeName(_ index: Int) -> UnsafeRawBufferPointer {
        let start = Int(lineStarts[index])
        return UnsafeRawBufferPointer(start: types.baseAddress! + start, count: Int(lineStarts[index + 1]) - 1 - start)
    }

    /// The name of type `index` as spelled.
    func typeNameString(_ index: Int) -> String {
        String(decoding: typeName(index), as: UTF8.self)
    }

    /// The name of type `index`, folded to lower case (written in place,
    /// but for a name outside ASCII, which folds by Unicode's rules).
    func foldedTypeName(_ index: Int) -> String {
        let name = typeName(index)
        guard name.allSatisfy({ $0 < 0x80 }) else { return typeNameString(index).foldedASCII }
        return BaseTypeTable.makeString(count: name.count) { buffer in
            for position in 0..<name.count { buffer[position] = FoldedKeyTable.fold(name[position]) }
        }
    }

    /// The number of the type named `name` in any case, if there is one.
    func typeIndex(_ name: UnsafeRawBufferPointer) throws(Unsound) -> Int? {
        try Self.folding(name) { folded throws(Unsound) in try find(folded, in: .types) }
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

    /// Calls `body` with each alias whose canonical type is `name` (in any
    /// case), as written, in list order: a walk over the list comparing
    /// each canonical type's first bytes, which nearly always differ, so no
    /// index is built on a process's first query.
    func forEachAlias(of name: UnsafeRawBufferPointer,
                      _ body: (UnsafeRawBufferPointer) throws(Unsound) -> Void) throws(Unsound) {
        guard let base = cache.baseAddress, !name.isEmpty else { return }
        try Self.folding(name) { folded throws(Unsound) in
            let count = folded.count
            // The first eight bytes of the name, folded, compared with each
            // canonical type's as one word: they nearly always differ.
            let prefix = Swift.min(count, 8)
            let mask: UInt64 = prefix == 8 ? ~0 : (1 &<< UInt64(8 * prefix)) &- 1
            let wanted = folded.withMemoryRebound(to: UInt8.self) { FoldedWords.word($0, 0) } & mask
            for entry in 0..<aliasCount {
                let offset = Self.uint32(cache, aliasList + 8 + 8 * entry)
                guard offset >= MIMECache.headerSize, offset < cache.count else { throw Unsound() }
                // The name and its NUL must fit; a longer or shorter string
                // differs at or before the NUL.
                guard offset + count < cache.count else { continue }
                if offset + 8 <= cache.count,
                   FoldedWords.foldASCII(base.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) & mask != wanted { continue }
                guard
                      base.load(fromByteOffset: offset + count, as: UInt8.self) == 0,
                      FoldedKeyTable.equalIgnoringCase(UnsafeRawBufferPointer(start: base + offset, count: count), folded)
                else { continue }
                try body(try aliasName(entry))
            }
        }
    }

    /// The canonical type `name` (in any case) is an alias of, if it is one.
    func canonical(ofAlias name: UnsafeRawBufferPointer) throws(Unsound) -> UnsafeRawBufferPointer? {
        guard let entry = try Self.folding(name, { folded throws(Unsound) in try find(folded, in: .aliases) }) else { return nil }
        return try canonical(ofAliasEntry: entry)
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

    /// Calls `body` with each parent the cache gives the type named `name`
    /// (in any case), in file order, as written.
    func forEachParent(of name: UnsafeRawBufferPointer,
                       _ body: (UnsafeRawBufferPointer) throws(Unsound) -> Void) throws(Unsound) {
        guard let index = try Self.folding(name, { folded throws(Unsound) in try find(folded, in: .parents) }) else { return }
        let list = Self.uint32(cache, parentList + 8 + 8 * index)
        guard list >= MIMECache.headerSize, list <= cache.count - 4 else { throw Unsound() }
        let count = Self.uint32(cache, list)
        guard count <= (cache.count - list - 4) / 4 else { throw Unsound() }
        for parent in 0..<count { try body(try mimeType(at: Self.uint32(cache, list + 4 + 4 * parent))) }
    }

    /// Whether `alias` (in any case) has parents of its own in the cache:
    /// the full load then files them under its canonical type.
    func hasParents(_ alias: UnsafeRawBufferPointer) throws(Unsound) -> Bool {
        try Self.folding(alias, { folded throws(Unsound) in try find(folded, in: .parents) }) != nil
    }

    /// Whether the name of type `index` is also an alias, worked out once
    /// per type: a query meets the same names again and again (a type, then
    /// as another's parent), and each answer costs a search of the alias
    /// list in every case.
    func nameIsAlias(ofType index: Int) throws(Unsound) -> Bool {
        let known = nameIsAliasOf[index].load(ordering: .relaxed)
        if known != 0 { return known == 2 }
        let isAlias = try canonical(ofAlias: typeName(index)) != nil
        nameIsAliasOf[index].store(isAlias ? 2 : 1, ordering: .relaxed)
        return isAlias
    }

    // MARK: - Extensions

    /// Calls `body` with the MIME type, as written, of each glob `*.EXT`
    /// whose EXT is `key` ignoring ASCII case: the leaves under the cache's
    /// reverse suffix tree path spelling `.EXT` backwards
    /// (`update-mime-database` files every `*SUFFIX` glob there, a
    /// case-insensitive one in lower case). Returns `false`, visiting
    /// nothing, for a key outside printable ASCII, which only the full load
    /// folds.
    func forEachExtensionGlobType(_ key: UnsafeRawBufferPointer,
                                  _ body: (UnsafeRawBufferPointer) throws(Unsound) -> Void) throws(Unsound) -> Bool {
        guard !key.isEmpty, key.count < 256, key.allSatisfy({ $0 &- 0x21 < 0x5E }) else { return false }
        let tree = Self.uint32(cache, 16)
        let roots = try nodeRange(countAt: tree)
        try visitGlobTypes(key, matched: 0, among: roots, body)
        return true
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

    /// The number of names in a list.
    private func count(of list: ListKind) -> Int {
        switch list {
        case .types: typeCount
        case .aliases: aliasCount
        case .parents: parentCount
        }
    }

    /// Name `index` of a list, checked to lie inside the file.
    @inline(__always)
    private func name(_ index: Int, in list: ListKind) throws(Unsound) -> UnsafeRawBufferPointer {
        switch list {
        case .types: typeName(index)
        case .aliases: try aliasName(index)
        case .parents: try parentChild(index)
        }
    }

    /// The position in `list` of the name that is `folded` ignoring case.
    /// A name spelled as `folded` is found by one binary search. A name
    /// with capitals that folds to it shares its bytes up to its first
    /// capital: walking `folded` a byte at a time, the names sharing the
    /// bytes so far are one run of the sorted list, which shrinks with each
    /// byte, and within it the names with the letter's capital next come
    /// just before those with the letter (a nearly always empty run,
    /// checked whole). Every run holds the place where `folded` would be,
    /// which bounds each search.
    private func find(_ folded: UnsafeRawBufferPointer, in list: ListKind) throws(Unsound) -> Int? {
        let count = count(of: list)
        var low = 0, high = count
        while low < high {
            let middle = (low + high) / 2
            let order = Self.compare(try name(middle, in: list), folded)
            if order == 0 { return middle }
            if order < 0 { low = middle + 1 } else { high = middle }
        }
        let place = low
        var run = 0..<count
        for position in 0..<folded.count where !run.isEmpty {
            let byte = Int(folded[position])
            var start = run.lowerBound
            if byte &- Int(UInt8(ascii: "a")) < 26 {
                let capital = byte - 0x20
                start = try firstName(from: start..<place, withByteAtLeast: capital, at: position, in: list)
                if start < place, try self.byte(at: position, ofName: start, in: list) == capital {
                    let end = try firstName(from: start..<place, withByteAtLeast: capital + 1, at: position, in: list)
                    for index in start..<end where FoldedKeyTable.equalIgnoringCase(try name(index, in: list), folded) { return index }
                    start = end
                }
            }
            start = try firstName(from: start..<place, withByteAtLeast: byte, at: position, in: list)
            let end = try firstName(from: place..<run.upperBound, withByteAtLeast: byte + 1, at: position, in: list)
            run = start..<end
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
        if list == .types {
            let name = typeName(index)
            return position < name.count ? Int(name[position]) : -1
        }
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

    // MARK: - Bytes

    fileprivate static func uint16(_ bytes: UnsafeRawBufferPointer, _ offset: Int) -> Int {
        Int(bytes[offset]) << 8 | Int(bytes[offset + 1])
    }

    /// Callers check that the four bytes are inside.
    @inline(__always)
    fileprivate static func uint32(_ bytes: UnsafeRawBufferPointer, _ offset: Int) -> Int {
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

    /// The MIME type at `offset`: inside the file and a type's name, as
    /// the full load requires of every name in the cache.
    private func mimeType(at offset: Int) throws(Unsound) -> UnsafeRawBufferPointer {
        guard let name = string(at: offset), Self.isMIMEName(name) else { throw Unsound() }
        return name
    }

    /// ``MIMEDatabase/isMIMEName(_:)`` on bytes: printable ASCII without
    /// spaces around one slash.
    static func isMIMEName(_ name: UnsafeRawBufferPointer) -> Bool {
        var outside = false
        var slashes = 0
        var lastSlash = -1
        for index in 0..<name.count {
            let byte = name[index]
            outside = outside || byte &- 0x21 >= 0x5E
            if byte == UInt8(ascii: "/") {
                slashes &+= 1
                lastSlash = index
            }
        }
        return !outside && slashes == 1 && lastSlash > 0 && lastSlash < name.count - 1
    }

    /// Calls `body` with `name` folded to lower case.
    static func folding<R, Failure: Error>(_ name: UnsafeRawBufferPointer,
                                           _ body: (UnsafeRawBufferPointer) throws(Failure) -> R) throws(Failure) -> R {
        try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(name.count, 1)) { folded throws(Failure) in
            for index in 0..<name.count { folded[index] = FoldedKeyTable.fold(name[index]) }
            return try body(UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(folded)[0..<name.count]))
        }
    }

    // MARK: - Files

    private static func isRegularFile(_ path: UnsafePointer<CChar>) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG
    }

    private static func modificationTime(_ path: UnsafePointer<CChar>) -> Int? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return modificationTime(info)
    }

    private static func modificationTime(_ info: stat) -> Int {
        info.st_mtim.tv_sec * 1_000_000_000 + info.st_mtim.tv_nsec
    }

    /// The regular file mapped read-only, with its modification time, or
    /// `nil` if it cannot be (or is empty).
    private static func map(_ path: UnsafePointer<CChar>) -> (bytes: UnsafeRawBufferPointer, modified: Int)? {
        let descriptor = Glibc.open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_size > 0 else { return nil }
        let size = Int(info.st_size)
        guard let address = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0), address != MAP_FAILED else { return nil }
        return (UnsafeRawBufferPointer(start: address, count: size), modificationTime(info))
    }

    private static func unmap(_ bytes: UnsafeRawBufferPointer) {
        munmap(UnsafeMutableRawPointer(mutating: bytes.baseAddress), bytes.count)
    }

    /// The bytes of the mapped files, for the full load to read the very
    /// same database.
    var typesBytes: [UInt8] { Array(types) }
    var cacheBytes: [UInt8] { Array(cache) }
}

