import CUniformTypeTables
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// The database's types, numbered, from the directories' `types` files,
/// mapped when a query first needs a database type. A type's number is a
/// quarter of where its line starts (``MappedTypeLines``), after the
/// earlier directories' numbers; a type belongs to the first directory
/// that has it (ignoring case).
final class MappedTypeList: @unchecked Sendable {
    // @unchecked: everything is written in init and only read after; the
    // per-type facts are atomic.
    typealias Unsound = MappedMIMEDatabase.Unsound

    /// The directories' `types`, highest priority first.
    private let lines: UnsafeMutablePointer<MappedTypeLines>
    private let layerCount: Int
    /// Per layer: the first of the numbers its lines are numbered within.
    private let firstNumbers: UnsafeMutablePointer<Int>
    /// Per type, facts worked out once (atomic OR): bits 0–1 whether its
    /// name is an alias (1 no, 2 yes); from bit 2, ``MappedTypeTable``'s.
    /// Zero until set (``ZeroedAtomics``).
    private let typeFacts: UnsafeMutablePointer<Atomic<UInt16>>

    /// Maps every layer's `types`; throws ``Unsound`` if one changed since
    /// its cache was checked, or the numbers exceed `capacity`.
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
        typeFacts = ZeroedAtomics.allocate(UInt16.self, count: number)
    }

    deinit {
        for index in 0..<layerCount { lines[index].deallocate() }
        lines.deallocate()
        firstNumbers.deallocate()
        ZeroedAtomics.deallocate(typeFacts)
    }

    /// The `types` of `layer`, mapped, if unchanged.
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

    /// The number of the type named `folded`, in any case, if any.
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

    /// The numbers of `types` (the full load's list of the same files), or
    /// `nil` when the two disagree. A line is a type when a search for its
    /// name finds that line; in a sorted file only lines with capitals or
    /// out of order need searching in their own file.
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
