import Foundation

/// The words of the direct channel (see ``ChannelServer``), parsed and
/// range-checked before anything acts on them: a peer is another process,
/// and every number or name it sends may be a lie.
enum ChannelProtocol {
    /// The longest line either end reads; a longer one (or endless bytes
    /// without a newline) ends the connection instead of being buffered.
    static let maximumLineLength = 4096
    /// The largest representation the channel carries (1 TiB): larger
    /// lengths are refused before any arithmetic or allocation uses them.
    static let maximumLength: Int64 = 1 << 40
    /// The longest type identifier a request or manifest may name.
    static let maximumTypeLength = 255
    /// The highest item index a request may name (a manifest's item limit).
    static let maximumItemIndex = TransferManifest.Limits.maximumItems - 1

    /// Why a line broke the protocol.
    struct Violation: Error, Equatable, Sendable, CustomStringConvertible {
        let reason: String
        var description: String { reason }

        /// Descriptors beyond the one a connection may carry, or ones the
        /// kernel dropped because this process could hold no more (the
        /// file that came could then be the wrong one).
        static let extraDescriptors = Violation(reason: "it passed more than one file descriptor, or one this process could not take")
    }

    // MARK: - Replies (source to destination)

    /// One line a source answers a request with.
    enum Reply: Equatable, Sendable {
        /// The source's handler is still running.
        case wait
        /// `written` of `total` bytes are in the memory file.
        case progress(written: Int64, total: Int64)
        /// A memory file of `length` bytes came with this line.
        case file(length: Int64)
        /// Exactly `length` bytes follow.
        case data(length: Int64)
        /// The source could not produce the representation.
        case error(String)
    }

    /// The reply in `line`, with every number checked: not negative, not
    /// over ``maximumLength``, digits only.
    static func reply(_ line: String) throws(Violation) -> Reply {
        let words = line.split(separator: " ", omittingEmptySubsequences: false)
        switch words.first {
        case "wait" where words.count == 1:
            return .wait
        case "progress" where words.count == 3:
            let written = try length(words[1], named: "progress count")
            let total = try length(words[2], named: "progress total")
            guard written <= total else {
                throw Violation(reason: "its progress line claims \(written) of \(total) bytes written")
            }
            return .progress(written: written, total: total)
        case "file" where words.count == 2:
            return .file(length: try length(words[1], named: "file length"))
        case "data" where words.count == 2:
            return .data(length: try length(words[1], named: "data length"))
        case "error" where words.count > 1:
            var message = ""
            message.unicodeScalars.append(contentsOf: line.dropFirst(6).unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F })
            return .error(message)
        default:
            throw Violation(reason: "it sent the line \(quoted(line)), which is not part of the protocol")
        }
    }

    /// A byte count from the wire: ASCII digits only, at most ``maximumLength``.
    static func length(_ word: Substring, named name: String) throws(Violation) -> Int64 {
        guard !word.isEmpty, word.utf8.count <= 19, word.utf8.allSatisfy({ (0x30...0x39).contains($0) }),
              let value = Int64(word) else {
            throw Violation(reason: "its \(name) \(quoted(String(word))) is not a byte count")
        }
        guard value <= maximumLength else {
            throw Violation(reason: "its \(name) \(value) is over the channel's limit of \(maximumLength) bytes")
        }
        return value
    }

    /// The replies of one fetch so far: progress only moves forward against
    /// one total, and the final length is that total.
    struct ReplySequence: Sendable {
        private(set) var written: Int64 = 0
        private(set) var total: Int64?

        /// Checks `reply` against what came before it.
        mutating func accept(_ reply: Reply) throws(Violation) {
            switch reply {
            case .progress(let newWritten, let newTotal):
                if let total, total != newTotal {
                    throw Violation(reason: "its progress total changed from \(total) to \(newTotal) bytes")
                }
                guard newWritten >= written else {
                    throw Violation(reason: "its progress went back from \(written) to \(newWritten) bytes")
                }
                written = newWritten
                total = newTotal
            case .file(let length), .data(let length):
                if let total, total != length {
                    throw Violation(reason: "it announced \(total) bytes, then sent \(length)")
                }
            case .wait, .error:
                break
            }
        }
    }

    // MARK: - Requests (destination to source)

    /// One request for item `item`'s representation of `type`.
    struct Request: Equatable, Sendable {
        let token: String
        let item: Int
        let type: String

        /// The line that asks for it.
        var line: String { "get \(token) \(item) \(type)" }
    }

    /// The request in `line`: `get TOKEN ITEM TYPE`, with a token of
    /// letters, digits and dashes, an item index within the manifest limit
    /// and a type identifier that is a valid name.
    static func request(_ line: String) throws(Violation) -> Request {
        let words = line.split(separator: " ", omittingEmptySubsequences: false)
        guard words.count == 4, words[0] == "get" else {
            throw Violation(reason: "the request \(quoted(line)) is not one this DragKit understands")
        }
        let token = String(words[1])
        guard isToken(token) else { throw Violation(reason: "the request's token is malformed") }
        let item = words[2]
        guard !item.isEmpty, item.utf8.count <= 9, item.utf8.allSatisfy({ (0x30...0x39).contains($0) }),
              let index = Int(item), index <= maximumItemIndex else {
            throw Violation(reason: "the request names item \(quoted(String(item))), which is not an item index")
        }
        let type = String(words[3])
        guard isTypeIdentifier(type) else {
            throw Violation(reason: "the request names the type \(quoted(type)), which is not a type identifier")
        }
        return Request(token: token, item: index, type: type)
    }

    /// Whether `token` can travel in a request: 1-64 ASCII letters, digits
    /// and dashes.
    static func isToken(_ token: String) -> Bool {
        (1...64).contains(token.utf8.count) && token.utf8.allSatisfy { byte in
            (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || byte == 0x2D
        }
    }

    /// Whether `type` is a type identifier a request can carry: 1 to
    /// ``maximumTypeLength`` bytes, none of them a space, a control
    /// character (a newline would add lines to the request) or non-ASCII.
    static func isTypeIdentifier(_ type: String) -> Bool {
        (1...maximumTypeLength).contains(type.utf8.count) && type.utf8.allSatisfy { (0x21...0x7E).contains($0) }
    }

    /// `text` in quotes for a message, shortened and with control
    /// characters shown as `?`.
    static func quoted(_ text: String) -> String {
        let shown = String(text.prefix(60).map { $0.isASCII && ($0.asciiValue! < 0x20 || $0.asciiValue! == 0x7F) ? "?" : $0 })
        return "\u{201C}\(shown)\(text.count > 60 ? "…" : "")\u{201D}"
    }
}
