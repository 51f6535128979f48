#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// File-name patterns from the database's `globs2`, arranged for the
/// matching order the shared-mime-info specification recommends: a literal
/// file name first (`Makefile`), then the highest weight among suffix
/// patterns (`*.tar.gz`) and other patterns, the longest pattern breaking
/// ties, then a case-sensitive pattern, then the first in the files.
///
/// An ASCII name, nearly every name, is matched on its bytes: its literal
/// name and each end that could be a suffix pattern are looked up in
/// tables of folded keys, with no string made, and the few other patterns
/// are tried only when the name has the bytes they fix.
///
/// ```swift
/// let table = GlobTable(MIMEDatabase.readGlobs(["/usr/share/mime/globs2"]).globs)
/// table.match("backup.tar.gz")?.pattern   // "*.tar.gz"
/// table.match("Makefile")?.mimeType       // "text/x-makefile"
/// ```
struct GlobTable: Sendable {
    typealias Glob = MIMEDatabase.Glob

    /// Every glob, in the files' order; candidates are places in it.
    private let globs: [Glob]
    /// Per glob, what decides between two matching globs, as one number:
    /// the weight, then the pattern's length in characters, then whether
    /// it is case-sensitive.
    private let ranks: [Int]

    /// Literal names and `*suffix` keys, folded, for an ASCII name: each
    /// entry's globs are `candidates[entryStarts[e]..<entryStarts[e + 1]]`,
    /// the case-sensitive ones first (a name's bytes must be their key's,
    /// `keyBytes[keyStarts[g]..<keyStarts[g] + keyLengths[g]]`).
    private let literalKeys: FoldedKeyTable
    private let suffixKeys: FoldedKeyTable
    private let literalEntries: Entries
    private let suffixEntries: Entries
    private let keyBytes: [UInt8]
    private let keyStarts: [Int32]
    /// The most bytes of a suffix key: a longer end of an ASCII name can
    /// match none. Per length up to it, the folded first bytes keys of that
    /// length have (four words of bits), so most ends are not looked up.
    private let longestSuffix: Int
    private let suffixFirstBytes: [UInt64]

    /// The same keys for a name outside ASCII, whose folding (Unicode's)
    /// can change its length: every end of it is made a string and folded
    /// on its own, as the rules read.
    private let literalsExact: [String: [Int32]]
    private let literalsFolded: [String: [Int32]]
    private let suffixesExact: [String: [Int32]]
    private let suffixesFolded: [String: [Int32]]

    /// The other patterns, for fnmatch.
    private let patterns: [Pattern]

    private struct Entries: Sendable {
        var starts: [Int32] = [0]
        var candidates: [Int32] = []
    }

    init(_ globs: [Glob]) {
        self.globs = globs
        ranks = globs.map { $0.weight << 33 | $0.pattern.count << 1 | ($0.caseSensitive ? 1 : 0) }
        var literalKeys = FoldedKeyTable(), suffixKeys = FoldedKeyTable()
        var literalLists: [(exact: [Int32], folded: [Int32])] = [], suffixLists: [(exact: [Int32], folded: [Int32])] = []
        var keyBytes: [UInt8] = [], keyStarts: [Int32] = []
        var literalsExact: [String: [Int32]] = [:], literalsFolded: [String: [Int32]] = [:]
        var suffixesExact: [String: [Int32]] = [:], suffixesFolded: [String: [Int32]] = [:]
        var patterns: [Pattern] = []
        var longestSuffix = 0
        var suffixFirstBytes: [UInt64] = []
        func isWildcard(_ character: Character) -> Bool { character == "*" || character == "?" || character == "[" }
        func add(_ place: Int32, key: String, to keys: inout FoldedKeyTable, _ lists: inout [(exact: [Int32], folded: [Int32])]) {
            let folded = key.foldedASCII
            let entry = keys.insert(folded: folded)
            if entry == lists.count { lists.append(([], [])) }
            if globs[Int(place)].caseSensitive { lists[entry].exact.append(place) } else { lists[entry].folded.append(place) }
        }
        for (index, glob) in globs.enumerated() {
            let place = Int32(index)
            let pattern = glob.pattern
            var key = pattern
            keyStarts.append(Int32(keyBytes.count))
            if !pattern.contains(where: isWildcard) {
                if glob.caseSensitive {
                    literalsExact[pattern, default: []].append(place)
                } else {
                    literalsFolded[pattern.foldedASCII, default: []].append(place)
                }
                add(place, key: pattern, to: &literalKeys, &literalLists)
            } else if pattern.first == "*", !pattern.dropFirst().contains(where: isWildcard) {
                key = String(pattern.dropFirst())
                let folded = key.foldedASCII
                if glob.caseSensitive {
                    suffixesExact[key, default: []].append(place)
                } else {
                    suffixesFolded[folded, default: []].append(place)
                }
                add(place, key: key, to: &suffixKeys, &suffixLists)
                // The first-byte sets of ASCII keys (no other matches an
                // ASCII end).
                if folded.utf8.allSatisfy({ $0 < 0x80 }), let first = folded.utf8.first {
                    let length = folded.utf8.count
                    longestSuffix = max(longestSuffix, length)
                    while suffixFirstBytes.count < 4 * (length + 1) { suffixFirstBytes.append(0) }
                    suffixFirstBytes[4 * length + Int(first >> 6)] |= 1 << UInt64(first & 63)
                }
            } else {
                patterns.append(Pattern(glob, place: place))
            }
            keyBytes += key.utf8
        }
        keyStarts.append(Int32(keyBytes.count))
        func flattened(_ lists: [(exact: [Int32], folded: [Int32])]) -> Entries {
            var entries = Entries()
            for list in lists {
                entries.candidates += list.exact + list.folded
                entries.starts.append(Int32(entries.candidates.count))
            }
            return entries
        }
        self.literalKeys = literalKeys
        self.suffixKeys = suffixKeys
        literalEntries = flattened(literalLists)
        suffixEntries = flattened(suffixLists)
        self.keyBytes = keyBytes
        self.keyStarts = keyStarts
        self.longestSuffix = longestSuffix
        self.suffixFirstBytes = suffixFirstBytes
        self.literalsExact = literalsExact
        self.literalsFolded = literalsFolded
        self.suffixesExact = suffixesExact
        self.suffixesFolded = suffixesFolded
        self.patterns = patterns
    }

    /// The best glob for `fileName` (a name, not a path), if any matches.
    ///
    /// Candidates are weighed in a fixed order (literal names; then each
    /// end of the name from the longest, case-sensitive keys first; then
    /// the other patterns), the first of equals winning.
    func match(_ fileName: String) -> Glob? {
        if fileName.isEmpty { return nil }
        // An ASCII name ("\r\n" aside, one character of two bytes) is
        // matched on its bytes.
        let place = fileName.utf8.withContiguousStorageIfAvailable { bytes -> Int32?? in
            bytes.allSatisfy({ $0 < 0x80 && $0 != 0x0D }) ? .some(match(ascii: bytes)) : nil
        } ?? nil
        if let place { return place.map { globs[Int($0)] } }
        return match(anyName: fileName).map { globs[Int($0)] }
    }

    /// The best of the candidates considered so far.
    private struct Best {
        var place: Int32?
        var rank = 0

        /// Keeps `candidate` if it ranks above the best so far.
        @inline(__always)
        mutating func consider(_ candidate: Int32, _ ranks: UnsafeBufferPointer<Int>) {
            let candidateRank = ranks[Int(candidate)]
            if place == nil || candidateRank > rank {
                place = candidate
                rank = candidateRank
            }
        }
    }

    /// ``match(_:)`` for a name of ASCII bytes, other than CR: each byte a
    /// character, and folding keeps every byte in its place.
    private func match(ascii name: UnsafeBufferPointer<UInt8>) -> Int32? {
        ranks.withUnsafeBufferPointer { ranks in
            keyBytes.withUnsafeBufferPointer { keyBytes in
                var best = Best()
                func consider(_ entries: Entries, _ entry: Int, _ end: UnsafeBufferPointer<UInt8>) {
                    for position in Int(entries.starts[entry])..<Int(entries.starts[entry + 1]) {
                        let candidate = entries.candidates[position]
                        if ranks[Int(candidate)] & 1 != 0 {  // case-sensitive
                            let start = Int(keyStarts[Int(candidate)]), count = Int(keyStarts[Int(candidate) + 1]) - start
                            guard count == end.count, UnsafeBufferPointer(rebasing: keyBytes[start..<(start + count)]).elementsEqual(end)
                            else { continue }
                        }
                        best.consider(candidate, ranks)
                    }
                }
                if let entry = literalKeys.entry(foldingASCII: name) { consider(literalEntries, entry, name) }
                if best.place != nil { return best.place }
                for start in max(0, name.count - longestSuffix)..<name.count {
                    let length = name.count - start, first = FoldedKeyTable.fold(name[start])
                    guard suffixFirstBytes[4 * length + Int(first >> 6)] & (1 << UInt64(first & 63)) != 0 else { continue }
                    let end = UnsafeBufferPointer(rebasing: name[start...])
                    if let entry = suffixKeys.entry(foldingASCII: end) { consider(suffixEntries, entry, end) }
                }
                if !patterns.isEmpty { matchPatterns(ascii: name, into: &best, ranks) }
                return best.place
            }
        }
    }

    /// The other patterns against an ASCII name, through fnmatch, each only
    /// if the name has the bytes the pattern fixes.
    private func matchPatterns(ascii name: UnsafeBufferPointer<UInt8>, into best: inout Best, _ ranks: UnsafeBufferPointer<Int>) {
        // The name as C strings, as written and folded, on the stack.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 2 * (name.count + 1)) { buffer in
            let written = buffer.baseAddress!, folded = written + name.count + 1
            for index in 0..<name.count {
                written[index] = name[index]
                folded[index] = FoldedKeyTable.fold(name[index])
            }
            written[name.count] = 0
            folded[name.count] = 0
            let foldedName = UnsafeBufferPointer(start: folded, count: name.count)
            for pattern in patterns {
                let cased = pattern.caseSensitive ? name : foldedName
                guard pattern.mayMatch(cased) else { continue }
                let matched = pattern.matched.withUnsafeBufferPointer { pattern in
                    fnmatch(pattern.baseAddress!, UnsafeRawPointer(cased.baseAddress!).assumingMemoryBound(to: CChar.self), 0) == 0
                }
                if matched { best.consider(pattern.place, ranks) }
            }
        }
    }

    /// ``match(_:)`` for any other name, as the rules read: every end made
    /// a string, folded by Unicode's rules where it has to be.
    private func match(anyName fileName: String) -> Int32? {
        ranks.withUnsafeBufferPointer { ranks in
            let folded = fileName.foldedASCII
            var best = Best()
            for place in literalsExact[fileName] ?? [] { best.consider(place, ranks) }
            for place in literalsFolded[folded] ?? [] { best.consider(place, ranks) }
            if best.place != nil { return best.place }
            var index = fileName.startIndex
            while index < fileName.endIndex {
                let suffix = String(fileName[index...])
                for place in suffixesExact[suffix] ?? [] { best.consider(place, ranks) }
                for place in suffixesFolded[suffix.foldedASCII] ?? [] { best.consider(place, ranks) }
                index = fileName.index(after: index)
            }
            fileName.withCString { name in
                folded.withCString { foldedName in
                    for pattern in patterns where pattern.matched.withUnsafeBufferPointer({
                        fnmatch($0.baseAddress!, pattern.caseSensitive ? name : foldedName, 0) == 0
                    }) {
                        best.consider(pattern.place, ranks)
                    }
                }
            }
            return best.place
        }
    }

    /// A pattern other than a literal name or a `*suffix`.
    private struct Pattern: Sendable {
        let place: Int32
        let caseSensitive: Bool
        /// The pattern fnmatch is given: folded unless case-sensitive.
        let matched: [CChar]
        /// What any name it matches starts and ends with, and its longest
        /// run of plain bytes, which such a name holds somewhere (as
        /// fnmatch compares: folded unless case-sensitive).
        let head: [UInt8]
        let tail: [UInt8]
        let needle: [UInt8]

        init(_ glob: Glob, place: Int32) {
            self.place = place
            caseSensitive = glob.caseSensitive
            let pattern = glob.caseSensitive ? glob.pattern : glob.pattern.foldedASCII
            matched = Array(pattern.utf8CString)
            let bytes = Array(pattern.utf8)
            // Runs of plain bytes, split at anything fnmatch reads
            // specially; a bracket expression ends a run and what it holds
            // is no run of its own.
            var runs: [[UInt8]] = [[]]
            // Inside a bracket expression: how many of its bytes were read,
            // and whether the first was `!` or `^` (a `]` first, or right
            // after those, is one of its characters, not its end).
            var bracket: (read: Int, negated: Bool)?
            for byte in bytes {
                if let open = bracket {
                    let first = open.read == 0 || (open.read == 1 && open.negated)
                    if byte == UInt8(ascii: "]") && !first {
                        bracket = nil
                    } else {
                        bracket = (open.read + 1, open.negated || (open.read == 0 && (byte == UInt8(ascii: "!") || byte == UInt8(ascii: "^"))))
                    }
                    continue
                }
                switch byte {
                case UInt8(ascii: "*"), UInt8(ascii: "?"), UInt8(ascii: "\\"), UInt8(ascii: "]"):
                    runs.append([])
                case UInt8(ascii: "["):
                    bracket = (0, false)
                    runs.append([])
                default:
                    runs[runs.count - 1].append(byte)
                }
            }
            let special: Set<UInt8> = [UInt8(ascii: "*"), UInt8(ascii: "?"), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "\\")]
            // A backslash escapes what follows: trust no run then.
            let plain = !bytes.contains(UInt8(ascii: "\\"))
            head = plain && !special.contains(bytes.first ?? 0) ? runs.first! : []
            tail = plain && runs.count > 1 && !special.contains(bytes.last ?? 0) ? runs.last! : []
            needle = plain ? runs.max { $0.count < $1.count } ?? [] : []
        }

        /// Whether a name (as written, or folded, as this pattern wants)
        /// starts with the head, ends with the tail and holds the needle.
        func mayMatch(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
            guard name.count >= head.count + tail.count, name.starts(with: head),
                  name.reversed().starts(with: tail.reversed()) else { return false }
            guard needle.count > 1 else { return true }
            guard name.count >= needle.count else { return false }
            return (0...(name.count - needle.count)).contains { start in
                UnsafeBufferPointer(rebasing: name[start..<(start + needle.count)]).elementsEqual(needle)
            }
        }
    }
}
