import CUniformTypeTables
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// The database directories' binary `mime.cache`s, mapped into memory,
/// and their `types` files, mapped when first needed, so that a process's
/// first MIME query is answered from their bytes, the way GIO answers from
/// the same caches, instead of first turning the whole database into
/// tables.
///
/// It is only used where it can give the answers of the full load
/// (``MIMEDatabase`` and ``BaseTypeTable``): every directory with a `types`
/// file (the desktop's, and often one in the user's home) has a
/// current `mime.cache` (not older than its `types`). Opening reads
/// no more than it must, so a first query stays cheap: a `stat` of each
/// `types` and each cache's header. The `types` files, which number the
/// database's types, are mapped the first time a query needs a database
/// type (``typeList()``); a MIME type a built-in type carries needs none.
///
/// Several directories are merged as the full load merges them, earlier
/// ones winning:
/// - types are numbered in the order they are first seen (see
///   ``MappedTypeList``);
/// - an alias means what the first directory that has it says;
/// - a type's parents are those every directory gives it, in order.
///
/// Everything else is checked when a lookup reads it: every offset is
/// bounds-checked and every name NUL-terminated inside the file before it
/// is compared, and a name a lookup returns (a canonical type, a parent)
/// must be a MIME type (``MIMEDatabase/isMIMEName(_:)``). Damage met that
/// way throws ``Unsound``, and so does a `types` file that is no longer
/// the one the cache was checked against, or is not a list of names; the
/// registry then builds the full table, whose reading checks every byte
/// (``MIMECache``): it reports the damage once, with the file, and answers
/// from the text files from then on.
///
/// Names are looked up by their folded (lower-case) spelling: first as
/// spelled, by binary search, then, for the few names with capitals
/// (`audio/AMR-WB`, `text/x-iMelody`), a byte at a time (see
/// ``MIMECacheFile/find(_:in:)`` and ``MappedTypeLines``).
///
/// The mappings are read-only and private; `update-mime-database` replaces
/// the files rather than rewriting them, so the mapped bytes stay what was
/// checked. A file under 4 KB (a user's own database) is read instead,
/// which costs a first query less than a mapping and its page fault
/// (`dk_map_file`).
final class MappedMIMEDatabase: @unchecked Sendable {
    // @unchecked: the layers are written in init and only read after; the
    // type list is published once, atomically.

    /// Thrown when a lookup meets a damaged entry.
    struct Unsound: Error {}

    /// The directories' caches, highest priority first.
    private let layers: UnsafeMutablePointer<MappedMIMELayer>
    let layerCount: Int
    /// How many numbers the directories' types are numbered within (a
    /// quarter of the bytes of their `types` files, see
    /// ``MappedTypeList``): record stores are made this large before the
    /// files are read.
    let typeCapacity: Int
    /// The directories' types, numbered, made when first needed: 0 until
    /// then, then the address of the retained ``MappedTypeList``, published
    /// once. A raw atomic cell, since a stored generic (an
    /// `AtomicLazyReference`) would have the runtime set up its metadata on
    /// a process's first query, which would cost more than the query.
    ///
    /// A second cell holds the ``deferredGlobs`` reader the same way.
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

    /// ``open(_:)`` for the location the process environment names
    /// (``MIMEDatabaseLocation/fromEnvironment()``), walking its
    /// directories without making a string for each.
    static func openFromEnvironment() -> MappedMIMEDatabase? {
        open { visit in MIMEDatabaseLocation.forEachDirectory(MIMEDatabaseLocation.processEnvironment, visit) }
    }

    /// Opens the databases among the directories `walk` visits.
    private static func open(_ walk: ((UnsafeBufferPointer<UInt8>) -> Void) -> Void) -> MappedMIMEDatabase? {
        // Gathered on the stack, then kept in a block of the size found:
        // nearly always one layer, and every byte of fresh heap is a byte a
        // first query may fault in.
        withUnsafeTemporaryAllocation(of: MappedMIMELayer.self, capacity: layerLimit) { gathered in
            open(walk, gathering: gathered.baseAddress!)
        }
    }

    private static func open(_ walk: ((UnsafeBufferPointer<UInt8>) -> Void) -> Void,
                             gathering layers: UnsafeMutablePointer<MappedMIMELayer>) -> MappedMIMEDatabase? {
        var count = 0
        var sound = true
        walk { candidate in
            // A directory with a `types` file is a database (a missing file
            // costs the same failed call a mapping would). One whose
            // `types` is empty or not a file is left to the full load.
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
            return nil
        }
        let kept = UnsafeMutablePointer<MappedMIMELayer>.allocate(capacity: count)
        kept.moveInitialize(from: layers, count: count)
        return MappedMIMEDatabase(layers: kept, count: count)
    }

    /// The layer of `directory`, whose `types` is there: its cache must be
    /// current (``MIMEDatabase/cacheIsCurrent(modified:typesModified:)``)
    /// and sound at a glance.
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

    /// Calls `body` with `directory` + `name` as a C string. Short paths are
    /// made on the stack, longer ones on the heap: a deep stack buffer
    /// touches pages nothing has used yet, and each costs a process's first
    /// query a page fault.
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

    /// The database's types, numbered: the directories' `types` files,
    /// mapped and indexed the first time this is asked. Two threads may
    /// both map them; the first to publish wins. Throws ``Unsound`` when a
    /// file is no longer the one its cache was checked against, or is not
    /// a list of names (asked again, it tries again).
    func typeList() throws(Unsound) -> MappedTypeList {
        if let loaded = PublishedObject.value(in: loadedTypes[Self.typeListCell], as: MappedTypeList.self) { return loaded }
        let made = try MappedTypeList(layers: UnsafeBufferPointer(start: layers, count: layerCount), capacity: typeCapacity)
        return PublishedObject.publish(made, in: loadedTypes[Self.typeListCell])
    }

    /// The layers' `globs2` files, read when a file name or the full table
    /// first needs them (see ``DeferredGlobs``): made on first use and
    /// published like the type list, so a first query allocates nothing
    /// for it.
    var deferredGlobs: DeferredGlobs {
        PublishedObject.value(in: loadedTypes[Self.globsCell]) { DeferredGlobs(files: directories.map { $0 + "/globs2" }) }
    }

    /// The cells of ``loadedTypes`` (see ``PublishedObject``; computed: a
    /// stored static would be a lazily made global, set up on a process's
    /// first query).
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

    /// Calls `body` with the name of type `number` folded to lower case, in
    /// a temporary buffer (a name outside ASCII folds by Unicode's rules, as
    /// the full load folds it).
    func withFoldedTypeName<Result, Failure: Error>(_ number: Int,
                                                    _ body: (UnsafeRawBufferPointer) throws(Failure) -> Result) throws(Failure) -> Result {
        let name = typeName(number)
        let unicode = name.allSatisfy({ $0 < 0x80 }) ? nil : typeNameString(number).foldedASCII
        let count = unicode?.utf8.count ?? name.count
        return try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(count, 1)) { buffer throws(Failure) in
            if let unicode {
                _ = buffer.initialize(from: unicode.utf8)
            } else {
                FoldedKeyTable.fold(name, into: buffer.baseAddress!)
            }
            return try body(UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(buffer)[0..<count]))
        }
    }

    /// The numbers of `types`, the full load's list of the very same
    /// files' types, in its order; `nil` when the files cannot be mapped or
    /// the two do not agree (``MappedTypeList/numbers(ofTypes:)``).
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

    /// Calls `body` with each alias whose canonical type is `name` (in any
    /// case), as written: each layer's in list order, but for an alias an
    /// earlier layer gives another meaning.
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

    /// Whether the name of type `number` is also an alias, worked out once
    /// per type: a query meets the same names again and again (a type, then
    /// as another's parent), and each answer costs a search of the alias
    /// lists in every case.
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

    /// Calls `body` with the MIME type, as written, of each glob `*.EXT`
    /// whose EXT is `key` ignoring ASCII case, layer by layer (see
    /// ``MIMECacheFile/forEachExtensionGlobType(_:_:)``). Returns
    /// `false`, visiting nothing, for a key outside printable ASCII, which
    /// only the full load folds.
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

    /// The regular file mapped read-only (or read, when small), with its
    /// modification time, or `nil` if it cannot be (or is empty).
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

    /// Each layer's directory and the bytes of its files, highest priority
    /// first, for the full load to read the very same database; `nil` when
    /// the `types` files cannot be read (``typeList()``).
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

/// One database directory's `mime.cache`, mapped and opened, and what a
/// `stat` of its `types` found. The `types` file itself is mapped only when
/// a database type is needed (``MappedTypeList``).
///
/// A plain value of addresses and counts, so copying one costs nothing;
/// the database that made it unmaps and frees what it points to.
struct MappedMIMELayer {
    /// The directory, as the location names it.
    let directory: UnsafeMutableBufferPointer<UInt8>
    let cache: MIMECacheFile
    /// The size and modification time of `types` when the cache was found
    /// current: the file mapped later must still be that one.
    let typesSize: Int
    let typesModified: Int
}
