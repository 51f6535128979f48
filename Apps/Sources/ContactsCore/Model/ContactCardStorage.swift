import Foundation
import Synchronization
import VCard

/// A contact's card, or the vCard text it is parsed from on first read.
/// Shared by copies of a ``Contact`` (a write makes a new one), so a card
/// is parsed at most once however often the contact is copied.
final class ContactCardStorage: Sendable {
    private enum State {
        /// Not read yet: the text is in the store.
        case stored(Int64, ContactTexts)
        case text(Data)
        case parsed(VCard)
    }

    private let state: Mutex<State>

    init(card: VCard) {
        state = Mutex(.parsed(card))
    }

    init(text: Data) {
        state = Mutex(.text(text))
    }

    init(id: Int64, texts: ContactTexts) {
        state = Mutex(.stored(id, texts))
    }

    /// The id and reader of a text not read yet.
    var unreadText: (Int64, ContactTexts)? {
        state.withLock { state in
            guard case .stored(let id, let texts) = state else { return nil }
            return (id, texts)
        }
    }

    /// Reads the text from the store now if it is still there only.
    func read() {
        state.withLock { state in Self.read(&state) }
    }

    private static func read(_ state: inout State) {
        if case .stored(let id, let texts) = state { state = .text(texts.text(for: id)) }
    }

    /// The card's `FN` when the unparsed text holds it as one plain line
    /// (no parameters, folding or escapes): what a drag of many contacts
    /// names its items by without parsing every card. Nil when the text
    /// is parsed already or the line is anything but plain; the caller
    /// then reads the card.
    var plainFormattedName: String? {
        state.withLock { state in
            Self.read(&state)
            guard case .text(let text) = state else { return nil }
            return Self.plainFormattedName(in: text)
        }
    }

    private static func plainFormattedName(in text: Data) -> String? {
        text.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) -> String? in
            var lineStart = 0
            while lineStart < bytes.count {
                var end = lineStart
                while end < bytes.count, bytes[end] != UInt8(ascii: "\n") { end += 1 }
                var last = end
                if last > lineStart, bytes[last - 1] == UInt8(ascii: "\r") { last -= 1 }
                let line = UnsafeRawBufferPointer(rebasing: bytes[lineStart..<last])
                if line.count > 3, line[0] | 0x20 == UInt8(ascii: "f"), line[1] | 0x20 == UInt8(ascii: "n"), line[2] == UInt8(ascii: ":") {
                    let next = end + 1
                    let folded = next < bytes.count && (bytes[next] == UInt8(ascii: " ") || bytes[next] == UInt8(ascii: "\t"))
                    let value = UnsafeRawBufferPointer(rebasing: line[3...])
                    let isBlank = { (byte: UInt8) in byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
                    guard !folded, !value.contains(UInt8(ascii: "\\")), let first = value.first, let final = value.last,
                          !isBlank(first), !isBlank(final),
                          let name = String(validating: value, as: UTF8.self), !name.isEmpty else { return nil }
                    return name
                }
                lineStart = end + 1
            }
            return nil
        }
    }

    /// The card as vCard text: the stored text itself while it is unparsed
    /// and holds this one card (what a drag of many contacts sends without
    /// parsing and writing every card again), else the card written anew.
    var vCardData: Data {
        let stored: Data? = state.withLock { state in
            Self.read(&state)
            guard case .text(let text) = state, Self.holdsOneCard(text) else { return nil }
            return text
        }
        return stored ?? VCardWriter().data(for: [card])
    }

    /// Whether `text` is one whole card: it begins with `BEGIN:VCARD`, ends
    /// with `END:VCARD` and a line break, and no other line begins one.
    private static func holdsOneCard(_ text: Data) -> Bool {
        text.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) -> Bool in
            let begin = Array("begin:vcard".utf8), end = Array("end:vcard".utf8)
            func matches(_ word: [UInt8], at offset: Int) -> Bool {
                guard offset + word.count <= bytes.count else { return false }
                for index in word.indices where bytes[offset + index] | 0x20 != word[index] && bytes[offset + index] != word[index] {
                    return false
                }
                return true
            }
            guard matches(begin, at: 0), bytes.count > 2, bytes[bytes.count - 2] == UInt8(ascii: "\r"),
                  bytes[bytes.count - 1] == UInt8(ascii: "\n") else { return false }
            var lastLine = 0
            var offset = 0
            while let newline = bytes[offset...].firstIndex(of: UInt8(ascii: "\n")) {
                let next = newline + 1
                if next < bytes.count {
                    if matches(begin, at: next) { return false }
                    lastLine = next
                }
                offset = next
                if offset >= bytes.count { break }
            }
            return matches(end, at: lastLine)
        }
    }

    var card: VCard {
        state.withLock { state in
            Self.read(&state)
            switch state {
            case .stored:
                return VCard()
            case .parsed(let card):
                return card
            case .text(let text):
                let card = VCardParser().parse(text).cards.first ?? VCard()
                state = .parsed(card)
                return card
            }
        }
    }
}
