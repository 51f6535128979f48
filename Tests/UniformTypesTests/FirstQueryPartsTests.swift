import CUniformTypeTables
import Foundation
import Synchronization
import Testing
@testable import UniformTypes

/// The pieces a process's first query is made of, each held to what it
/// stands in for: the C line scanner to a plain split, the environment walk
/// to the string location, the growing memos and interner to their
/// contents, the inline numbers to an array.
@Suite("First-query parts")
struct FirstQueryPartsTests {
    // MARK: - Lines of the types file

    /// The starts a plain split gives.
    static func expectedStarts(_ text: String) -> [Int32] {
        var starts: [Int32] = [0]
        for (offset, byte) in text.utf8.enumerated() where byte == UInt8(ascii: "\n") { starts.append(Int32(offset + 1)) }
        return starts
    }

    /// Sorted names of every length from 3 to 60 bytes, so lines start and
    /// end at every offset of a sixteen-byte step and of a 256-byte block.
    static let manyNames: String = (0..<300).map { index in
        "t/" + String(format: "%03d", index) + String(repeating: "x", count: (index * 7) % 56)
    }.joined(separator: "\n") + "\n"

    /// A `types` file's lines as ``MappedTypeLines`` numbers them: every
    /// name (a line of three bytes or more, not a comment) numbered by
    /// where it starts and given back by that number, no two sharing one,
    /// every number inside the file's count; and each name's search either
    /// finds that number or, having met an empty line or a comment, refuses
    /// (never a wrong number). Returns the numbers, and how many searches
    /// refused.
    static func numbered(_ text: String) -> (numbers: [String: Int], refused: Int) {
        var numbers: [String: Int] = [:]
        var refused = 0
        var bytes = Array(text.utf8)
        bytes.withUnsafeMutableBytes { buffer in
            guard let lines = MappedTypeLines(types: UnsafeRawBufferPointer(buffer)) else {
                Issue.record("a newline-ended file is taken")
                return
            }
            lines.forEachLine { line, start in
                guard line.count >= MappedTypeLines.shortestName, line.first != UInt8(ascii: "#") else { return }
                let name = String(decoding: line, as: UTF8.self)
                let number = MappedTypeLines.number(ofStart: start)
                #expect(number < lines.numberCount, "\(name) numbered inside the file")
                #expect(String(decoding: lines.name(ofNumber: number), as: UTF8.self) == name, "\(name) given back by its number")
                numbers[name] = number
                var key = name
                do {
                    let found = try key.withUTF8 { bytes throws(MappedMIMEDatabase.Unsound) in
                        try lines.number(named: UnsafeRawBufferPointer(bytes))
                    }
                    #expect(found == number, "\(name) found by its name")
                } catch {
                    refused += 1
                }
            }
        }
        #expect(Set(numbers.values).count == numbers.count, "no two names share a number")
        return (numbers, refused)
    }

    @Test(arguments: [
        "text/plain\n",
        "a/b\nc/d\n",
        "application/x-one\napplication/x-two-longer-name\nimage/png\nx/y\n",
        manyNames,
    ])
    func everyNameIsNumberedByWhereItStarts(text: String) {
        let result = Self.numbered(text)
        #expect(result.numbers.count == text.split(separator: "\n").count)
        #expect(result.refused == 0)
    }

    /// Names are numbered by where their lines start, a quarter of it, so
    /// a name keeps its number when lines after it change.
    @Test func aNameKeepsItsNumberWhenLaterLinesChange() {
        let before = Self.numbered("a/b\nc/d\ne/f\n").numbers
        let after = Self.numbered("a/b\nc/d\ne/f-longer\nz/z\n").numbers
        #expect(before["a/b"] == 0 && before["c/d"] == 1 && before["e/f"] == 2)
        #expect(after["a/b"] == before["a/b"] && after["c/d"] == before["c/d"])
    }

    /// A name in any case finds its line: spelled alike by binary search,
    /// with capitals among the lines holding them. A key shorter than any
    /// name finds none, and a file that does not end its last line is not
    /// taken.
    @Test func aNameIsFoundInAnyCase() {
        var bytes = Array("audio/AMR-WB\naudio/amr\ntext/x-iMelody\n".utf8)
        bytes.withUnsafeMutableBytes { buffer in
            guard let lines = MappedTypeLines(types: UnsafeRawBufferPointer(buffer)) else {
                Issue.record("a newline-ended file is taken")
                return
            }
            func number(_ key: String) -> Int? {
                var key = key
                return try? key.withUTF8 { bytes throws(MappedMIMEDatabase.Unsound) in try lines.number(named: UnsafeRawBufferPointer(bytes)) }
            }
            #expect(number("audio/amr-wb") == 0)
            #expect(number("audio/amr") == 13 / 4)
            #expect(number("text/x-imelody") == 23 / 4)
            #expect(number("a/") == nil && number("audio/amr-w") == nil)
        }
        var unended = Array("text/plain".utf8)
        unended.withUnsafeMutableBytes { #expect(MappedTypeLines(types: UnsafeRawBufferPointer($0)) == nil) }
    }

    /// `dk_find_line` finds every line of a sorted file by its spelling, and
    /// for a name it lacks gives the start of the first line after it.
    @Test func everyLineIsFoundByItsName() throws {
        let names = Self.manyNames.split(separator: "\n").map(String.init)
        let bytes = Array(Self.manyNames.utf8)
        let starts = Self.expectedStarts(Self.manyNames)
        func find(_ key: String) -> (start: Int, place: Int) {
            var place = -1
            var key = Array(key.utf8)
            let start = bytes.withUnsafeBufferPointer { buffer in
                key.withUnsafeMutableBufferPointer { dk_find_line(buffer.baseAddress, buffer.count, $0.baseAddress, $0.count, &place) }
            }
            return (start, place)
        }
        for (line, name) in names.enumerated() {
            #expect(find(name).start == Int(starts[line]), "\(name)")
            // Just after it in byte order: a name one byte longer, or past its end.
            #expect(find(name + "!") == (-1, Int(starts[line + 1])), "after \(name)")
            // Just before it: a shorter name, when that still sorts after the line before.
            if name.hasSuffix("x") { #expect(find(String(name.dropLast())) == (-1, Int(starts[line])), "before \(name)") }
        }
        #expect(find("a/a") == (-1, 0))
        #expect(find("z/z") == (-1, bytes.count))
    }

    /// `dk_find_line_ignoring_case` finds, for a key no line spells, the
    /// first line that is the key ignoring case, as reading every line
    /// would: capitals anywhere in a name, several in one, runs of names
    /// alike up to their capitals, and names in no line, on a made-up file
    /// and on the desktop's `types`. A comment met on the way refuses.
    @Test func aNameInOtherCapitalsIsFoundAsAReadOfEveryLineWould() throws {
        func search(_ text: String, _ key: String) -> Int {
            let bytes = Array(text.utf8)
            var folded = Array(key.lowercased().utf8)
            return bytes.withUnsafeBufferPointer { buffer in
                folded.withUnsafeMutableBufferPointer { key in
                    var place = 0
                    let exact = dk_find_line(buffer.baseAddress, buffer.count, key.baseAddress, key.count, &place)
                    return exact != -1 ? exact : dk_find_line_ignoring_case(buffer.baseAddress, buffer.count, key.baseAddress, key.count, place)
                }
            }
        }
        /// Every line read: the first one spelled as the key, else the
        /// first equal to it ignoring case.
        func reading(_ text: String, _ key: String) -> Int {
            let folded = key.lowercased()
            var start = 0
            var firstIgnoringCase = -1
            for line in text.split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
                if line == folded { return start }
                if firstIgnoringCase < 0, line.lowercased() == folded { firstIgnoringCase = start }
                start += line.utf8.count + 1
            }
            return firstIgnoringCase
        }
        func check(_ text: String, keys: [String], _ label: String) {
            for key in keys { #expect(search(text, key) == reading(text, key), "\(label): \(key)") }
        }
        // Names alike up to a capital at every place, sorted as the
        // database's writer sorts them (byte order, capitals first).
        var names: Set<String> = []
        for index in 0..<40 {
            let tail = String(repeating: "ab", count: 1 + index % 5) + "-\(index % 7)"
            var name = Array("media/" + tail)
            if index % 2 == 0 { name[6 + index % (name.count - 6)] = Character(name[6 + index % (name.count - 6)].uppercased()) }
            if index % 5 == 0 { name[name.count - 2] = "Q" }
            names.insert(String(name))
            names.insert("media/" + tail)  // the same in small letters, sometimes
            if index % 3 == 0 { names.insert("media/" + tail.uppercased()) }
        }
        names.formUnion(["audio/AMR-WB", "audio/amr", "image/png", "image/PNG-x", "text/X-Abc", "text/x-abd", "text/x-Abe"])
        let made = names.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }.joined(separator: "\n") + "\n"
        var keys = Array(names) + names.map { $0.lowercased() } + names.map { $0.uppercased() }
        keys += names.map { $0.lowercased() + "x" } + names.map { String($0.lowercased().dropLast()) }
        keys += ["media/", "media/q", "audio/amr-w", "audio/amr-wb", "text/x-abe", "text/x-abf", "a/a", "zzz/zzz", "image/png-x"]
        check(made, keys: keys, "made-up file")
        #expect(search(made, "audio/amr-wb") == reading(made, "audio/AMR-WB") && reading(made, "audio/AMR-WB") >= 0)

        let directory = try #require(MIMECacheTests.desktopDirectory())
        let desktop = try String(contentsOfFile: directory + "/types", encoding: .utf8)
        let desktopNames = desktop.split(separator: "\n").map(String.init)
        var desktopKeys = desktopNames.map { $0.lowercased() }
        desktopKeys += desktopNames.map { $0.lowercased() + "-" } + ["image/*", "audio/*", "application/x-unknown-format", "chromium/x-renderer-taint"]
        check(desktop, keys: desktopKeys, "desktop types")
        #expect(desktopNames.contains { $0 != $0.lowercased() }, "the desktop's types hold names with capitals")

        // A comment where the search looks: refused, never a wrong line;
        // the number is then found by reading every line.
        let commented = "audio/AMR-WB\n# a note\naudio/amr\n" + (0..<20).map { "audio/z\($0 + 10)\n" }.joined()
        #expect(search(commented, "audio/amr-wb") == -2)
        var bytes = Array(commented.utf8)
        bytes.withUnsafeMutableBytes { buffer in
            guard let lines = MappedTypeLines(types: UnsafeRawBufferPointer(buffer)) else {
                Issue.record("a newline-ended file is taken")
                return
            }
            let number = try? Array("audio/amr-wb".utf8).withUnsafeBytes { key throws(MappedMIMEDatabase.Unsound) in try lines.number(named: key) }
            #expect(number == 0, "the line with capitals, found by reading the file")
        }
    }

    /// The desktop's own `types`, every name numbered by where it starts.
    @Test func theDesktopsTypesAreNumbered() throws {
        let directory = try #require(MIMECacheTests.desktopDirectory())
        let text = try String(contentsOfFile: directory + "/types", encoding: .utf8)
        let result = Self.numbered(text)
        #expect(result.numbers.count == text.split(separator: "\n").count && result.refused == 0)
    }

    // MARK: - Database files

    /// `dk_map_file` gives a file's bytes, small or spanning pages, with its
    /// modification time, and `dk_unmap_file` releases them; a missing
    /// file, a directory and an empty file are told apart from one that
    /// can be read.
    @Test(arguments: [1, 200, 4095, 4096, 12293])
    func aFileIsReadOrMappedWhole(size: Int) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("dk-map-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("types")
        let written = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
        try Data(written).write(to: file)
        var bytes: UnsafePointer<UInt8>?
        var count = 0
        var modified: Int64 = 0
        #expect(dk_map_file(file.path, &bytes, &count, &modified) == DK_MAP_MAPPED)
        let base = try #require(bytes)
        #expect(count == size)
        #expect(Array(UnsafeBufferPointer(start: base, count: count)) == written)
        let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
        let date = try #require(attributes[.modificationDate] as? Date)
        #expect(abs(Double(modified) / 1e9 - date.timeIntervalSince1970) < 0.001)
        dk_unmap_file(base, count)

        #expect(dk_map_file(directory.appendingPathComponent("absent").path, &bytes, &count, &modified) == DK_MAP_MISSING)
        #expect(dk_map_file(directory.path, &bytes, &count, &modified) == DK_MAP_UNUSABLE, "a directory")
        let empty = directory.appendingPathComponent("empty")
        try Data().write(to: empty)
        #expect(dk_map_file(empty.path, &bytes, &count, &modified) == DK_MAP_UNUSABLE, "an empty file")
    }

    /// The alias walk in C, against the Swift reading of the same cache:
    /// every alias of every canonical type found, in list order, whatever
    /// the case of the canonical name; and an offset outside the file is
    /// damage.
    @Test func theAliasWalkFindsEveryAliasOfAType() throws {
        #expect(Int(DK_MIME_CACHE_HEADER_SIZE) == MIMECache.headerSize)
        let directory = try #require(MIMECacheTests.desktopDirectory())
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: directory + "/mime.cache")))
        let cache = try MIMECache(bytes)
        var expected: [String: [String]] = [:]
        for (alias, canonical) in cache.aliases { expected[canonical.foldedASCII, default: []].append(alias) }
        let aliasList = MappedTypeTableTests.uint32(bytes, 4)
        let count = MappedTypeTableTests.uint32(bytes, aliasList)
        func walk(_ canonical: String, in bytes: [UInt8]) -> [Int] {
            var found: [Int] = []
            var folded = Array(canonical.utf8)
            bytes.withUnsafeBufferPointer { cacheBytes in
                folded.withUnsafeMutableBufferPointer { key in
                    var entry = 0
                    while true {
                        let next = dk_next_alias_of(cacheBytes.baseAddress, cacheBytes.count, aliasList + 4, count, entry,
                                                    key.baseAddress, key.count)
                        if next < 0 { if next == -2 { found.append(-2) }; break }
                        found.append(next)
                        entry = next + 1
                    }
                }
            }
            return found
        }
        #expect(expected.count > 100)
        for (canonical, aliases) in expected {
            // Canonical names with capitals (audio/AMR-WB) are found by their folded spelling.
            #expect(walk(canonical, in: bytes).map { cache.aliases[$0].alias } == aliases, "aliases of \(canonical)")
        }
        #expect(walk("text/x-no-such-type", in: bytes).isEmpty)
        // The first entry's canonical type moved past the end of the file.
        var damaged = bytes
        for (index, byte) in [UInt8(0x7F), 0xFF, 0xFF, 0xFF].enumerated() { damaged[aliasList + 8 + index] = byte }
        #expect(walk("text/plain", in: damaged) == [-2])
    }

    /// The search of a cache list in C: a name is found in any case (the
    /// one spelled as asked when there is one), a name in no list is not,
    /// and a name offset outside the file is damage. Checked against a
    /// plain scan on lists of made-up names, many of them the same name in
    /// other capitals, and on the desktop's own alias and parent lists.
    @Test func theListSearchFindsANameInAnyCase() throws {
        /// A cache of only a header and one list of `names` (sorted).
        func cache(_ names: [String]) -> (bytes: [UInt8], entries: Int) {
            var bytes = [UInt8](repeating: 0, count: MIMECache.headerSize + 4 + 8 * names.count)
            func put(_ value: Int, at offset: Int) {
                for index in 0..<4 { bytes[offset + index] = UInt8(truncatingIfNeeded: value >> (24 - 8 * index)) }
            }
            put(names.count, at: MIMECache.headerSize)
            for (index, name) in names.enumerated() {
                put(bytes.count, at: MIMECache.headerSize + 4 + 8 * index)
                bytes += Array(name.utf8) + [0]
            }
            return (bytes, MIMECache.headerSize + 4)
        }
        func search(_ key: String, in bytes: [UInt8], entries: Int, count: Int) -> Int {
            var folded = Array(key.utf8)
            return bytes.withUnsafeBufferPointer { cacheBytes in
                folded.withUnsafeMutableBufferPointer {
                    dk_find_cache_name(cacheBytes.baseAddress, cacheBytes.count, entries, count, $0.baseAddress, $0.count)
                }
            }
        }
        /// What the search must give for `key`: the name spelled so, else
        /// any that folds to it (the index checked by the caller), else -1.
        func check(_ key: String, among names: [String], in bytes: [UInt8], entries: Int) {
            let found = search(key, in: bytes, entries: entries, count: names.count)
            if let exact = names.firstIndex(of: key) {
                #expect(found == exact, "\(key)")
            } else if names.contains(where: { $0.foldedASCII == key }) {
                #expect(found >= 0 && names[found].foldedASCII == key, "\(key) found \(found)")
            } else {
                #expect(found == -1, "\(key)")
            }
        }
        var generator = SplitMix64(seed: 0xF17D)
        /// Short names over a few letters, so runs share prefixes and the
        /// same name often comes in several capitals; some after a long
        /// shared prefix, as `application/vnd.` is in the desktop's lists.
        func randomName(capitals: Bool) -> String {
            let prefixes = ["", "", "application/vnd.ms-", "Application/Vnd.Ms-", "application/x-", "ab/ab-ab-ab-ab-"]
            let prefix = prefixes[Int(generator.next() % UInt64(prefixes.count))]
            let length = 1 + Int(generator.next() % 6)
            return (capitals ? prefix : prefix.foldedASCII) + String((0..<length).map { _ -> Character in
                let letter = Array("ab/-c")[Int(generator.next() % 5)]
                return capitals && generator.next() % 3 == 0 ? Character(letter.uppercased()) : letter
            })
        }
        for _ in 0..<60 {
            var names = Set<String>()
            for _ in 0..<Int(generator.next() % 60) { names.insert(randomName(capitals: true)) }
            let sorted = names.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
            let (bytes, entries) = cache(sorted)
            for name in sorted { check(name.foldedASCII, among: sorted, in: bytes, entries: entries) }
            for _ in 0..<20 { check(randomName(capitals: false), among: sorted, in: bytes, entries: entries) }
        }

        let directory = try #require(MIMECacheTests.desktopDirectory())
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: directory + "/mime.cache")))
        let parsed = try MIMECache(bytes)
        for (list, names) in [(MappedTypeTableTests.uint32(bytes, 4), parsed.aliases.map(\.alias)),
                              (MappedTypeTableTests.uint32(bytes, 8), parsed.parents.map(\.child))] {
            #expect(MappedTypeTableTests.uint32(bytes, list) == names.count)
            for name in names { check(name.foldedASCII, among: names, in: bytes, entries: list + 4) }
            for name in ["text/x-no-such-type", "a", "zzz/zzz", "text/plain2", "Text/Plain"] {
                check(name.foldedASCII, among: names, in: bytes, entries: list + 4)
            }
        }
        #expect(parsed.parents.contains { $0.child != $0.child.foldedASCII }, "the desktop's parent list has names with capitals")
        // The middle entry's name moved past the end of the file: the
        // first step of the search meets it.
        let parentList = MappedTypeTableTests.uint32(bytes, 8)
        var damaged = bytes
        let middle = parentList + 4 + 8 * (parsed.parents.count / 2)
        for (index, byte) in [UInt8(0x7F), 0xFF, 0xFF, 0xFF].enumerated() { damaged[middle + index] = byte }
        #expect(search("text/plain", in: damaged, entries: parentList + 4, count: parsed.parents.count) == -2)
    }

    /// An empty line or a comment anywhere leaves every name its own
    /// number (lines of names start at least four bytes apart whatever lies
    /// between them), and a search that meets one refuses rather than
    /// trust an order that is not there: the full load answers then.
    @Test func emptyLinesAndCommentsNumberNothing() {
        // Lines of 5 to 21 bytes, so their starts fall at every offset of a
        // four-byte number.
        let lines = (0..<80).map { "t/" + String(format: "%02d", $0) + String(repeating: "x", count: ($0 * 7) % 17) }
        var refused = 0
        for position in lines.indices {
            for bad in ["", "#", "# a comment"] {
                var text = lines
                text.insert(bad, at: position)
                let result = Self.numbered(text.joined(separator: "\n") + "\n")
                #expect(result.numbers.count == lines.count, "\(bad.debugDescription) at \(position)")
                refused += result.refused
            }
        }
        #expect(refused > 0, "some searches meet the line")
        // The middle byte of the file is where every search looks first:
        // names of one length, with the empty lines between the two halves.
        let even = (0..<80).map { "t/" + String(format: "%02d", $0) + "xxxx" }
        let middle = even[..<40] + ["", "", ""] + even[40...]
        #expect(Self.numbered(middle.joined(separator: "\n") + "\n").refused == even.count)
    }

    // MARK: - The environment's directories

    @Test func theWalkGivesTheDirectoriesTheDesktopSearches() {
        let longHome = "/" + String(repeating: "long-directory-name/", count: 30)
        let cases: [(environment: [String: String], directories: [String], explicit: Bool)] = [
            ([:], ["/usr/local/share/mime", "/usr/share/mime"], false),
            (["HOME": "/home/u"], ["/home/u/.local/share/mime", "/usr/local/share/mime", "/usr/share/mime"], false),
            // Empty entries of XDG_DATA_DIRS are skipped.
            (["HOME": "/home/u", "XDG_DATA_DIRS": "/a::/b:"], ["/home/u/.local/share/mime", "/a/mime", "/b/mime"], false),
            // XDG_DATA_HOME wins over HOME; an empty XDG_DATA_DIRS means the default.
            (["HOME": "/home/u", "XDG_DATA_HOME": "/d", "XDG_DATA_DIRS": ""], ["/d/mime", "/usr/local/share/mime", "/usr/share/mime"], false),
            // An empty XDG_DATA_HOME falls back to HOME.
            (["HOME": "/home/u", "XDG_DATA_HOME": "", "XDG_DATA_DIRS": "/x"], ["/home/u/.local/share/mime", "/x/mime"], false),
            (["DRAGKIT_MIME_DIR": "/opt/mime", "HOME": "/home/u", "XDG_DATA_DIRS": "/x"], ["/opt/mime"], true),
            // An empty DRAGKIT_MIME_DIR is not set.
            (["DRAGKIT_MIME_DIR": "", "XDG_DATA_DIRS": "/x"], ["/x/mime"], false),
            // Longer than the stack buffer: made on the heap.
            (["HOME": longHome, "XDG_DATA_DIRS": longHome], [longHome + "/.local/share/mime", longHome + "/mime"], false),
        ]
        for (environment, directories, explicit) in cases {
            let location = MIMEDatabaseLocation.fromEnvironment(environment)
            #expect(location.directories == directories, "\(environment)")
            #expect(location.isExplicit == explicit, "\(environment)")
        }
    }

    @Test func theProcessWalkOpensWhatTheLocationOpens() throws {
        let byLocation = try #require(MappedMIMEDatabase.open(.fromEnvironment()))
        let byWalk = try #require(MappedMIMEDatabase.openFromEnvironment())
        #expect(byWalk.directories == byLocation.directories)
        let types = MIMEDatabase.load(.fromEnvironment()).types
        let numbers = try #require(byWalk.typeNumbers(of: types))
        #expect(numbers == byLocation.typeNumbers(of: types))
        for (index, number) in numbers.enumerated() where index % 37 == 0 {
            #expect(byWalk.typeNameString(Int(number)) == types[index])
        }
    }

    // MARK: - Memos and keys

    @Test func aMemoGrowsAndKeepsEveryAnswer() {
        let memo = MappedKeyMemo()
        let keys = (0..<600).map { "application/x-key-\($0)" }
        for (index, key) in keys.enumerated() {
            var key = key
            var numbers = TypeNumbers()
            _ = numbers.append(index)
            _ = numbers.append(index + 1)
            let entry = key.withUTF8 { bytes in
                numbers.withUnsafeBufferPointer { memo.insert(folded: UnsafeRawBufferPointer(bytes), numbers: $0) }
            }
            #expect(entry?.numberCount == 2)
        }
        for (index, key) in keys.enumerated() {
            var key = key
            let found = key.withUTF8 { bytes in
                memo.lookup(bytes, hash: FoldedWords.hash(folded: bytes)).map { entry in
                    entry._withUnsafeGuaranteedRef { Array(UnsafeBufferPointer(start: $0.numbers, count: $0.numberCount)) }
                }
            }
            #expect(found == [Int32(index), Int32(index + 1)], "\(key)")
        }
    }

    @Test func keysAnsweredNowhereAreRememberedUpToTheLimit() {
        let memo = MappedKeyMemo()
        var remembered = 0
        for index in 0..<(MappedKeyMemo.unknownKeyLimit + 50) {
            var key = "x-unknown/\(index)"
            let entry = key.withUTF8 { memo.insert(folded: UnsafeRawBufferPointer($0), numbers: UnsafeBufferPointer(start: nil, count: 0)) }
            if entry != nil { remembered += 1 }
        }
        #expect(remembered == MappedKeyMemo.unknownKeyLimit)
    }

    @Test func readersDuringGrowthFindEveryKeyOnceInserted() async {
        let memo = MappedKeyMemo()
        final class Counters: Sendable {
            let inserted = Atomic<Int>(0)
            let missed = Atomic<Int>(0)
        }
        let counters = Counters()
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                for index in 0..<2000 {
                    var key = "type/\(index)"
                    var numbers = TypeNumbers()
                    _ = numbers.append(index)
                    _ = key.withUTF8 { bytes in
                        numbers.withUnsafeBufferPointer { memo.insert(folded: UnsafeRawBufferPointer(bytes), numbers: $0) }
                    }
                    counters.inserted.store(index + 1, ordering: .releasing)
                }
            }
            for _ in 0..<3 {
                group.addTask {
                    while counters.inserted.load(ordering: .acquiring) < 2000 {
                        let upTo = counters.inserted.load(ordering: .acquiring)
                        guard upTo > 0 else { continue }
                        var key = "type/\(upTo - 1)"
                        // The insert finished before `inserted` said so, so the
                        // table this lookup loads holds the key: only keys
                        // inserted after a reader loaded a table can be missing
                        // from it.
                        let found = key.withUTF8 { bytes in memo.lookup(bytes, hash: FoldedWords.hash(folded: bytes)) != nil }
                        if !found { counters.missed.add(1, ordering: .relaxed) }
                    }
                }
            }
        }
        #expect(counters.missed.load(ordering: .relaxed) == 0, "a key published is found in the table in use")
    }

    @Test func identifierKeysStayTheSameAsTheTableGrows() {
        let identifiers = (0..<3000).map { "org.example.first-query-parts.\($0)" }
        let keys = TypeKeyTable.keys(forFolded: identifiers)
        #expect(Set(keys).count == identifiers.count)
        for (identifier, key) in zip(identifiers, keys).shuffled().prefix(300) {
            #expect(TypeKeyTable.key(forFolded: identifier) == key)
        }
    }

    // MARK: - Inline numbers

    @Test func inlineNumbersHoldWhatFitsAndSortWithoutRepeats() {
        var numbers = TypeNumbers()
        for number in [9, 3, 3, 7, 1, 9, 12, 0, 3] {
            let appended = numbers.append(number)
            #expect(appended)
        }
        numbers.sortUnique()
        #expect(numbers.array == [0, 1, 3, 7, 9, 12])
        var full = TypeNumbers()
        for number in 0..<TypeNumbers.capacity {
            let appended = full.append(number)
            #expect(appended)
        }
        let overflowed = full.append(99)
        #expect(!overflowed, "no room: the caller leaves the answer to the full table")
        #expect(full.count == TypeNumbers.capacity && full.contains(TypeNumbers.capacity - 1) && !full.contains(99))
    }

    // MARK: - Records of a first query

    /// Records the mapped table makes are named late, from the built-in
    /// table or the database type's name: they must read as records named
    /// as given do, and share their keys, or conformance between the two
    /// would break.
    @Test func recordsNamedLateReadAsTheirGivenTwins() {
        let system = SystemTypeIndex.shared
        for entry in [0, 1, system.count / 2, system.count - 1] + (0..<system.count).filter({ system.identifier(of: $0).foldedASCII != system.identifier(of: $0) }).prefix(3) {
            let identifier = system.identifier(of: entry)
            let late = TypeRecord(naming: .system(entry: entry), key: TypeKeyTable.key(foldingASCII: system.bytes(entry, .identifier)),
                                  parents: UnsafeBufferPointer(start: nil, count: 0), late: nil, number: 0, origin: .system)
            let given = TypeRecord(identifier: identifier, parents: [], tags: [:], origin: .system, description: system.description(of: entry))
            #expect(late.identifier == identifier && late.fixedDescription == given.fixedDescription)
            #expect(late.key == given.key && late.conforms(to: given), "\(identifier)")
        }
        let name = Array("text/x-dragkit-sample".utf8)
        let owned = UnsafeMutableRawBufferPointer.allocate(byteCount: name.count, alignment: 1)
        owned.copyBytes(from: name)
        let late = name.withUnsafeBytes { bytes in
            TypeRecord(naming: .freedesktop(owned), key: TypeNaming.withFreedesktopIdentifier(ofFolded: bytes) { TypeKeyTable.key(forFolded: $0) },
                       parents: UnsafeBufferPointer(start: nil, count: 0), late: nil, number: 0, origin: .freedesktop)
        }
        #expect(late.identifier == "org.freedesktop.mime.text.x-dragkit-sample")
        #expect(late.freedesktopMIMEType == "text/x-dragkit-sample")
        #expect(late.key == TypeKeyTable.key(forFolded: "org.freedesktop.mime.text.x-dragkit-sample"))
    }

    @Test func parentsAreKeptRetainedAndInOrder() {
        let item = TypeRecord(identifier: "org.example.parents.item", parents: [], tags: [:], origin: .system)
        weak var weakData: TypeRecord?
        let child: TypeRecord
        do {
            let data = TypeRecord(identifier: "org.example.parents.data", parents: [item], tags: [:], origin: .system)
            weakData = data
            child = ParentList.gathering(capacity: 2) { list in
                let appended = list.append(data) && list.append(item)
                let overflowed = list.append(data)
                #expect(appended && !overflowed, "no room past the capacity")
                #expect(list.contains(item) && list.contains { $0.conforms(to: item) } && list.count == 2)
            } then: { parents in
                TypeRecord(naming: .system(entry: 0), key: TypeKeyTable.key(forFolded: "org.example.parents.child"), parents: parents,
                           late: nil, number: 0, origin: .system)
            }
        }
        #expect(weakData != nil, "the record keeps its parents")
        #expect(child.parents.map(\.identifier) == ["org.example.parents.data", "org.example.parents.item"])
        #expect(child.conforms(to: item) && weakData.map(child.conforms(to:)) == true)
    }

    @Test func slotsAcrossChunksHoldEachObjectOnce() {
        final class Box: Sendable {}
        let slots = LazySlots<Box>(count: 100)
        weak var weakBox: Box?
        do {
            let first = Box()
            weakBox = first
            for index in [0, 31, 32, 99] { slots.store(index == 31 ? first : Box(), at: index) }
            #expect(slots.store(Box(), at: 31) === first, "the first object stored stays")
        }
        #expect(slots[31] === weakBox && weakBox != nil, "the slots keep what they hold")
        for index in 0..<100 { #expect((slots[index] != nil) == [0, 31, 32, 99].contains(index), "slot \(index)") }
    }

    @Test func aMemoReleasesItsEntriesWithIt() {
        weak var weakEntry: MappedKeyMemo.Entry?
        do {
            let memo = MappedKeyMemo()
            for index in 0..<20 {
                var key = "application/x-released-\(index)"
                let entry = key.withUTF8 { memo.insert(folded: UnsafeRawBufferPointer($0), numbers: UnsafeBufferPointer(start: nil, count: 0)) }
                if index == 0 { weakEntry = entry }
            }
            #expect(weakEntry != nil)
        }
        #expect(weakEntry == nil, "entries live as long as their memo")
    }

    /// The dynamic types' table: keys in any case, told apart by number,
    /// the first record kept winning, past every initial capacity.
    @Test func keyedRecordsFindWhatWasKeptInAnyCase() {
        let table = KeyedRecords()
        func record(_ name: String) -> TypeRecord {
            TypeRecord(identifier: "com.example.\(name)", parents: [], tags: [:], origin: .undeclared)
        }
        let first = record("first")
        #expect(table.insert(first, key: "image/x-made-up", number: 3) === first)
        #expect(table.record(key: "IMAGE/X-Made-Up", number: 3) === first)
        #expect(table.record(key: "image/x-made-up", number: 2) == nil, "another number")
        #expect(table.record(key: "image/x-made-u", number: 3) == nil)
        #expect(table.insert(record("second"), key: "Image/X-Made-Up", number: 3) === first, "the first kept wins")
        #expect(table.insert(record("accented"), key: "image/x-mädé", number: 0) == nil, "a key outside ASCII is not kept")
        var kept: [(String, Int, TypeRecord)] = []
        for index in 0..<300 {
            // Keys of every length up to past a word, some very long.
            let key = "application/x-" + String(repeating: "k", count: index % 40) + "\(index)" + (index % 97 == 0 ? String(repeating: "z", count: 300) : "")
            let made = record("r\(index)")
            #expect(table.insert(made, key: key, number: index % 5) === made)
            kept.append((key, index % 5, made))
        }
        for (key, number, made) in kept {
            #expect(table.record(key: key.uppercased(), number: number) === made, "\(key)")
            #expect(table.record(key: key, number: number + 5) == nil)
        }
        #expect(table.record(key: "image/x-made-up", number: 3) === first)
    }

    /// The case-blind compare the tag, identifier and `types` lookups
    /// confirm a hash match with: same bytes, capitals, and bytes that
    /// differ by the case bit but are no letters (`@` and `` ` ``, `[` and `{`).
    @Test func bytesAreComparedIgnoringOnlyTheCaseOfLetters() {
        func equal(_ left: String, _ right: String) -> Bool {
            var left = left, right = right
            return left.withUTF8 { l in right.withUTF8 { r in
                FoldedKeyTable.equalIgnoringCase(UnsafeRawBufferPointer(l), UnsafeRawBufferPointer(r))
            } }
        }
        #expect(equal("image/png", "image/png"))
        #expect(equal("Image/PNG", "image/png"))
        #expect(equal("", ""))
        #expect(!equal("image/png", "image/pn"))
        #expect(!equal("image/png", "image/pnh"))
        #expect(!equal("image/png", "jmage/png"))
        #expect(!equal("a@b", "a`b"))
        #expect(!equal("x[1]", "x{1}"))
        #expect(equal("APPLICATION/VND.MS-EXCEL", "application/vnd.ms-excel"))
    }
}
