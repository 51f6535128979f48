import CUniformTypeTables
#if canImport(Glibc)
import Glibc
#endif

/// One directory's `types` file, mapped: sorted names, one a line. A type
/// is numbered by where its line starts, so the file is never indexed.
struct MappedTypeLines {
    /// The file's bytes, mapped (`dk_map_file`).
    let types: UnsafeRawBufferPointer

    /// The shortest name (`a/b`): with its newline, four bytes.
    static let shortestName = 3

    /// Takes the mapped `types`: `nil` unless it ends with a newline. Lines
    /// are checked when searched (``number(named:)``).
    init?(types: UnsafeRawBufferPointer) {
        guard types.count > 0, types.count < Int(Int32.max), let base = types.baseAddress?.assumingMemoryBound(to: UInt8.self),
              base[types.count - 1] == UInt8(ascii: "\n") else { return nil }
        self.types = types
    }

    /// Unmaps the file.
    func deallocate() {
        MappedMIMEDatabase.unmap(types)
    }

    private var base: UnsafePointer<UInt8> { types.baseAddress!.assumingMemoryBound(to: UInt8.self) }

    /// How many numbers this file's lines are numbered within.
    var numberCount: Int { (types.count + 3) / 4 }

    /// The number of the line that starts at `start`: a quarter of it.
    @inline(__always)
    static func number(ofStart start: Int) -> Int { start >> 2 }

    /// The name numbered `number`, without its newline.
    func name(ofNumber number: Int) -> UnsafeRawBufferPointer {
        var start = number << 2
        let end = Swift.min(start + 4, types.count)
        while start < end {
            if start == 0 || base[start - 1] == UInt8(ascii: "\n") {
                let name = line(at: start)
                if name.count >= Self.shortestName { return name }
            }
            start += 1
        }
        preconditionFailure("no type is numbered \(number) in a types file of \(types.count) bytes")
    }

    /// The line that starts at `start`, without its newline.
    private func line(at start: Int) -> UnsafeRawBufferPointer {
        // The file ends with a newline (checked when mapped).
        let end = memchr(base + start, Int32(UInt8(ascii: "\n")), types.count - start)!
        return UnsafeRawBufferPointer(start: base + start, count: (base + start).distance(to: end.assumingMemoryBound(to: UInt8.self)))
    }

    /// Calls `body` with each line in order and where it starts.
    func forEachLine<Failure: Error>(_ body: (_ line: UnsafeRawBufferPointer, _ start: Int) throws(Failure) -> Void) throws(Failure) {
        var start = 0
        while start < types.count {
            let line = line(at: start)
            try body(line, start)
            start += line.count + 1
        }
    }

    /// The number of the line whose name is `folded` ignoring case: a binary
    /// search, then for names with capitals `dk_find_line_ignoring_case`.
    /// Throws ``MappedMIMEDatabase/Unsound`` when the search meets an empty
    /// line or a comment.
    func number(named folded: UnsafeRawBufferPointer) throws(MappedMIMEDatabase.Unsound) -> Int? {
        guard folded.count >= Self.shortestName, let key = folded.baseAddress?.assumingMemoryBound(to: UInt8.self) else {
            return nil
        }
        var place = 0
        let start: Int?
        switch dk_find_line(base, types.count, key, folded.count, &place) {
        case -2: throw MappedMIMEDatabase.Unsound()
        case -1:
            switch dk_find_line_ignoring_case(base, types.count, key, folded.count, place) {
            case -2: start = firstLine(ignoringCase: folded)
            case -1: start = nil
            case let found: start = found
            }
        case let found: start = found
        }
        return start.map(Self.number(ofStart:))
    }

    /// Where the first line that is `folded` ignoring case starts, by a walk.
    private func firstLine(ignoringCase folded: UnsafeRawBufferPointer) -> Int? {
        var found: Int?
        forEachLine { line, start in
            if found == nil, line.first != UInt8(ascii: "#"), FoldedKeyTable.equalIgnoringCase(line, folded) { found = start }
        }
        return found
    }
}
