import Foundation
import Testing
@testable import DragKitGTK

/// A small seeded generator (SplitMix64), so a fuzz run that finds a
/// problem finds it again with the same seed.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }
}

/// The channel's words as a hostile peer could send them: each refusal
/// names what was wrong, and nothing out of range gets through.
@Suite("The channel's protocol against a lying peer")
struct ChannelProtocolTests {
    /// The reason `body` was refused with, nil when it was not.
    private func violation(_ body: () throws -> Void) -> String? {
        do {
            try body()
            return nil
        } catch let error as ChannelProtocol.Violation {
            return error.reason
        } catch {
            Issue.record("not a protocol violation: \(error)")
            return nil
        }
    }

    @Test("Numbers from the wire are digits within range: negative, signed, overlong or huge counts are refused by name")
    func numbers() throws {
        #expect(try ChannelProtocol.reply("progress 5 10") == .progress(written: 5, total: 10))
        #expect(try ChannelProtocol.reply("file 0") == .file(length: 0))
        #expect(try ChannelProtocol.reply("wait") == .wait)
        #expect(violation { _ = try ChannelProtocol.reply("progress -1 1") }?.contains("is not a byte count") == true)
        #expect(violation { _ = try ChannelProtocol.reply("progress +1 1") } != nil)
        #expect(violation { _ = try ChannelProtocol.reply("progress 1 \(Int64.max)") }?.contains("over the channel's limit") == true)
        #expect(violation { _ = try ChannelProtocol.reply("data 99999999999999999999") } != nil)
        #expect(violation { _ = try ChannelProtocol.reply("progress 200 100") }?.contains("200 of 100") == true)
        #expect(violation { _ = try ChannelProtocol.reply("file 1 2") } != nil)
        #expect(violation { _ = try ChannelProtocol.reply("hello") }?.contains("not part of the protocol") == true)
        #expect(try ChannelProtocol.reply("error bad\u{7}bell") == .error("badbell"))
    }

    @Test("Progress only moves forward against one total, and the bytes announced are that total")
    func sequences() throws {
        var replies = ChannelProtocol.ReplySequence()
        try replies.accept(.progress(written: 100, total: 200))
        #expect(violation { try replies.accept(.progress(written: 0, total: 0)) }?.contains("total changed") == true)
        #expect(violation { try replies.accept(.progress(written: 50, total: 200)) }?.contains("went back from 100 to 50") == true)
        #expect(violation { try replies.accept(.file(length: 1 << 30)) }?.contains("announced 200 bytes, then sent 1073741824") == true)
        try replies.accept(.progress(written: 200, total: 200))
        try replies.accept(.file(length: 200))
    }

    @Test("A request names a token, an item index within the manifest limit and a type without spaces or newlines")
    func requests() throws {
        let request = try ChannelProtocol.request("get abc-123 2 public.png")
        #expect(request == .init(token: "abc-123", item: 2, type: "public.png"))
        #expect(request.line == "get abc-123 2 public.png")
        #expect(violation { _ = try ChannelProtocol.request("get abc \(Int.max) public.png") }?.contains("not an item index") == true)
        #expect(violation { _ = try ChannelProtocol.request("get abc -1 public.png") } != nil)
        #expect(violation { _ = try ChannelProtocol.request("get abc 0 public.png extra") } != nil)
        #expect(violation { _ = try ChannelProtocol.request("get a/b 0 public.png") }?.contains("token") == true)
        #expect(!ChannelProtocol.isTypeIdentifier("public.png\nget x 0 public.data"))
        #expect(!ChannelProtocol.isTypeIdentifier(String(repeating: "a", count: 256)))
    }

    @Test("A line longer than the limit, or endless bytes without a newline, are refused without buffering them")
    func lineLimit() throws {
        var fds: [Int32] = [-1, -1]
        #expect(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &fds) == 0)
        let reader = ChannelConnection(fd: fds[0])
        defer { reader.close(); close(fds[1]) }
        let line = Array((String(repeating: "x", count: 100) + "\n").utf8)
        #expect(write(fds[1], line, line.count) == line.count)
        _ = reader.receive(timeoutMilliseconds: 1000)
        #expect(try reader.takeLine()?.count == 100)
        let endless = [UInt8](repeating: 0x41, count: ChannelProtocol.maximumLineLength + 10)
        #expect(write(fds[1], endless, endless.count) == endless.count)
        while reader.pending.count <= ChannelProtocol.maximumLineLength {
            guard case .bytes = reader.receive(timeoutMilliseconds: 1000) else { break }
        }
        #expect(violation { _ = try reader.takeLine() }?.contains("without a line break") == true)
    }

    // MARK: - Manifests

    private static func manifest(items: [TransferManifest.Item] = [.init(name: "A", types: [.init(type: "public.png", mime: "image/png")])])
        -> TransferManifest
    {
        TransferManifest(version: 1, process: 42, boot: "b", channel: "dragkit-42-x", token: "0f6a-token", items: items)
    }

    @Test("Manifests over their limits are refused, each naming the limit")
    func manifestLimits() throws {
        let many = Self.manifest(items: Array(repeating: .init(name: nil, types: []), count: TransferManifest.Limits.maximumItems + 1))
        #expect(violation { _ = try TransferManifest.decode(many.encoded()) }?.contains("10001 items") == true)
        let huge = Data(repeating: 0x20, count: TransferManifest.Limits.maximumSize + 1)
        #expect(violation { _ = try TransferManifest.decode(huge) }?.contains("over the limit") == true)
        let newline = Self.manifest(items: [.init(name: nil, types: [.init(type: "public.png\nget t 0 x", mime: "image/png")])])
        #expect(violation { _ = try TransferManifest.decode(newline.encoded()) }?.contains("not a type identifier") == true)
        let longType = Self.manifest(items: [.init(name: nil, types: [.init(type: String(repeating: "t", count: 300), mime: "a/b")])])
        #expect(violation { _ = try TransferManifest.decode(longType.encoded()) } != nil)
        let empty = Self.manifest(items: [])
        #expect(violation { _ = try TransferManifest.decode(empty.encoded()) }?.contains("0 items") == true)
        #expect(violation { _ = try TransferManifest.decode(Data(#"{"version":1}"#.utf8)) }?.contains("missing") == true)
        // The issue's case: a million items is refused quickly, by size.
        let million = Data(("{\"version\":1,\"items\":[" + Array(repeating: "{\"types\":[]}", count: 1_000_000).joined(separator: ",") + "]}").utf8)
        let clock = ContinuousClock()
        let start = clock.now
        #expect(violation { _ = try TransferManifest.decode(million) }?.contains("over the limit") == true)
        #expect(start.duration(to: clock.now) < .milliseconds(100))
    }

    @Test("A manifest at the item limit (10,000 items, under 1 MiB) is accepted and decodes in well under a second")
    func manifestAtTheLimit() throws {
        let items = (0..<TransferManifest.Limits.maximumItems).map { _ in
            TransferManifest.Item(name: nil, types: [.init(type: "public.vcard", mime: "text/vcard")])
        }
        let data = Self.manifest(items: items).encoded()
        #expect(data.count <= TransferManifest.Limits.maximumSize)
        let clock = ContinuousClock()
        let start = clock.now
        let decoded = try TransferManifest.decode(data)
        let took = start.duration(to: clock.now)
        #expect(decoded?.items.count == TransferManifest.Limits.maximumItems)
        #expect(took < .seconds(1), "\(took)")
        print("Manifest of \(items.count) items (\(data.count) bytes) decoded in \(took)")
    }

    // MARK: - Fuzzing

    /// Numbers a liar would try.
    private static let awkwardNumbers = ["0", "1", "-1", "+1", "01", "", " ", "1e9", "0x10", "\(Int64.max)", "\(Int64.min)",
                                         "9223372036854775808", "\(ChannelProtocol.maximumLength)", "\(ChannelProtocol.maximumLength + 1)",
                                         "4294967296", "１２", "1.5", "NaN", "\(Int.max)"]

    private static func number(_ random: inout SeededGenerator) -> String {
        Bool.random(using: &random) ? awkwardNumbers.randomElement(using: &random)! : String(Int64.random(in: -5...Int64.max, using: &random))
    }

    private static func noise(_ random: inout SeededGenerator, count: Int) -> String {
        let bytes = (0..<count).map { _ in UInt8.random(in: 0...255, using: &random) }
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test("Fuzz: 10,000 reply lines and sequences never crash, and what is accepted is in range")
    func fuzzReplies() {
        var random = SeededGenerator(seed: 0xD5A6_0038)
        let words = ["wait", "progress", "file", "data", "error", "get", ""]
        var accepted = 0
        for _ in 0..<10_000 {
            var replies = ChannelProtocol.ReplySequence()
            for _ in 0..<Int.random(in: 1...6, using: &random) {
                var parts = [words.randomElement(using: &random)!]
                for _ in 0..<Int.random(in: 0...3, using: &random) {
                    parts.append(Int.random(in: 0..<4, using: &random) == 0 ? Self.noise(&random, count: Int.random(in: 0...8, using: &random))
                                                                            : Self.number(&random))
                }
                let line = parts.joined(separator: Bool.random(using: &random) ? " " : "  ")
                guard let reply = try? ChannelProtocol.reply(line) else { continue }
                switch reply {
                case .progress(let written, let total):
                    #expect(0 <= written && written <= total && total <= ChannelProtocol.maximumLength, "\(line)")
                case .file(let length), .data(let length):
                    #expect((0...ChannelProtocol.maximumLength).contains(length), "\(line)")
                case .error(let message):
                    #expect(!message.unicodeScalars.contains { $0.value < 0x20 }, "\(line)")
                case .wait:
                    break
                }
                let before = (replies.written, replies.total)
                if (try? replies.accept(reply)) != nil {
                    accepted += 1
                    #expect(replies.written >= before.0)
                    if let total = before.1 { #expect(replies.total == total) }
                }
            }
        }
        // The generator reaches the accepting paths too, not only refusals.
        #expect(accepted > 1000)
    }

    @Test("Fuzz: 10,000 request lines never crash, and what is accepted can be used as is")
    func fuzzRequests() {
        var random = SeededGenerator(seed: 0x0038_0001)
        var accepted = 0
        for _ in 0..<10_000 {
            let token = Bool.random(using: &random) ? "c0ffee-\(UInt32.random(in: 0...UInt32.max, using: &random))" : Self.noise(&random, count: 6)
            let type = Bool.random(using: &random) ? "public.png" : Self.noise(&random, count: Int.random(in: 0...12, using: &random))
            let item = Bool.random(using: &random) ? String(Int.random(in: 0...20_000, using: &random)) : Self.number(&random)
            var words = ["get", token, item, type]
            switch Int.random(in: 0..<5, using: &random) {
            case 0: words.shuffle(using: &random)
            case 1: words.remove(at: Int.random(in: 0..<words.count, using: &random))
            case 2: words.insert(Self.noise(&random, count: 3), at: Int.random(in: 0...words.count, using: &random))
            default: break
            }
            let text = words.joined(separator: " ")
            guard let request = try? ChannelProtocol.request(text) else { continue }
            accepted += 1
            #expect((0...ChannelProtocol.maximumItemIndex).contains(request.item))
            #expect(ChannelProtocol.isToken(request.token) && ChannelProtocol.isTypeIdentifier(request.type))
            #expect(!request.line.contains("\n"))
            // Adding one (as messages do) cannot overflow.
            #expect(request.item.addingReportingOverflow(1).overflow == false)
        }
        #expect(accepted > 100)
    }

    @Test("Fuzz: 10,000 mutated manifests never crash; one that is accepted keeps every limit")
    func fuzzManifests() {
        var random = SeededGenerator(seed: 0x0038_0002)
        let items = (0..<3).map { index in
            TransferManifest.Item(name: "Item \(index)", types: [.init(type: "public.png", mime: "image/png"),
                                                                 .init(type: "public.utf8-plain-text", mime: "text/plain")])
        }
        let valid = Array(Self.manifest(items: items).encoded())
        let fragments = ["{", "}", "[", "]", ",", ":", "\"", "null", "-1", "1e400", "\(Int64.max)", "\"\\n\"", "\"\\u0000\"",
                         String(repeating: "[", count: 600), "{\"types\":[]}", "\"version\":1", "\"items\":[]"]
        var accepted = 0
        for _ in 0..<10_000 {
            var bytes = valid
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                let at = Int.random(in: 0...bytes.count, using: &random)
                switch Int.random(in: 0..<4, using: &random) {
                case 0 where at < bytes.count:
                    bytes[at] = UInt8.random(in: 0...255, using: &random)
                case 1 where at < bytes.count:
                    bytes.removeSubrange(at..<min(bytes.count, at + Int.random(in: 1...8, using: &random)))
                case 2:
                    bytes.insert(contentsOf: Array(fragments.randomElement(using: &random)!.utf8), at: at)
                default:
                    bytes.insert(contentsOf: Array(Self.number(&random).utf8), at: at)
                }
            }
            guard let manifest = try? TransferManifest.decode(Data(bytes)) else { continue }
            accepted += 1
            #expect((1...TransferManifest.Limits.maximumItems).contains(manifest.items.count))
            #expect(ChannelProtocol.isToken(manifest.token))
            for item in manifest.items {
                #expect(item.types.count <= TransferManifest.Limits.maximumTypesPerItem)
                #expect(item.types.allSatisfy { ChannelProtocol.isTypeIdentifier($0.type) && !$0.mime.contains("\n") })
            }
        }
        #expect(accepted > 100)
    }
}
