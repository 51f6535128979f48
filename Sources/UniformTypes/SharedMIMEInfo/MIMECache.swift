/// The aliases and subclass-of relations of a shared-mime-info database, as
/// read from the binary `mime.cache` that `update-mime-database` writes
/// beside the text files (the file GIO maps). Reading it spares parsing the
/// `aliases` and `subclasses` text files on every start.
///
/// The file is big-endian: a header of two 16-bit version numbers (1.1 or
/// 1.2) and nine 32-bit list offsets, of which the first two are used here:
///
/// ```
/// AliasList:  N, then N x (ALIAS_OFFSET, MIME_TYPE_OFFSET)     sorted by alias
/// ParentList: N, then N x (MIME_TYPE_OFFSET, PARENTS_OFFSET)   sorted by type
/// Parents:    N, then N x MIME_TYPE_OFFSET
/// ```
///
/// where every string is NUL-terminated. Nothing in the file is trusted:
/// every offset and count is checked against the file's size before it is
/// followed, every string must end inside the file and be a MIME type, and
/// the lists must be sorted as the writer sorts them. A file that fails any
/// check is ``Damage``; the caller then reads the text files instead.
struct MIMECache: Sendable {
    /// Alias to canonical type, as spelled in the file, in file order.
    var aliases: [(alias: String, canonical: String)] = []
    /// Child type to its parents, as spelled in the file, in file order.
    var parents: [(child: String, parents: [String])] = []

    /// Why a cache file cannot be used.
    struct Damage: Error, CustomStringConvertible {
        let description: String
    }

    static let headerSize = 40

    /// Reads the aliases and parents from the bytes of a `mime.cache` file.
    init(_ bytes: [UInt8]) throws(Damage) {
        let reader = Reader(bytes: bytes)
        guard bytes.count >= Self.headerSize else {
            throw Damage(description: "it is \(bytes.count) bytes long, shorter than the \(Self.headerSize)-byte header")
        }
        let major = reader.uint16(at: 0)
        let minor = reader.uint16(at: 2)
        guard major == 1, minor == 1 || minor == 2 else {
            throw Damage(description: "it has format version \(major).\(minor), not 1.1 or 1.2")
        }
        let names = ["alias list", "parent list", "literal list", "suffix tree", "glob list",
                     "magic list", "namespace list", "icon list", "generic icon list"]
        var listOffsets: [Int] = []
        for (index, name) in names.enumerated() {
            let offset = reader.uint32(at: 4 + 4 * index)
            guard offset >= Self.headerSize, offset <= bytes.count - 4 else {
                throw Damage(description: "the \(name) offset \(offset) is outside the file (\(bytes.count) bytes)")
            }
            listOffsets.append(offset)
        }

        let aliasList = listOffsets[0]
        let aliasCount = try reader.count(at: aliasList, entrySize: 8, "alias list")
        aliases.reserveCapacity(aliasCount)
        for index in 0..<aliasCount {
            let entry = aliasList + 4 + 8 * index
            let alias = try reader.mimeType(at: reader.uint32(at: entry), "alias \(index)")
            let canonical = try reader.mimeType(at: reader.uint32(at: entry + 4), "canonical type of alias \(index)")
            if let previous = aliases.last, !previous.alias.utf8.lexicographicallyPrecedes(alias.utf8) {
                throw Damage(description: "the alias list is not sorted at entry \(index) (\(alias))")
            }
            aliases.append((alias, canonical))
        }

        let parentList = listOffsets[1]
        let parentCount = try reader.count(at: parentList, entrySize: 8, "parent list")
        parents.reserveCapacity(parentCount)
        for index in 0..<parentCount {
            let entry = parentList + 4 + 8 * index
            let child = try reader.mimeType(at: reader.uint32(at: entry), "type of parent entry \(index)")
            if let previous = parents.last, !previous.child.utf8.lexicographicallyPrecedes(child.utf8) {
                throw Damage(description: "the parent list is not sorted at entry \(index) (\(child))")
            }
            let list = reader.uint32(at: entry + 4)
            guard list <= bytes.count - 4 else {
                throw Damage(description: "the parents of \(child) are at offset \(list), outside the file")
            }
            let count = try reader.count(at: list, entrySize: 4, "parents of \(child)")
            var found: [String] = []
            found.reserveCapacity(count)
            for parent in 0..<count {
                found.append(try reader.mimeType(at: reader.uint32(at: list + 4 + 4 * parent), "parent \(parent) of \(child)"))
            }
            parents.append((child, found))
        }
    }

    /// Bounds-checked big-endian reads. Callers check an offset plus the
    /// width they read against the size before calling `uint16`/`uint32`.
    private struct Reader {
        let bytes: [UInt8]

        func uint16(at offset: Int) -> Int {
            Int(bytes[offset]) << 8 | Int(bytes[offset + 1])
        }

        func uint32(at offset: Int) -> Int {
            Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
        }

        /// The entry count at `offset`, checked so that all entries fit.
        func count(at offset: Int, entrySize: Int, _ what: String) throws(Damage) -> Int {
            let count = uint32(at: offset)
            guard count <= (bytes.count - offset - 4) / entrySize else {
                throw Damage(description: "the \(what) claims \(count) entries, more than fit in the file")
            }
            return count
        }

        /// The NUL-terminated MIME type at `offset`.
        func mimeType(at offset: Int, _ what: String) throws(Damage) -> String {
            guard offset >= MIMECache.headerSize, offset < bytes.count else {
                throw Damage(description: "the \(what) is at offset \(offset), outside the file")
            }
            guard let end = bytes[offset...].firstIndex(of: 0) else {
                throw Damage(description: "the \(what) at offset \(offset) runs past the end of the file")
            }
            let name = String(decoding: bytes[offset..<end], as: UTF8.self)
            guard MIMEDatabase.isMIMEName(Substring(name)) else {
                throw Damage(description: "the \(what) at offset \(offset) is not a MIME type")
            }
            return name
        }
    }
}
