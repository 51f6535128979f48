import CUniformTypeTables
import Synchronization

/// The database's types, numbered as the full load numbers them, from the
/// directories' `types` files: mapped the first time a query needs a
/// database type (its number, its name), not when the database is opened.
/// A MIME type a built-in type carries, which no alias renames, needs none
/// (``MappedTypeTable/numbers(forKey:)``), so a process's first query of
/// such a type reads only the caches, as GIO's does.
///
/// Several directories are merged as the full load merges them, earlier
/// ones winning: types are numbered in the order they are first seen, the
/// first directory's lines, then each later one's lines that no earlier
/// one has (compared ignoring case), spelled as first seen.
final class MappedTypeList: @unchecked Sendable {
    // @unchecked: everything is written in init and only read after; the
    // per-type facts are atomic.
    typealias Unsound = MappedMIMEDatabase.Unsound

    /// The number of types, over every directory.
    let typeCount: Int
    /// The directories' `types`, highest priority first.
    private let lines: UnsafeMutablePointer<MappedTypeLines>
    private let layerCount: Int
    /// Per layer: the number of its first type it does not repeat.
    private let firstNumbers: UnsafeMutablePointer<Int>
    /// Per layer: the lines of its `types` an earlier layer has
    /// (ascending), and how many.
    private let repeatedLines: UnsafeMutablePointer<(lines: UnsafeMutablePointer<Int32>?, count: Int)>
    /// Per type, what is worked out once, 0 until asked, set bit by bit (an
    /// atomic OR, so two answers never undo each other): bits 0–1 whether
    /// its name is also an alias (1 no, 2 yes;
    /// ``MappedMIMEDatabase/nameIsAlias(ofType:)``); the bits from 2 are
    /// its table's (``MappedTypeTable``'s alias facts).
    private let typeFacts: UnsafeMutablePointer<Atomic<UInt16>>

    /// Maps and indexes the `types` of every layer: each must still be the
    /// file the layer's cache was found current against (same size and
    /// time), a newline-ended list of names, and at most `capacity` types
    /// in all. Throws ``Unsound`` otherwise; the full load then reads the
    /// text files and reports what is wrong.
    init(layers: UnsafeBufferPointer<MappedMIMELayer>, capacity: Int) throws(Unsound) {
        let lines = UnsafeMutablePointer<MappedTypeLines>.allocate(capacity: max(layers.count, 1))
        var opened = 0
        func release() {
            for index in 0..<opened { lines[index].deallocate() }
            lines.deallocate()
        }
        for layer in layers {
            guard let mapped = Self.map(layer) else {
                release()
                throw Unsound()
            }
            (lines + opened).initialize(to: mapped)
            opened += 1
        }
        let repeated = Self.repeatedLines(in: UnsafeBufferPointer(start: lines, count: opened))
        firstNumbers = .allocate(capacity: max(opened, 1))
        var number = 0
        for layer in 0..<opened {
            firstNumbers[layer] = number
            number += lines[layer].lineCount - repeated[layer].count
        }
        self.lines = lines
        layerCount = opened
        repeatedLines = repeated
        typeCount = number
        typeFacts = ZeroedAtomics.allocate(UInt16.self, count: max(number, 1))
        guard number <= capacity else { throw Unsound() }
    }

    deinit {
        for index in 0..<layerCount {
            lines[index].deallocate()
            repeatedLines[index].lines?.deallocate()
        }
        lines.deallocate()
        repeatedLines.deallocate()
        firstNumbers.deallocate()
        ZeroedAtomics.deallocate(typeFacts, count: max(typeCount, 1))
    }

    /// The `types` of `layer`, mapped and indexed, if it is still the
    /// file the layer's cache was checked against.
    private static func map(_ layer: MappedMIMELayer) -> MappedTypeLines? {
        let directory = UnsafeBufferPointer(layer.directory)
        let file = MappedMIMEDatabase.withPath(directory, "/types") { path in MappedMIMEDatabase.map(path) }
        guard let file else { return nil }
        guard file.bytes.count == layer.typesSize, file.modified == layer.typesModified,
              let lines = MappedTypeLines(types: file.bytes) else {
            dk_unmap_file(file.bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), file.bytes.count)
            return nil
        }
        return lines
    }

    /// Per layer, the lines of its `types` that name a type of an earlier
    /// layer (ignoring case), ascending without repeats: none for the
    /// first.
    private static func repeatedLines(in layers: UnsafeBufferPointer<MappedTypeLines>)
        -> UnsafeMutablePointer<(lines: UnsafeMutablePointer<Int32>?, count: Int)> {
        let repeated = UnsafeMutablePointer<(lines: UnsafeMutablePointer<Int32>?, count: Int)>.allocate(capacity: max(layers.count, 1))
        repeated.initialize(to: (nil, 0))
        for layer in 1..<Swift.max(layers.count, 1) {
            (repeated + layer).initialize(to: repeatedLines(of: layers[layer], in: UnsafeBufferPointer(rebasing: layers[0..<layer])))
        }
        return repeated
    }

    /// The lines of `layer` that name a type of `earlier` (ignoring case),
    /// ascending without repeats. The earlier layers' lines are walked and
    /// each looked up in `layer`: the earlier one is nearly always a
    /// user's small database, ahead of the desktop's.
    private static func repeatedLines(of layer: MappedTypeLines, in earlier: UnsafeBufferPointer<MappedTypeLines>)
        -> (lines: UnsafeMutablePointer<Int32>?, count: Int) {
        var lines: UnsafeMutablePointer<Int32>?
        var count = 0, capacity = 0
        for previous in earlier {
            previous.forEachName { name in
                guard let found = MappedMIMEDatabase.folding(name, { folded in layer.line(named: folded) }) else { return }
                if count == capacity {
                    capacity = Swift.max(16, 2 * capacity)
                    let larger = UnsafeMutablePointer<Int32>.allocate(capacity: capacity)
                    if let lines { larger.moveInitialize(from: lines, count: count); lines.deallocate() }
                    lines = larger
                }
                lines![count] = Int32(found)
                count += 1
            }
        }
        guard let sorted = lines else { return (nil, 0) }
        // A handful of lines: insertion sort, then drop repeats.
        for index in 1..<Swift.max(count, 1) {
            var position = index
            let line = sorted[index]
            while position > 0 && sorted[position - 1] > line {
                sorted[position] = sorted[position - 1]
                position -= 1
            }
            sorted[position] = line
        }
        var unique = 0
        for index in 0..<count where unique == 0 || sorted[unique - 1] != sorted[index] {
            sorted[unique] = sorted[index]
            unique += 1
        }
        return (sorted, unique)
    }

    // MARK: - Numbering

    /// The layer and line of type `number`: the layer whose numbers hold
    /// it, and there the line that many lines in, not counting those an
    /// earlier layer has.
    @inline(__always)
    private func place(ofType number: Int) -> (layer: Int, line: Int) {
        if layerCount == 1 { return (0, number) }
        var layer = layerCount - 1
        while firstNumbers[layer] > number { layer -= 1 }
        var line = number - firstNumbers[layer]
        let repeated = repeatedLines[layer]
        for index in 0..<repeated.count {
            guard Int(repeated.lines![index]) <= line else { break }
            line += 1
        }
        return (layer, line)
    }

    /// The number of the type on line `line` of layer `layer`, a line no
    /// earlier layer has: one that an earlier layer has, yet was not found
    /// there, means a list out of order, and the full load answers.
    @inline(__always)
    private func number(ofLine line: Int, in layer: Int) throws(Unsound) -> Int {
        let repeated = repeatedLines[layer]
        var before = 0
        while before < repeated.count && Int(repeated.lines![before]) < line { before += 1 }
        if before < repeated.count && Int(repeated.lines![before]) == line { throw Unsound() }
        return firstNumbers[layer] + line - before
    }

    /// The name of type `number` as spelled where first seen, without its
    /// newline.
    func typeName(_ number: Int) -> UnsafeRawBufferPointer {
        let (layer, line) = place(ofType: number)
        return lines[layer].name(ofLine: line)
    }

    /// The number of the type named `folded` (folded) in any case, if there
    /// is one: the first layer with the name numbers it.
    func typeIndex(folded: UnsafeRawBufferPointer) throws(Unsound) -> Int? {
        for layer in 0..<layerCount {
            if let line = lines[layer].line(named: folded) { return try number(ofLine: line, in: layer) }
        }
        return nil
    }

    /// ``typeFacts`` of type `number`.
    @inline(__always)
    func facts(ofType number: Int) -> UInt16 {
        typeFacts[number].load(ordering: .relaxed)
    }

    /// Sets `bits` in ``typeFacts`` of type `number`.
    @inline(__always)
    func addFacts(_ bits: UInt16, ofType number: Int) {
        typeFacts[number].bitwiseOr(bits, ordering: .relaxed)
    }

    /// The bytes of each layer's `types`, highest priority first.
    var contents: [[UInt8]] {
        (0..<layerCount).map { Array(lines[$0].types) }
    }
}
