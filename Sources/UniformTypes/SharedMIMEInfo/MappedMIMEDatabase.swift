import CUniformTypeTables
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// The database directories' `mime.cache`s, mapped, and their `types`
/// files, mapped when a query first needs a database type, so a first
/// query reads a few entries instead of loading the whole database.
///
/// Used only when every directory with a `types` file has a current cache.
/// Directories merge as the full load merges them, earlier ones winning:
/// types are numbered in first-seen order (``MappedTypeList``), an alias
/// means what the first directory with it says, and a type's parents are
/// those of every directory, in order. Every offset and name is checked
/// when read; damage throws ``Unsound`` and the registry falls back to the
/// full table (``BaseTypeSource``). Names are looked up folded.
final class MappedMIMEDatabase: @unchecked Sendable {
    // @unchecked: the layers are written in init and only read after; the
    // type list is published once, atomically.

    /// Thrown when a lookup meets a damaged entry.
    struct Unsound: Error {}

    /// The directories' caches, highest priority first.
    private let layers: UnsafeMutablePointer<MappedMIMELayer>
    let layerCount: Int
    /// An upper bound on the types' numbers (a quarter of the bytes of the
    /// `types` files): record stores are made this large up front.
    let typeCapacity: Int
    /// Cells published once (``PublishedObject``): the ``MappedTypeList``
    /// and the ``deferredGlobs`` reader.
    private let loadedTypes: UnsafeMutablePointer<Atomic<Int>>

    /// The most directories a database is mapped from; more are left to
    /// the full load.
    static let layerLimit = 8

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

    /// ``open(_:)`` for the location the environment names.
    static func openFromEnvironment() -> MappedMIMEDatabase? {
        open { visit in MIMEDatabaseLocation.forEachDirectory(MIMEDatabaseLocation.processEnvironment, visit) }
    }

    /// Opens the databases among the directories `walk` visits.
    private static func open(_ walk: ((UnsafeBufferPointer<UInt8>) -> Void) -> Void) -> MappedMIMEDatabase? {
        let layers = UnsafeMutablePointer<MappedMIMELayer>.allocate(capacity: layerLimit)
        var count = 0
        var sound = true
        walk { candidate in
            // A directory with a `types` file is a database; an empty or
            // odd `types` is left to the full load.
            guard sound else { return }
            var size = 0
            var modified: Int64 = 0
            let found = withPath(candidate, "/types") { dk_file_facts($0, &size, &modified) }
            guard found == DK_MAP_MAPPED else {
                if found != DK_MAP_MISSING { sound = false }
                return
            }
            guard count < layerLimit, let layer = openLayer(candidate, typesSize: size, typesModified: Int(modified)) else {
                sound = false
                return
            }
            (layers + count).initialize(to: layer)
            count += 1
        }
        guard sound, count > 0 else {
            for index in 0..<count { release(layers[index]) }
            layers.deinitialize(count: count)
            layers.deallocate()
            return nil
        }
        return MappedMIMEDatabase(layers: layers, count: count)
    }

    /// The layer of `directory`, if its cache is current and sound.
    private static func openLayer(_ directory: UnsafeBufferPointer<UInt8>, typesSize: Int, typesModified: Int) -> MappedMIMELayer? {
        guard let cache = withPath(directory, "/mime.cache", map) else { return nil }
        guard MIMEDatabase.cacheIsCurrent(modified: cache.modified, typesModified: typesModified) else {
            unmap(cache.bytes)
            return nil
        }
        let copy = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: directory.count)
        _ = copy.initialize(from: directory)
        guard let file = try? MIMECacheFile(cache.bytes) else {
            copy.deallocate()
            unmap(cache.bytes)
            return nil
        }
        return MappedMIMELayer(directory: copy, cache: file, typesSize: typesSize, typesModified: typesModified)
    }

    /// Unmaps and frees what `layer` points to.
    private static func release(_ layer: MappedMIMELayer) {
        unmap(layer.cache.bytes)
        layer.directory.deallocate()
    }

    /// Takes `count` opened layers.
    private init(layers: UnsafeMutablePointer<MappedMIMELayer>, count: Int) {
        self.layers = layers
        layerCount = count
        var capacity = 0
        for layer in 0..<count { capacity += (layers[layer].typesSize + 3) / 4 }
        typeCapacity = capacity
        loadedTypes = ZeroedAtomics.allocate(Int.self, count: Self.cellCount)
    }

    deinit {
        for index in 0..<layerCount { Self.release(layers[index]) }
        layers.deallocate()
        for cell in 0..<Self.cellCount { PublishedObject.release(loadedTypes[cell]) }
        ZeroedAtomics.deallocate(loadedTypes)
    }

    /// Calls `body` with `directory` + `name` as a C string.
    static func withPath<Result>(_ directory: UnsafeBufferPointer<UInt8>, _ name: StaticString,
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

    // MARK: - Types

    /// The database's types, numbered, mapped on first use. Throws
    /// ``Unsound`` when a `types` file changed or is not a list of names.
    func typeList() throws(Unsound) -> MappedTypeList {
        if let loaded = PublishedObject.value(in: loadedTypes[Self.typeListCell], as: MappedTypeList.self) { return loaded }
        let made = try MappedTypeList(layers: UnsafeBufferPointer(start: layers, count: layerCount), capacity: typeCapacity)
        return PublishedObject.publish(made, in: loadedTypes[Self.typeListCell])
    }

    /// The layers' `globs2` files, read when first needed (``DeferredGlobs``).
    var deferredGlobs: DeferredGlobs {
        PublishedObject.value(in: loadedTypes[Self.globsCell]) { DeferredGlobs(files: directories.map { $0 + "/globs2" }) }
    }

    /// The cells of ``loadedTypes`` (computed: a stored static is a lazy global).
    private static var typeListCell: Int { 0 }
    private static var globsCell: Int { 1 }
    private static var cellCount: Int { 2 }

    /// Whether the `types` files were mapped (``typeList()`` succeeded).
    var hasMappedTypes: Bool { loadedTypes[Self.typeListCell].load(ordering: .acquiring) != 0 }

    /// The type list, which a type number implies was made.
    private var numbered: MappedTypeList {
        PublishedObject.value(in: loadedTypes[Self.typeListCell], as: MappedTypeList.self)!
    }

    /// The name of type `number` as spelled where first seen, without its
    /// newline.
    func typeName(_ number: Int) -> UnsafeRawBufferPointer {
        numbered.typeName(number)
    }

    /// The name of type `number` as spelled.
    func typeNameString(_ number: Int) -> String {
        String(decoding: typeName(number), as: UTF8.self)
    }

    /// Calls `body` with the name of type `number` folded (outside ASCII by
    /// Unicode's rules, as the full load folds it).
    func withFoldedTypeName<Result, Failure: Error>(_ number: Int,
                                                    _ body: (UnsafeRawBufferPointer) throws(Failure) -> Result) throws(Failure) -> Result {
        let name = typeName(number)
        if name.allSatisfy({ $0 < 0x80 }) { return try Self.folding(name, body) }
        let unicode = typeNameString(number).foldedASCII.utf8
        let folded = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: unicode.count)
        defer { folded.deallocate() }
        _ = folded.initialize(from: unicode)
        return try body(UnsafeRawBufferPointer(folded))
    }

    /// The numbers of the full load's `types`; `nil` when they disagree.
    func typeNumbers(of types: [String]) -> [Int32]? {
        (try? typeList())?.numbers(ofTypes: types)
    }

    /// The number of the type named `name` in any case, if there is one:
    /// the first layer with the name numbers it.
    func typeIndex(_ name: UnsafeRawBufferPointer) throws(Unsound) -> Int? {
        let types = try typeList()
        return try Self.folding(name) { folded throws(Unsound) -> Int? in try types.typeIndex(folded: folded) }
    }

    // MARK: - Aliases

    /// The first layer whose alias list has `folded`, and the entry.
    private func aliasEntry(_ folded: UnsafeRawBufferPointer, before end: Int? = nil) throws(Unsound) -> (layer: Int, entry: Int)? {
        for layer in 0..<(end ?? layerCount) {
            if let entry = try layers[layer].cache.find(folded, in: .aliases) { return (layer, entry) }
        }
        return nil
    }

    /// Calls `body` with each alias of `name` (in any case), layer by layer,
    /// skipping an alias an earlier layer gives another meaning.
    func forEachAlias(of name: UnsafeRawBufferPointer,
                      _ body: (UnsafeRawBufferPointer) throws(Unsound) -> Void) throws(Unsound) {
        try Self.folding(name) { folded throws(Unsound) in
            for layer in 0..<layerCount {
                try layers[layer].cache.forEachAlias(ofFolded: folded) { alias throws(Unsound) in
                    if layer > 0, try Self.folding(alias, { folded throws(Unsound) in try aliasEntry(folded, before: layer) }) != nil { return }
                    try body(alias)
                }
            }
        }
    }

    /// The canonical type `name` (in any case) is an alias of, if it is
    /// one, as the first layer that has the alias says.
    func canonical(ofAlias name: UnsafeRawBufferPointer) throws(Unsound) -> UnsafeRawBufferPointer? {
        guard let found = try Self.folding(name, { folded throws(Unsound) in try aliasEntry(folded) }) else { return nil }
        return try layers[found.layer].cache.canonical(ofAliasEntry: found.entry)
    }

    // MARK: - Parents

    /// Calls `body` with each parent the caches give the type named `name`
    /// (in any case), layer by layer, in file order, as written.
    func forEachParent(of name: UnsafeRawBufferPointer,
                       _ body: (UnsafeRawBufferPointer) throws(Unsound) -> Void) throws(Unsound) {
        try Self.folding(name) { folded throws(Unsound) in
            for layer in 0..<layerCount {
                guard let entry = try layers[layer].cache.find(folded, in: .parents) else { continue }
                try layers[layer].cache.forEachParent(ofEntry: entry, body)
            }
        }
    }

    /// Whether `alias` (in any case) has parents of its own in a cache:
    /// the full load then files them under its canonical type.
    func hasParents(_ alias: UnsafeRawBufferPointer) throws(Unsound) -> Bool {
        try Self.folding(alias) { folded throws(Unsound) -> Bool in
            for layer in 0..<layerCount where try layers[layer].cache.find(folded, in: .parents) != nil { return true }
            return false
        }
    }

    /// Whether the name of type `number` is also an alias (kept in the
    /// type's facts after the first answer).
    func nameIsAlias(ofType number: Int) throws(Unsound) -> Bool {
        let known = facts(ofType: number) & 3
        if known != 0 { return known == 2 }
        let isAlias = try canonical(ofAlias: typeName(number)) != nil
        addFacts(isAlias ? 2 : 1, ofType: number)
        return isAlias
    }

    /// ``MappedTypeList/facts(ofType:)`` of type `number`.
    @inline(__always)
    func facts(ofType number: Int) -> UInt16 {
        numbered.facts(ofType: number)
    }

    /// Sets `bits` in the facts of type `number`.
    @inline(__always)
    func addFacts(_ bits: UInt16, ofType number: Int) {
        numbered.addFacts(bits, ofType: number)
    }

    // MARK: - Extensions

    /// Calls `body` with the MIME type of each glob `*.EXT` whose EXT is
    /// `key` ignoring ASCII case, layer by layer; `false` for a key outside
    /// printable ASCII, which only the full load folds.
    func forEachExtensionGlobType(_ key: UnsafeRawBufferPointer,
                                  _ body: (UnsafeRawBufferPointer) throws(Unsound) -> Void) throws(Unsound) -> Bool {
        guard !key.isEmpty, key.count < 256, key.allSatisfy({ $0 &- 0x21 < 0x5E }) else { return false }
        for layer in 0..<layerCount { try layers[layer].cache.forEachExtensionGlobType(key, body) }
        return true
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
            FoldedKeyTable.fold(name, into: folded.baseAddress!)
            return try body(UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(folded)[0..<name.count]))
        }
    }

    // MARK: - Files

    /// The regular file mapped read-only, with its modification time, or
    /// `nil` if it cannot be (or is empty).
    static func map(_ path: UnsafePointer<CChar>) -> (bytes: UnsafeRawBufferPointer, modified: Int)? {
        var bytes: UnsafePointer<UInt8>?
        var size = 0
        var modified: Int64 = 0
        guard dk_map_file(path, &bytes, &size, &modified) == DK_MAP_MAPPED, let bytes else { return nil }
        return (UnsafeRawBufferPointer(start: bytes, count: size), Int(modified))
    }

    /// Releases what ``map(_:)`` gave.
    static func unmap(_ bytes: UnsafeRawBufferPointer) {
        dk_unmap_file(bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), bytes.count)
    }

    /// Each layer's directory and file bytes, for the full load to read the
    /// same database; `nil` when the `types` files cannot be read.
    var layerContents: [(directory: String, types: [UInt8], cache: [UInt8])]? {
        guard let types = try? typeList().contents else { return nil }
        return (0..<layerCount).map { index in
            let layer = layers[index]
            return (String(decoding: layer.directory, as: UTF8.self), types[index], Array(layer.cache.bytes))
        }
    }

    /// The directories the database was mapped from, highest priority first.
    var directories: [String] {
        (0..<layerCount).map { String(decoding: layers[$0].directory, as: UTF8.self) }
    }
}

/// One directory's mapped `mime.cache` and a `stat` of its `types`; the
/// database that made it unmaps and frees what it points to.
struct MappedMIMELayer {
    /// The directory, as the location names it.
    let directory: UnsafeMutableBufferPointer<UInt8>
    let cache: MIMECacheFile
    /// `types` as it was when the cache was found current.
    let typesSize: Int
    let typesModified: Int
}
