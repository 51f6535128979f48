#if canImport(Glibc)
import Glibc
#endif

/// Where the freedesktop shared-mime-info database is read from.
///
/// `DRAGKIT_MIME_DIR` names one database directory (it must hold the
/// generated `types`, `subclasses`, `aliases` and `globs2` files; a
/// `mime.cache` beside them is used when it is current). Without
/// it, the XDG base directories are searched the way the desktop does:
/// `$XDG_DATA_HOME/mime` (default `~/.local/share/mime`) first, then
/// `mime` under each of `$XDG_DATA_DIRS` (default
/// `/usr/local/share:/usr/share`); every one that has a `types` file is
/// read, earlier ones winning.
struct MIMEDatabaseLocation: Sendable, Hashable {
    /// Candidate database directories, highest priority first.
    let directories: [String]
    /// Whether the directories were named explicitly, so a missing one is a
    /// problem to report rather than a directory to skip.
    let isExplicit: Bool

    static let environmentVariable = "DRAGKIT_MIME_DIR"

    /// The location the process environment names.
    static func fromEnvironment() -> Self {
        collecting(processEnvironment)
    }

    /// The location `environment` names, as ``fromEnvironment()`` reads
    /// the process's.
    static func fromEnvironment(_ environment: [String: String]) -> Self {
        // Copies that last for the walk, as getenv's values do.
        var copies: [UnsafeMutableBufferPointer<UInt8>] = []
        defer { copies.forEach { $0.deallocate() } }
        return collecting { name in
            guard let value = environment[name.description] else { return nil }
            let copy = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: value.utf8.count)
            _ = copy.initialize(from: value.utf8)
            copies.append(copy)
            return UnsafeBufferPointer(copy)
        }
    }

    private static func collecting(_ variable: VariableReader) -> Self {
        var directories: [String] = []
        let isExplicit = forEachDirectory(variable) { directories.append(String(decoding: $0, as: UTF8.self)) }
        return Self(directories: directories, isExplicit: isExplicit)
    }

    /// Reads an environment variable: its bytes, lasting for the walk
    /// (``forEachDirectory(_:_:)``), or `nil` when it is not set.
    typealias VariableReader = (_ name: StaticString) -> UnsafeBufferPointer<UInt8>?

    /// The process's environment, read with `getenv`.
    static func processEnvironment(_ name: StaticString) -> UnsafeBufferPointer<UInt8>? {
        guard let value = getenv(UnsafeRawPointer(name.utf8Start).assumingMemoryBound(to: CChar.self)) else { return nil }
        return UnsafeBufferPointer(start: UnsafeRawPointer(value).assumingMemoryBound(to: UInt8.self), count: strlen(value))
    }

    /// Calls `visit` with each directory the environment names, highest
    /// priority first, as bytes that last for the call, and returns whether
    /// they were named explicitly: the one place the rules live.
    @discardableResult
    @inline(__always)
    static func forEachDirectory(_ variable: VariableReader, _ visit: (UnsafeBufferPointer<UInt8>) -> Void) -> Bool {
        if let explicit = variable("DRAGKIT_MIME_DIR"), !explicit.isEmpty {
            visit(explicit)
            return true
        }
        @inline(__always)
        func emit(_ base: UnsafeBufferPointer<UInt8>, _ suffix: StaticString) {
            MappedMIMEDatabase.withPath(base, suffix) { path in
                visit(UnsafeBufferPointer(start: UnsafeRawPointer(path).assumingMemoryBound(to: UInt8.self),
                                          count: base.count + suffix.utf8CodeUnitCount))
            }
        }
        if let home = variable("XDG_DATA_HOME"), !home.isEmpty {
            emit(home, "/mime")
        } else if let home = variable("HOME"), !home.isEmpty {
            emit(home, "/.local/share/mime")
        }
        if let dataDirs = variable("XDG_DATA_DIRS"), !dataDirs.isEmpty {
            var start = 0
            for index in 0...dataDirs.count where index == dataDirs.count || dataDirs[index] == UInt8(ascii: ":") {
                if index > start { emit(UnsafeBufferPointer(rebasing: dataDirs[start..<index]), "/mime") }
                start = index + 1
            }
        } else {
            emit(Self.bytes("/usr/local/share"), "/mime")
            emit(Self.bytes("/usr/share"), "/mime")
        }
        return false
    }

    private static func bytes(_ text: StaticString) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount)
    }

    /// One explicit directory, as tests and benchmarks use.
    static func directory(_ path: String) -> Self {
        Self(directories: [path], isExplicit: true)
    }

    /// No database at all: the built-in table only.
    static let none = Self(directories: [], isExplicit: true)
}
