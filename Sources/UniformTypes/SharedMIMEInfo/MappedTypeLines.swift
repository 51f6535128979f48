import CUniformTypeTables
#if canImport(Glibc)
import Glibc
#endif

/// One database directory's `types` file, mapped: the sorted list of its
/// types, one name a line. A type is numbered by where its line starts
/// (``number(ofStart:)``), so numbering a line needs no count of the lines
/// before it: the file is never indexed, and a process's first query reads
/// only the lines its binary search meets.
///
/// A plain value of an address and a count, so copying one costs nothing;
/// ``deallocate()`` unmaps the file.
struct MappedTypeLines {
    /// The file's bytes, mapped (or read, when small: `dk_map_file`).
    let types: UnsafeRawBufferPointer

    /// The shortest name a line may number: `a/b`. Its line, newline
    /// included, is at least four bytes, which is what makes a quarter of
    /// a line's start a number no other such line has.
    static let shortestName = 3

    /// Takes the mapped `types`: `nil` unless it is a newline-ended file.
    /// Its lines are not checked here (that would read the whole file): an
    /// empty line or a comment numbers nothing and moves no name's number,
    /// a search that meets one leaves the answer to the full load
    /// (``number(named:)``), and the full load, which skips them, holds the
    /// numbers to the names it reads (``MappedTypeList/numbers(ofTypes:)``).
    /// The caller still owns the bytes when this fails.
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

    /// The number of the line that starts at `start`: a quarter of it. Two
    /// lines of names (at least ``shortestName`` bytes and a newline each)
    /// start at least four bytes apart, so no two get the same number.
    @inline(__always)
    static func number(ofStart start: Int) -> Int { start >> 2 }

    /// The name numbered `number`, as spelled, without its newline: the
    /// line of at least ``shortestName`` bytes starting in the four bytes
    /// the number stands for.
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

    /// Calls `body` with each line in order, as spelled, and where it
    /// starts: a walk, not a search per line.
    func forEachLine<Failure: Error>(_ body: (_ line: UnsafeRawBufferPointer, _ start: Int) throws(Failure) -> Void) throws(Failure) {
        var start = 0
        while start < types.count {
            let line = line(at: start)
            try body(line, start)
            start += line.count + 1
        }
    }

    /// The number of the line whose name is `folded` ignoring case. A name
    /// spelled as `folded` is found by one binary search over the bytes;
    /// one with capitals (`audio/AMR-WB`) by narrowing the lines before
    /// that search's place a byte at a time (`dk_find_line_ignoring_case`),
    /// which for a name no line has ends within a few bytes. A key shorter
    /// than any name names no line. Throws ``MappedMIMEDatabase/Unsound``
    /// when the first search meets an empty line or a comment: the file is
    /// not the sorted list it relies on, and the full load answers. Met by
    /// the second, every line is read instead (``firstLine(ignoringCase:)``),
    /// as a damaged file is read by the full load.
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

    /// Where the first line that is `folded` ignoring case starts, found
    /// by reading every line; comments are no names, whatever they hold.
    private func firstLine(ignoringCase folded: UnsafeRawBufferPointer) -> Int? {
        var found: Int?
        forEachLine { line, start in
            if found == nil, line.first != UInt8(ascii: "#"), FoldedKeyTable.equalIgnoringCase(line, folded) { found = start }
        }
        return found
    }
}
