import CUniformTypeTables
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// The database's types, numbered, from the directories' `types` files:
/// mapped the first time a query needs a database type (its number, its
/// name), not when the database is opened. A MIME type a built-in type
/// carries, which no alias renames, needs none
/// (``MappedTypeTable/numbers(forKey:)``), so a process's first query of
/// such a type reads only the caches, as GIO's does.
///
/// A type's number is where its line starts (a quarter of it, see
/// ``MappedTypeLines/number(ofStart:)``), after the numbers of the
/// directories before its own: found by one binary search, with no count
/// of the lines before it. Several directories are merged as the full load
/// merges them, earlier ones winning: a type is the first directory's
/// that has it (compared ignoring case), spelled as there. The full table
/// numbers its types the same way when it shares this table's records
/// (``numbers(ofTypes:)``).
final class MappedTypeList: @unchecked Sendable {
    // @unchecked: everything is written in init and only read after; the
    // per-type facts are atomic.
    typealias Unsound = MappedMIMEDatabase.Unsound

    /// The directories' `types`, highest priority first.
    private let lines: UnsafeMutablePointer<MappedTypeLines>
    private let layerCount: Int
    /// Per layer: the first of the numbers its lines are numbered within.
    private let firstNumbers: UnsafeMutablePointer<Int>
    /// Per type, what is worked out once, 0 until asked, set bit by bit (an
    /// atomic OR, so two answers never undo each other): bits 0–1 whether
    /// its name is also an alias (1 no, 2 yes;
    /// ``MappedMIMEDatabase/nameIsAlias(ofType:)``); the bits from 2 are
    /// its table's (``MappedTypeTable``'s alias facts).
    private let typeFacts: TypeFacts

    /// Maps the `types` of every layer: each must still be the file the
    /// layer's cache was found current against (same size and time), end
    /// with a newline, and the numbers of all fit in `capacity`. Throws
    /// ``Unsound`` otherwise; the full load then reads the text files and
    /// reports what is wrong.
    init(layers: UnsafeBufferPointer<MappedMIMELayer>, capacity: Int) throws(Unsound) {
        let lines = UnsafeMutablePointer<MappedTypeLines>.allocate(capacity: max(layers.count, 1))
        let firstNumbers = UnsafeMutablePointer<Int>.allocate(capacity: max(layers.count, 1))
        var opened = 0
        var number = 0
        for layer in layers {
            guard let mapped = Self.map(layer), number + mapped.numberCount <= capacity else {
                for index in 0..<opened { lines[index].deallocate() }
                lines.deallocate()
                firstNumbers.deallocate()
                throw Unsound()
            }
            (lines + opened).initialize(to: mapped)
            firstNumbers[opened] = number
            number += mapped.numberCount
            opened += 1
        }
        self.lines = lines
        self.firstNumbers = firstNumbers
        layerCount = opened
        // A number for every four bytes of the files: more than there are types.
        typeFacts = TypeFacts(count: number)
    }

    deinit {
        for index in 0..<layerCount { lines[index].deallocate() }
        lines.deallocate()
        firstNumbers.deallocate()
    }

    /// The `types` of `layer`, mapped, if it is still the file the layer's
    /// cache was checked against.
    private static func map(_ layer: MappedMIMELayer) -> MappedTypeLines? {
        let directory = UnsafeBufferPointer(layer.directory)
        let file = MappedMIMEDatabase.withPath(directory, "/types") { path in MappedMIMEDatabase.map(path) }
        guard let file else { return nil }
        guard file.bytes.count == layer.typesSize, file.modified == layer.typesModified,
              let lines = MappedTypeLines(types: file.bytes) else {
            MappedMIMEDatabase.unmap(file.bytes)
            return nil
        }
        return lines
    }

    // MARK: - Numbering

    /// The name of type `number` as spelled where first seen, without its
    /// newline.
    func typeName(_ number: Int) -> UnsafeRawBufferPointer {
        var layer = layerCount - 1
        while firstNumbers[layer] > number { layer -= 1 }
        return lines[layer].name(ofNumber: number - firstNumbers[layer])
    }

    /// The number of the type named `folded` (folded) in any case, if there
    /// is one: the first layer with the name numbers it. Throws
    /// ``Unsound`` when a file is found out of order.
    func typeIndex(folded: UnsafeRawBufferPointer) throws(Unsound) -> Int? {
        try typeIndex(folded: folded, layers: layerCount)
    }

    /// ``typeIndex(folded:)`` in the first `count` layers.
    private func typeIndex(folded: UnsafeRawBufferPointer, layers count: Int) throws(Unsound) -> Int? {
        for layer in 0..<count {
            if let number = try lines[layer].number(named: folded) { return firstNumbers[layer] + number }
        }
        return nil
    }

    /// The numbers of `types`, the full load's list of the same files'
    /// types in its order (first seen first, spelled as there, empty lines
    /// and comments skipped), or `nil` when the two do not agree: the full
    /// table shares this table's records only when they do.
    ///
    /// Walks the lines in that order. A line is a type of its own when a
    /// search for its name finds that very line (not an earlier
    /// directory's, not a repeat); in a sorted file a line of lower-case
    /// bytes after a smaller line can only repeat a line with capitals, so
    /// only the lines with capitals, or out of order, are searched for in
    /// their own file, and each line of a later directory in the earlier
    /// ones.
    func numbers(ofTypes types: [String]) -> [Int32]? {
        var numbers: [Int32] = []
        numbers.reserveCapacity(types.count)
        for layer in 0..<layerCount {
            var agree = true
            var previous: UnsafeRawBufferPointer?
            lines[layer].forEachLine { line, start in
                guard agree, let first = line.first, first != UInt8(ascii: "#") else { return }
                let number = firstNumbers[layer] + MappedTypeLines.number(ofStart: start)
                let ordered = previous.map { Self.isBefore($0, line) } ?? true
                previous = line
                let searched = !ordered || line.contains(where: { $0 &- UInt8(ascii: "A") < 26 })
                let found: Int?
                do {
                    found = try MappedMIMEDatabase.folding(line) { folded throws(Unsound) -> Int? in
                        try typeIndex(folded: folded, layers: searched ? layer + 1 : layer) ?? (searched ? nil : number)
                    }
                } catch {
                    agree = false
                    return
                }
                guard found == number else {
                    // Not found at all: a line that is no name, which the
                    // full load would have reported.
                    agree = found != nil
                    return
                }
                guard numbers.count < types.count else {
                    agree = false
                    return
                }
                var name = types[numbers.count]
                agree = name.withUTF8 { UnsafeRawBufferPointer($0).elementsEqual(line) }
                numbers.append(Int32(number))
            }
            guard agree else { return nil }
        }
        return numbers.count == types.count ? numbers : nil
    }

    /// Whether `left` sorts before `right` byte by byte, as the database's
    /// writer sorts `types`.
    private static func isBefore(_ left: UnsafeRawBufferPointer, _ right: UnsafeRawBufferPointer) -> Bool {
        let common = Swift.min(left.count, right.count)
        let order = common == 0 ? 0 : memcmp(left.baseAddress!, right.baseAddress!, common)
        return order < 0 || (order == 0 && left.count < right.count)
    }

    /// ``typeFacts`` of type `number`.
    @inline(__always)
    func facts(ofType number: Int) -> UInt16 {
        typeFacts.facts(number)
    }

    /// Sets `bits` in ``typeFacts`` of type `number`.
    @inline(__always)
    func addFacts(_ bits: UInt16, ofType number: Int) {
        typeFacts.add(bits, to: number)
    }

    /// The bytes of each layer's `types`, highest priority first.
    var contents: [[UInt8]] {
        (0..<layerCount).map { Array(lines[$0].types) }
    }
}

/// Sixteen bits of facts per type number, zero until set, in blocks of 64
/// made the first time one of their numbers gets a fact: the numbers are
/// spread over the `types` file's bytes, and a first query sets facts for
/// a handful of types.
final class TypeFacts: @unchecked Sendable {
    // @unchecked: blocks are published once, atomically; facts are atomic.
    private static let blockShift = 6
    private static let blockSize = 1 << blockShift
    /// Per block, the address of its facts, or 0.
    private let blocks: UnsafeMutablePointer<Atomic<Int>>
    private let blockCount: Int

    init(count: Int) {
        blockCount = max((count + Self.blockSize - 1) >> Self.blockShift, 1)
        blocks = ZeroedAtomics.allocate(Int.self, count: blockCount)
    }

    deinit {
        for index in 0..<blockCount {
            if let block = UnsafeMutablePointer<Atomic<UInt16>>(bitPattern: blocks[index].load(ordering: .acquiring)) {
                ZeroedAtomics.deallocate(block)
            }
        }
        ZeroedAtomics.deallocate(blocks)
    }

    /// The facts of `number`: 0 until one is set.
    @inline(__always)
    func facts(_ number: Int) -> UInt16 {
        guard let block = UnsafeMutablePointer<Atomic<UInt16>>(bitPattern: blocks[number >> Self.blockShift].load(ordering: .acquiring))
        else { return 0 }
        return block[number & (Self.blockSize - 1)].load(ordering: .relaxed)
    }

    /// Sets `bits` in the facts of `number`, making its block if need be
    /// (two threads may both make it; the first to publish wins).
    func add(_ bits: UInt16, to number: Int) {
        let block = ZeroedAtomics.chunk(blocks[number >> Self.blockShift], count: Self.blockSize, of: UInt16.self)
        block[number & (Self.blockSize - 1)].bitwiseOr(bits, ordering: .relaxed)
    }
}
