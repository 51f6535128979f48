import CUniformTypeTables
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// One database directory's `types` file, mapped and indexed: the sorted
/// list of its types, one name a line, whose line numbers number the
/// database's types (see ``MappedTypeList``).
///
/// A plain value of addresses and counts, so copying one costs nothing;
/// ``deallocate()`` unmaps and frees what it points to.
struct MappedTypeLines {
    /// The file's bytes, mapped (or read, when small: `dk_map_file`).
    let types: UnsafeRawBufferPointer
    /// Per block of 256 bytes of `types`, how many lines end before it
    /// (`dk_line_index`): a line's start is found from it with a scan of
    /// one block, and no table of every line is made.
    private let blockLines: UnsafeMutablePointer<UInt32>
    /// Where the lines holding capitals start, found the first time a name
    /// is missed by its folded spelling (``capitalLineStarts()``): 0 until
    /// then, then the address of a block holding their count and their
    /// starts, published once.
    private let capitalLines: UnsafeMutablePointer<Atomic<Int>>
    /// The number of lines.
    let lineCount: Int

    /// Indexes the mapped `types`: `nil` unless it is a newline-ended file
    /// of names, no line empty or a comment. The caller still owns the
    /// bytes then.
    init?(types: UnsafeRawBufferPointer) {
        guard types.count < Int(Int32.max), let base = types.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return nil }
        let blocks = UnsafeMutablePointer<UInt32>.allocate(capacity: dk_line_index_blocks(types.count))
        let lines = dk_line_index(base, types.count, blocks)
        guard lines > 0 else {
            blocks.deallocate()
            return nil
        }
        self.types = types
        blockLines = blocks
        lineCount = lines
        capitalLines = ZeroedAtomics.allocate(Int.self, count: 1)
    }

    /// Unmaps the file and frees the block index and the capital lines.
    func deallocate() {
        dk_unmap_file(types.baseAddress?.assumingMemoryBound(to: UInt8.self), types.count)
        blockLines.deallocate()
        if let block = UnsafeMutablePointer<Int32>(bitPattern: capitalLines[0].load(ordering: .acquiring)) { block.deallocate() }
        ZeroedAtomics.deallocate(capitalLines, count: 1)
    }

    private var base: UnsafePointer<UInt8> { types.baseAddress!.assumingMemoryBound(to: UInt8.self) }

    /// The name on line `line`, as spelled, without its newline.
    func name(ofLine line: Int) -> UnsafeRawBufferPointer {
        let start = dk_line_start(base, types.count, blockLines, line)
        precondition(start >= 0 && start < types.count, "line \(line) of \(lineCount)")
        return self.line(at: start)
    }

    /// The line that starts at `start`, without its newline.
    private func line(at start: Int) -> UnsafeRawBufferPointer {
        // Every line ends with a newline (`dk_line_index` checked).
        let end = memchr(base + start, Int32(UInt8(ascii: "\n")), types.count - start)!
        return UnsafeRawBufferPointer(start: base + start, count: (base + start).distance(to: end.assumingMemoryBound(to: UInt8.self)))
    }

    /// Calls `body` with the name of each line in order, as spelled: a
    /// walk, not a search per line.
    func forEachName<Failure: Error>(_ body: (UnsafeRawBufferPointer) throws(Failure) -> Void) throws(Failure) {
        var start = 0
        while start < types.count {
            let name = line(at: start)
            try body(name)
            start += name.count + 1
        }
    }

    /// The line whose name is `folded` ignoring case. A name spelled as
    /// `folded` is found by one binary search over the bytes; one with
    /// capitals (`audio/AMR-WB`) is one of the few lines holding them,
    /// listed the first time one is needed.
    func line(named folded: UnsafeRawBufferPointer) -> Int? {
        exactLine(folded) ?? foldedLine(folded)
    }

    /// The line spelled `folded` exactly.
    private func exactLine(_ folded: UnsafeRawBufferPointer) -> Int? {
        guard let key = folded.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return nil }
        var place = 0
        let start = dk_find_line(base, types.count, key, folded.count, &place)
        return start >= 0 ? dk_line_number(base, types.count, blockLines, start) : nil
    }

    /// The first line that is `folded` ignoring case, when no line is
    /// spelled so: one of the lines holding capitals.
    private func foldedLine(_ folded: UnsafeRawBufferPointer) -> Int? {
        let starts = capitalLineStarts()
        for index in 0..<Int(starts[0]) {
            let start = Int(starts[1 + index])
            if FoldedKeyTable.equalIgnoringCase(line(at: start), folded) {
                return dk_line_number(base, types.count, blockLines, start)
            }
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
