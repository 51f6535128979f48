import Foundation
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
/// stands for. Opening checks the structure every lookup relies on, and
/// not every byte, so it stays cheap:
///
/// - the cache's header and the alias and parent lists: every offset and
///   count inside the file, every alias, canonical type and child
///   NUL-terminated inside it, each list sorted by byte value without
///   repeats, every parent's offset inside the file;
/// - `types`: no empty or comment lines, sorted by byte value.
///
/// A name a lookup compares is only ever equal to a valid key; a name it
/// returns (a canonical type, a parent) is checked when read, NUL inside
/// the file and a MIME type (``MIMEDatabase/isMIMEName(_:)``), else
/// ``Unsound`` is thrown. The registry then builds the full table, whose
/// reading checks every byte (``MIMECache``): it reports the damage once,
/// with the file, and answers from the text files from then on.
///
/// Names are looked up by their folded (lower-case) spelling. Byte order is
/// folded order among lower-case names, so those are found by binary
/// search; the few with capitals (`audio/AMR-WB`, `text/x-iMelody`) are
/// kept aside and compared one by one (see ``FoldedNameIndex``).
///
/// The mapping is read-only and private; `update-mime-database` replaces
/// the files rather than rewriting them, so the mapped bytes stay what was
/// checked.
final class MappedMIMEDatabase: @unchecked Sendable {
    // @unchecked: the mappings and the name tables are written in init and
    // only read after.

    /// Thrown when a lookup meets a damaged entry.
    struct Unsound: Error {}

    /// The database directory, as the location names it.
    let directory: String
    /// The number of lines of `types`.
    let typeCount: Int
    private let cache: UnsafeRawBufferPointer
    private let types: UnsafeRawBufferPointer
    /// Line `i` of `types` is `types[lineStarts[i] ..< lineStarts[i + 1] - 1]`.
    private let lineStarts: [Int32]
    private let typeNames: FoldedNameIndex
    private let aliasList: Int
    let aliasCount: Int
    private var aliasNames = FoldedNameIndex()
    private let parentList: Int
    private let parentCount: Int
    private var parentNames = FoldedNameIndex()
    /// Whether every check passed (see the type's documentation).
    private var isSound = false

    /// Maps and checks the database of `location`; `nil` when it cannot
    /// answer for the full load (see the type's documentation).
    static func open(_ location: MIMEDatabaseLocation) -> MappedMIMEDatabase? {
        var found: String?
        for directory in location.directories where isRegularFile(directory + "/types") {
            // Several databases are merged by the full load.
            guard found == nil else { return nil }
            found = directory
        }
        guard let directory = found else { return nil }
        guard let cacheTime = modificationTime(directory + "/mime.cache"),
              let typesTime = modificationTime(directory + "/types"),
              let aliasesTime = modificationTime(directory + "/aliases"),
              let subclassesTime = modificationTime(directory + "/subclasses"),
              cacheTime >= typesTime, cacheTime >= aliasesTime, cacheTime >= subclassesTime,
              let cache = map(directory + "/mime.cache")
        else { return nil }
        guard let types = map(directory + "/types") else {
            unmap(cache)
            return nil
        }
        let database = MappedMIMEDatabase(directory: directory, cache: cache, types: types)
        return database.isSound ? database : nil
    }

    private init(directory: String, cache: UnsafeRawBufferPointer, types: UnsafeRawBufferPointer) {
        self.directory = directory
        self.cache = cache
        self.types = types
        // The header: version 1.1 or 1.2, nine list offsets inside the file.
        let size = cache.count
        var sound = size >= MIMECache.headerSize && Self.uint16(cache, 0) == 1 && (1...2).contains(Self.uint16(cache, 2))
        for list in 0..<9 where sound {
            let offset = Self.uint32(cache, 4 + 4 * list)
            sound = offset >= MIMECache.headerSize && offset <= size - 4
        }
        aliasList = sound ? Self.uint32(cache, 4) : 0
        parentList = sound ? Self.uint32(cache, 8) : 0
        aliasCount = sound ? Self.uint32(cache, aliasList) : 0
        parentCount = sound ? Self.uint32(cache, parentList) : 0
        sound = sound && aliasCount <= (size - aliasList - 4) / 8 && parentCount <= (size - parentList - 4) / 8

        // `types`: the line table.
        var starts: [Int32] = [0]
        starts.reserveCapacity(1024)
        var lowerCase: [Int32] = []
        lowerCase.reserveCapacity(1024)
        var mixedCase: [Int32] = []
        var start = 0
        var previous = (start: 0, count: 0)
        sound = sound && types.count < Int(Int32.max)
        // A line at a time, straight on the mapping, in plain local arrays:
        // this runs on every process's first query.
        let base = types.baseAddress!
        while sound, start < types.count {
            guard let newline = memchr(base + start, Int32(UInt8(ascii: "\n")), types.count - start) else { sound = false; break }
            let end = base.distance(to: UnsafeRawPointer(newline))
            let count = end - start
            // Not empty, not a comment, after the line before in byte order.
            guard count > 0, base.load(fromByteOffset: start, as: UInt8.self) != UInt8(ascii: "#") else { sound = false; break }
            if previous.count > 0 {
                let order = memcmp(base + previous.start, base + start, min(count, previous.count))
                guard order < 0 || (order == 0 && previous.count < count) else { sound = false; break }
            }
            let line = Int32(starts.count - 1)
            if FoldedNameIndex.Builder.hasCapitals(UnsafeRawBufferPointer(start: base + start, count: count)) {
                mixedCase.append(line)
            } else {
                lowerCase.append(line)
            }
            previous = (start, count)
            start = end + 1
            starts.append(Int32(start))
        }
        lineStarts = starts
        typeCount = starts.count - 1
        typeNames = FoldedNameIndex(lowerCase: lowerCase, mixedCase: mixedCase)
        guard sound, typeCount > 0, let aliases = indexAliases(), let parents = indexParents() else { return }
        aliasNames = aliases
        parentNames = parents
        isSound = typeNames.hasNoFoldedRepeats(typeName) && aliasNames.hasNoFoldedRepeats(aliasName)
            && parentNames.hasNoFoldedRepeats(parentChild)
    }

    deinit {
        Self.unmap(cache)
        Self.unmap(types)
    }

    // MARK: - Types

    /// The name of type `index` as spelled, without its newline.
    func typeName(_ index: Int) -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(rebasing: types[Int(lineStarts[index])..<Int(lineStarts[index + 1]) - 1])
    }

    /// The name of type `index` as spelled.
    func typeNameString(_ index: Int) -> String {
        String(decoding: typeName(index), as: UTF8.self)
    }

    /// The number of the type named `name` in any case, if there is one.
    func typeIndex(_ name: UnsafeRawBufferPointer) -> Int? {
        Self.folding(name) { typeNames.find($0, typeName) }
    }

    // MARK: - Aliases

    /// The alias of alias entry `index`, as written.
    private func aliasName(_ index: Int) -> UnsafeRawBufferPointer {
        string(at: Self.uint32(cache, aliasList + 4 + 8 * index))!
    }

    /// The canonical type of alias entry `index`, as written.
    func canonical(ofAliasEntry index: Int) throws(Unsound) -> UnsafeRawBufferPointer {
        try mimeType(at: Self.uint32(cache, aliasList + 8 + 8 * index))
    }

    /// The aliases whose canonical type is `name` (in any case), as
    /// written: a walk over the whole list, comparing lengths first.
    func aliases(of name: UnsafeRawBufferPointer) -> [UnsafeRawBufferPointer] {
        var found: [UnsafeRawBufferPointer] = []
        Self.folding(name) { folded in
            for index in 0..<aliasCount {
                // Checked to be NUL-terminated inside the file when mapped.
                guard let canonical = string(at: Self.uint32(cache, aliasList + 8 + 8 * index)),
                      canonical.count == folded.count, FoldedNameIndex.foldedEqual(canonical, folded)
                else { continue }
                found.append(aliasName(index))
            }
        }
        return found
    }

    /// The canonical type `name` (in any case) is an alias of, if it is one.
    func canonical(ofAlias name: UnsafeRawBufferPointer) throws(Unsound) -> UnsafeRawBufferPointer? {
        guard let entry = Self.folding(name, { aliasNames.find($0, aliasName) }) else { return nil }
        return try canonical(ofAliasEntry: entry)
    }

    // MARK: - Parents

    private func parentChild(_ index: Int) -> UnsafeRawBufferPointer {
        string(at: Self.uint32(cache, parentList + 4 + 8 * index))!
    }

    /// The parents the cache gives the type named `name` (in any case), in
    /// file order, as written.
    func parents(of name: UnsafeRawBufferPointer) throws(Unsound) -> [UnsafeRawBufferPointer] {
        guard let index = Self.folding(name, { parentNames.find($0, parentChild) }) else { return [] }
        return try parents(atEntry: index)
    }

    private func parents(atEntry index: Int) throws(Unsound) -> [UnsafeRawBufferPointer] {
        let list = Self.uint32(cache, parentList + 8 + 8 * index)
        guard list >= MIMECache.headerSize, list <= cache.count - 4 else { throw Unsound() }
        let count = Self.uint32(cache, list)
        guard count <= (cache.count - list - 4) / 4 else { throw Unsound() }
        var parents: [UnsafeRawBufferPointer] = []
        for parent in 0..<count { parents.append(try mimeType(at: Self.uint32(cache, list + 4 + 4 * parent))) }
        return parents
    }

    /// Whether the full load gives the type named `name` exactly the
    /// parents ``parents(of:)`` reads: it files a child by its canonical
    /// name, so `name` must not itself be an alias, and no alias of it may
    /// be given parents of its own.
    func parentsAreUnderOwnName(_ name: UnsafeRawBufferPointer) throws(Unsound) -> Bool {
        if try canonical(ofAlias: name) != nil { return false }
        for index in 0..<aliasCount {
            // Most canonical names differ in length; the check is cheap.
            guard let canonical = string(at: Self.uint32(cache, aliasList + 8 + 8 * index)) else { throw Unsound() }
            guard canonical.count == name.count,
                  Self.folding(canonical, { folded in Self.folding(name) { Self.compare(folded, $0) == 0 } })
            else { continue }
            if Self.folding(aliasName(index), { parentNames.find($0, parentChild) }) != nil { return false }
        }
        return true
    }

    // MARK: - Checks

    /// The alias list: names inside the file, sorted; `nil` if not.
    private func indexAliases() -> FoldedNameIndex? {
        var names = FoldedNameIndex.Builder(capacity: aliasCount)
        for index in 0..<aliasCount {
            let entry = aliasList + 4 + 8 * index
            guard let alias = string(at: Self.uint32(cache, entry)), names.add(alias, at: index),
                  string(at: Self.uint32(cache, entry + 4)) != nil
            else { return nil }
        }
        return names.index
    }

    /// The parent list: children inside the file, sorted; `nil` if not.
    private func indexParents() -> FoldedNameIndex? {
        var names = FoldedNameIndex.Builder(capacity: parentCount)
        for index in 0..<parentCount {
            guard let child = string(at: Self.uint32(cache, parentList + 4 + 8 * index)), names.add(child, at: index) else {
                return nil
            }
            let list = Self.uint32(cache, parentList + 8 + 8 * index)
            guard list >= MIMECache.headerSize, list <= cache.count - 4 else { return nil }
            let count = Self.uint32(cache, list)
            guard count <= (cache.count - list - 4) / 4 else { return nil }
            for parent in 0..<count where !isInside(Self.uint32(cache, list + 4 + 4 * parent)) { return nil }
        }
        return names.index
    }

    /// Whether a string may start at `offset`: after the header, inside.
    private func isInside(_ offset: Int) -> Bool {
        offset >= MIMECache.headerSize && offset < cache.count
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

    private static func uint16(_ bytes: UnsafeRawBufferPointer, _ offset: Int) -> Int {
        Int(bytes[offset]) << 8 | Int(bytes[offset + 1])
    }

    /// Callers check that the four bytes are inside.
    @inline(__always)
    private static func uint32(_ bytes: UnsafeRawBufferPointer, _ offset: Int) -> Int {
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
    static func folding<R>(_ name: UnsafeRawBufferPointer, _ body: (UnsafeRawBufferPointer) -> R) -> R {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(name.count, 1)) { folded in
            for index in 0..<name.count { folded[index] = FoldedKeyTable.fold(name[index]) }
            return body(UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(folded)[0..<name.count]))
        }
    }

    // MARK: - Files

    private static func isRegularFile(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG
    }

    private static func modificationTime(_ path: String) -> Int? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return info.st_mtim.tv_sec * 1_000_000_000 + info.st_mtim.tv_nsec
    }

    /// The file mapped read-only, or `nil` if it cannot be (or is empty).
    private static func map(_ path: String) -> UnsafeRawBufferPointer? {
        let descriptor = Glibc.open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_size > 0 else { return nil }
        let size = Int(info.st_size)
        guard let address = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0), address != MAP_FAILED else { return nil }
        return UnsafeRawBufferPointer(start: address, count: size)
    }

    private static func unmap(_ bytes: UnsafeRawBufferPointer) {
        munmap(UnsafeMutableRawPointer(mutating: bytes.baseAddress), bytes.count)
    }

    /// The bytes of the mapped files, for the full load to read the very
    /// same database.
    var typesBytes: [UInt8] { Array(types) }
    var cacheBytes: [UInt8] { Array(cache) }
}

/// The positions of a list of MIME types sorted by byte value, found by
/// folded spelling: lower-case names (in byte order, which is their folded
/// order) by binary search, the few with capitals one by one.
struct FoldedNameIndex: Sendable {
    /// Positions of the names without capitals, in list order.
    var lowerCase: [Int32] = []
    /// Positions of the names with capitals.
    var mixedCase: [Int32] = []

    /// The position whose name, folded, is `folded`.
    func find(_ folded: UnsafeRawBufferPointer, _ name: (Int) -> UnsafeRawBufferPointer) -> Int? {
        var low = 0, high = lowerCase.count
        while low < high {
            let middle = (low + high) / 2
            let order = MappedMIMEDatabase.compare(name(Int(lowerCase[middle])), folded)
            if order == 0 { return Int(lowerCase[middle]) }
            if order < 0 { low = middle + 1 } else { high = middle }
        }
        for position in mixedCase where Self.foldedEqual(name(Int(position)), folded) { return Int(position) }
        return nil
    }

    /// Whether no two names are the same ignoring case. Lower-case names
    /// were checked as they were added (strictly increasing).
    func hasNoFoldedRepeats(_ name: (Int) -> UnsafeRawBufferPointer) -> Bool {
        for position in mixedCase {
            let found = MappedMIMEDatabase.folding(name(Int(position))) { find($0, name) }
            if found != Int(position) { return false }
        }
        return true
    }

    static func foldedEqual(_ name: UnsafeRawBufferPointer, _ folded: UnsafeRawBufferPointer) -> Bool {
        name.count == folded.count && zip(name, folded).allSatisfy { FoldedKeyTable.fold($0) == $1 }
    }

    /// Adds names in list order, checking the list is strictly increasing
    /// by byte value (as ``MIMECache`` requires).
    struct Builder {
        private(set) var index = FoldedNameIndex()
        private var previous = UnsafeRawBufferPointer(start: nil, count: 0)

        init(capacity: Int) {
            index.lowerCase.reserveCapacity(capacity)
        }

        @inline(__always)
        mutating func add(_ name: UnsafeRawBufferPointer, at position: Int) -> Bool {
            // The first name is compared with an empty one, which it follows.
            guard !name.isEmpty, MappedMIMEDatabase.compare(previous, name) < 0 else { return false }
            previous = name
            if Self.hasCapitals(name) {
                index.mixedCase.append(Int32(position))
            } else {
                index.lowerCase.append(Int32(position))
            }
            return true
        }

        /// Whether `name` has a byte A...Z, eight bytes at a time (the last
        /// word overlapping the one before it).
        @inline(__always)
        static func hasCapitals(_ name: UnsafeRawBufferPointer) -> Bool {
            let highBits: UInt64 = 0x8080_8080_8080_8080, ones: UInt64 = 0x0101_0101_0101_0101
            // As FoldedWords.foldASCII: the high bit set in bytes 0x41...0x5A.
            func capitals(_ word: UInt64) -> Bool {
                let low = word & ~highBits
                return (low &+ ones &* (0x80 - 0x41)) & ~(low &+ ones &* (0x80 - 0x5B)) & ~word & highBits != 0
            }
            guard let base = name.baseAddress else { return false }
            let count = name.count
            guard count >= 8 else {
                for index in 0..<count where base.load(fromByteOffset: index, as: UInt8.self) &- UInt8(ascii: "A") < 26 { return true }
                return false
            }
            var offset = 0
            while offset &+ 8 <= count {
                if capitals(base.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) { return true }
                offset &+= 8
            }
            return offset < count && capitals(base.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self))
        }
    }
}
