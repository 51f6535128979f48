#if canImport(Glibc)
import Glibc
#endif

/// The parts of a shared-mime-info database that become types: MIME types,
/// subclass relations, aliases and globs, from the files
/// `update-mime-database` writes (`types`, `subclasses`, `aliases`,
/// `globs2`), the relations from a current, sound `mime.cache` when there
/// is one (``MIMECache``). Bad lines are skipped and reported with file and
/// line; what could be read is used.
struct MIMEDatabase: Sendable {
    struct Subclass: Sendable {
        let child: String
        let parent: String
        let file: String
        /// The line in `file`; `nil` when the relation came from `mime.cache`.
        let line: Int?
    }

    struct Glob: Sendable, Hashable {
        let weight: Int
        /// Canonical MIME type, folded.
        let mimeType: String
        let pattern: String
        let caseSensitive: Bool
    }

    /// The directories that were read, highest priority first.
    var roots: [String] = []
    /// Canonical MIME types as spelled in the database, first seen first.
    var types: [String] = []
    var subclasses: [Subclass] = []
    /// Folded alias to folded canonical type.
    var aliases: [String: String] = [:]
    var globs: [Glob] = []
    /// The `globs2` files not read yet (see ``load(_:)``); empty when
    /// ``globs`` holds every glob.
    var deferredGlobFiles: [String] = []
    /// The reader of ``deferredGlobFiles`` shared with a mapped database,
    /// so the files are read and reported once; `nil` when read here.
    var sharedGlobs: DeferredGlobs?
    var diagnostics: [UTTypeDiagnostic] = []

    /// The folded names of `types`, entry `i` for `types[i]`.
    private(set) var typeNames = FoldedKeyTable(capacity: 1024)

    static let empty = MIMEDatabase()

    // MARK: - Loading

    /// Reads the database; with current caches everywhere, `globs2` is left
    /// for ``readGlobs(_:)`` until a query needs it.
    static func load(_ location: MIMEDatabaseLocation) -> MIMEDatabase {
        deferringGlobs(location) ?? loadAll(location)
    }

    private static func deferringGlobs(_ location: MIMEDatabaseLocation) -> MIMEDatabase? {
        var database = MIMEDatabase()
        for directory in location.directories {
            guard let contents = try? Self.contents(of: directory + "/types") else {
                if location.isExplicit { return nil }
                continue
            }
            database.roots.append(directory)
            database.readTypes(contents, file: directory + "/types")
            guard database.readCache(directory), database.diagnostics.isEmpty else { return nil }
            database.deferredGlobFiles.append(directory + "/globs2")
        }
        return database.roots.isEmpty ? nil : database
    }

    /// The database a ``MappedMIMEDatabase`` answers from, read from the
    /// bytes it checked; `globs2` is left for ``readGlobs(_:)``.
    static func load(mapped: MappedMIMEDatabase) -> MIMEDatabase {
        // `types` changed or damaged since the caches were checked: the
        // directories are read afresh, and the full load reports it.
        guard let layers = mapped.layerContents else {
            return load(MIMEDatabaseLocation(directories: mapped.directories, isExplicit: false))
        }
        var database = MIMEDatabase()
        for (directory, types, cache) in layers {
            database.roots.append(directory)
            database.readTypes(types, file: directory + "/types")
            // The mapped checks include the cache reader's; kept for safety.
            if !database.readCache(cache, path: directory + "/mime.cache") { database.readRelationFiles(directory) }
            database.deferredGlobFiles.append(directory + "/globs2")
        }
        if mapped.deferredGlobs.files == database.deferredGlobFiles { database.sharedGlobs = mapped.deferredGlobs }
        return database
    }

    /// The globs of `files`, in order, and the problems met reading them.
    static func readGlobs(_ files: [String]) -> (globs: [Glob], problems: [UTTypeDiagnostic]) {
        var database = MIMEDatabase()
        for file in files {
            // A file of plain lines is read on its bytes; any other line by
            // line, naming each problem.
            if let bytes = try? contents(of: file), let globs = PlainGlobLines(bytes)?.globs {
                database.globs += globs
                continue
            }
            database.readFile(file) { $0.readGlob($1, number: $2, file: $3) }
        }
        return (database.globs, database.diagnostics)
    }

    private static func loadAll(_ location: MIMEDatabaseLocation) -> MIMEDatabase {
        var database = MIMEDatabase()
        for directory in location.directories {
            let typesPath = directory + "/types"
            let contents: [UInt8]
            do {
                contents = try Self.contents(of: typesPath)
            } catch {
                if location.isExplicit { database.problem(typesPath, nil, "cannot read the shared MIME database (\(error.reason))") }
                continue
            }
            database.roots.append(directory)
            database.readTypes(contents, file: typesPath)
            if !database.readCache(directory) { database.readRelationFiles(directory) }
            database.readFile(directory + "/globs2") { $0.readGlob($1, number: $2, file: $3) }
        }
        if database.roots.isEmpty && !location.isExplicit {
            database.problem(nil, nil, "no shared MIME database found in \(location.directories.joined(separator: ", ")) "
                                 + "(Debian: apt-get install shared-mime-info)")
        }
        return database
    }

    /// Reads the aliases and subclass relations of `directory` from its
    /// text files, where its `mime.cache` cannot give them.
    private mutating func readRelationFiles(_ directory: String) {
        readFile(directory + "/aliases") { $0.readAlias($1, number: $2, file: $3) }
        readFile(directory + "/subclasses") { $0.readSubclass($1, number: $2, file: $3) }
    }

    /// Whether a directory's `mime.cache` modified at `modified` stands for
    /// its text files: it is not older than its `types`, which
    /// `update-mime-database` writes after `aliases` and `subclasses`.
    static func cacheIsCurrent(modified: Int, typesModified: Int) -> Bool {
        modified >= typesModified
    }

    /// Takes the aliases and subclass relations from a current
    /// `directory/mime.cache`; `false` (a damaged one is reported) means
    /// the text files are read instead.
    private mutating func readCache(_ directory: String) -> Bool {
        let path = directory + "/mime.cache"
        guard let cacheTime = Self.modificationTime(path),
              let typesTime = Self.modificationTime(directory + "/types"),
              Self.cacheIsCurrent(modified: cacheTime, typesModified: typesTime),
              let data = try? Self.contents(of: path)
        else { return false }
        return readCache(data, path: path)
    }

    /// Takes the aliases and subclass relations from the bytes of the cache
    /// at `path`; a damaged cache is reported and `false` returned.
    private mutating func readCache(_ data: [UInt8], path: String) -> Bool {
        let cache: MIMECache
        do {
            cache = try MIMECache(data)
        } catch {
            problem(path, nil, "the binary cache is damaged (\(error.description)); the aliases and subclasses files are read instead")
            return false
        }
        for (alias, canonical) in cache.aliases {
            let folded = alias.foldedASCII
            if aliases[folded] == nil { aliases[folded] = canonical.foldedASCII }
        }
        for (child, parents) in cache.parents {
            for parent in parents {
                subclasses.append(Subclass(child: child.foldedASCII, parent: parent.foldedASCII, file: path, line: nil))
            }
        }
        return true
    }

    /// The file's modification time in nanoseconds, or `nil` if it cannot be read.
    private static func modificationTime(_ path: String) -> Int? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return info.st_mtim.tv_sec * 1_000_000_000 + info.st_mtim.tv_nsec
    }

    /// Why a file could not be read, in words.
    struct ReadError: Error {
        let reason: String
    }

    /// The bytes of the file at `path`, or its first `limit` bytes, read
    /// with plain system calls.
    static func contents(of path: String, upTo limit: Int = .max) throws(ReadError) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw ReadError(reason: errorReason(errno)) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw ReadError(reason: errorReason(errno)) }
        guard info.st_mode & S_IFMT != S_IFDIR else { throw ReadError(reason: errorReason(EISDIR)) }
        // A regular file has ended when a read gives less than asked for: no
        // further read (and no room made for one). A pipe is read to its end.
        let regular = info.st_mode & S_IFMT == S_IFREG
        var bytes: [UInt8] = []
        var capacity = min(max(Int(info.st_size), 0) + 1, limit)
        while capacity > 0 {
            let start = bytes.count
            bytes.append(contentsOf: repeatElement(0, count: capacity))
            let count = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + start, capacity) }
            if count < 0 && errno == EINTR {
                bytes.removeLast(capacity)
                continue
            }
            guard count >= 0 else { throw ReadError(reason: errorReason(errno)) }
            bytes.removeLast(capacity - count)
            if count == 0 || (regular && count < capacity) { break }
            capacity = min(65_536, limit - bytes.count)
        }
        return bytes
    }

    private static func errorReason(_ code: Int32) -> String {
        code == ENOENT ? "no such file" : String(cString: strerror(code))
    }

    private mutating func problem(_ file: String?, _ line: Int?, _ message: String) {
        diagnostics.append(UTTypeDiagnostic(file: file, line: line, message: message))
    }

    /// Calls `body` with each non-empty, non-comment line (1-based numbers).
    /// A line that is not UTF-8 is reported and skipped.
    private mutating func readFile(
        _ path: String, _ body: (inout MIMEDatabase, Substring, Int, String) -> Void
    ) {
        guard let data = try? Self.contents(of: path) else {
            problem(path, nil, "missing from the shared MIME database; its entries are unknown")
            return
        }
        eachLine(data, file: path) { database, line, number in body(&database, line, number, path) }
    }

    private mutating func eachLine(_ data: [UInt8], file: String, _ body: (inout MIMEDatabase, Substring, Int) -> Void) {
        // One string for the whole file, lines as slices of it: a string per
        // line would be thousands of allocations on every cold start.
        if let text = String(validating: data, as: UTF8.self) {
            var number = 0
            for bytes in text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
                number += 1
                guard let first = bytes.first, first != UInt8(ascii: "#") else { continue }
                body(&self, Substring(bytes), number)
            }
            return
        }
        // Damaged file: check line by line so each bad line can be named.
        var number = 0
        for bytes in data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            number += 1
            guard let first = bytes.first, first != UInt8(ascii: "#") else { continue }
            guard let line = String(validating: bytes, as: UTF8.self) else {
                problem(file, number, "not UTF-8 text; line skipped")
                continue
            }
            body(&self, Substring(line), number)
        }
    }

    /// The two halves of `line` around the first `separator`.
    private static func split(_ line: Substring, at separator: UInt8) -> (Substring, Substring)? {
        guard let index = line.utf8.firstIndex(of: separator) else { return nil }
        return (line[..<index], line[line.utf8.index(after: index)...])
    }

    // MARK: - Line formats

    private mutating func readTypes(_ data: [UInt8], file: String) {
        eachLine(data, file: file) { database, line, number in
            guard Self.isMIMEName(line) else {
                database.problem(file, number, "expected a MIME type such as text/plain, found \"\(line)\"; line skipped")
                return
            }
            let type = String(line)
            if database.typeNames.insert(folded: type.foldedASCII) == database.types.count {
                database.types.append(type)
            }
        }
    }

    private mutating func readAlias(_ line: Substring, number: Int, file: String) {
        guard let (alias, canonical) = Self.typePair(line) else {
            problem(file, number, "expected \"ALIAS CANONICAL\" (two MIME types), found \"\(line)\"; line skipped")
            return
        }
        if aliases[alias] == nil { aliases[alias] = canonical }
    }

    private mutating func readSubclass(_ line: Substring, number: Int, file: String) {
        guard let (child, parent) = Self.typePair(line) else {
            problem(file, number, "expected \"CHILD PARENT\" (two MIME types), found \"\(line)\"; line skipped")
            return
        }
        subclasses.append(Subclass(child: child, parent: parent, file: file, line: number))
    }

    /// The two MIME types of an `aliases` or `subclasses` line, folded.
    private static func typePair(_ line: Substring) -> (String, String)? {
        guard let (first, second) = split(line, at: UInt8(ascii: " ")), isMIMEName(first), isMIMEName(second) else { return nil }
        return (String(first).foldedASCII, String(second).foldedASCII)
    }

    private mutating func readGlob(_ line: Substring, number: Int, file: String) {
        guard let (weightText, rest) = Self.split(line, at: UInt8(ascii: ":")),
              let weight = Int(weightText), (0...100).contains(weight),
              let (mime, tail) = Self.split(rest, at: UInt8(ascii: ":")),
              Self.isMIMEName(mime), !tail.isEmpty
        else {
            problem(file, number, "expected \"WEIGHT:MIME-TYPE:PATTERN[:FLAGS]\" with a weight from 0 to 100, found \"\(line)\"; line skipped")
            return
        }
        let (pattern, flags) = Self.split(tail, at: UInt8(ascii: ":")) ?? (tail, "")
        guard !pattern.isEmpty else {
            problem(file, number, "the pattern is empty; line skipped")
            return
        }
        // update-mime-database writes this marker in user databases to hide
        // the system globs of a type; there is no file name to match.
        if pattern == "__NOGLOBS__" { return }
        // Flags are comma-separated; later fields may follow after a colon.
        let caseSensitive = flags.prefix { $0 != ":" }.split(separator: ",").contains("cs")
        globs.append(Glob(weight: weight, mimeType: String(mime).foldedASCII, pattern: String(pattern),
                          caseSensitive: caseSensitive))
    }

    /// `type/subtype`, printable ASCII without spaces, one slash
    /// (``MappedMIMEDatabase/isMIMEName(_:)``).
    static func isMIMEName(_ text: Substring) -> Bool {
        var text = text
        return text.withUTF8 { MappedMIMEDatabase.isMIMEName(UnsafeRawBufferPointer($0)) }
    }

    // MARK: - Queries

    /// The canonical (folded) name of `mimeType`, resolving an alias.
    func canonical(_ folded: String) -> String {
        aliases[folded] ?? folded
    }
}
