import CUniformTypeTables
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// One database directory's `types` file, mapped: the sorted list of its
/// types, one name a line. A type is numbered by where its line starts
/// (``number(ofStart:)``), so numbering a line needs no count of the lines
/// before it: the file is never indexed, and a process's first query reads
/// only the lines its binary search meets.
///
/// A plain value of addresses and counts, so copying one costs nothing;
/// ``deallocate()`` unmaps and frees what it points to.
struct MappedTypeLines {
    /// The file's bytes, mapped (or read, when small: `dk_map_file`).
    let types: UnsafeRawBufferPointer
    /// Where the lines holding capitals start, found the first time a name
    /// is missed by its folded spelling (``capitalLineStarts()``): 0 until
    /// then, then the address of a block holding their count and their
    /// starts, published once.
    private let capitalLines: UnsafeMutablePointer<Atomic<Int>>

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
        capitalLines = ZeroedAtomics.allocate(Int.self, count: 1)
    }

    /// Unmaps the file and frees the capital lines.
    func deallocate() {
        dk_unmap_file(types.baseAddress?.assumingMemoryBound(to: UInt8.self), types.count)
        if let block = UnsafeMutablePointer<Int32>(bitPattern: capitalLines[0].load(ordering: .acquiring)) { block.deallocate() }
        ZeroedAtomics.deallocate(capitalLines, count: 1)
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
    /// one with capitals (`audio/AMR-WB`) is one of the few lines holding
    /// them, listed the first time one is needed. A key shorter than any
    /// name names no line. Throws ``MappedMIMEDatabase/Unsound`` when the
    /// search meets an empty line or a comment: the file is not the sorted
    /// list it relies on, and the full load answers.
    func number(named folded: UnsafeRawBufferPointer) throws(MappedMIMEDatabase.Unsound) -> Int? {
        guard folded.count >= Self.shortestName else { return nil }
        return (try exactStart(folded) ?? foldedStart(folded)).map(Self.number(ofStart:))
    }

    /// Where the line spelled `folded` exactly starts.
    private func exactStart(_ folded: UnsafeRawBufferPointer) throws(MappedMIMEDatabase.Unsound) -> Int? {
        guard let key = folded.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return nil }
        var place = 0
        let start = dk_find_line(base, types.count, key, folded.count, &place)
        if start == -2 { throw MappedMIMEDatabase.Unsound() }
        return start >= 0 ? start : nil
    }

    /// Where the first line that is `folded` ignoring case starts, when no
    /// line is spelled so: one of the lines holding capitals.
    private func foldedStart(_ folded: UnsafeRawBufferPointer) -> Int? {
        let starts = capitalLineStarts()
        for index in 0..<Int(starts[0]) {
            let start = Int(starts[1 + index])
            // A comment is no name, whatever it holds.
            if base[start] != UInt8(ascii: "#"), FoldedKeyTable.equalIgnoringCase(line(at: start), folded) { return start }
        }
        return nil
    }

    /// The block of ``capitalLines``: its count, then the starts, in file
    /// order. Found by one scan (`dk_capital_lines`) the first time; two
    /// threads may both scan, and the first to publish wins.
    private func capitalLineStarts() -> UnsafePointer<Int32> {
        if let published = UnsafePointer<Int32>(bitPattern: capitalLines[0].load(ordering: .acquiring)) { return published }
        var capacity = 32
        while true {
            let block = UnsafeMutablePointer<Int32>.allocate(capacity: capacity + 1)
            let count = dk_capital_lines(base, types.count, block + 1, capacity)
            guard count <= capacity else {
                block.deallocate()
                capacity = count
                continue
            }
            block[0] = Int32(count)
            let (stored, winner) = capitalLines[0].compareExchange(expected: 0, desired: Int(bitPattern: block),
                                                                   ordering: .acquiringAndReleasing)
            if stored { return UnsafePointer(block) }
            block.deallocate()
            return UnsafePointer(bitPattern: winner)!
        }
    }
}
