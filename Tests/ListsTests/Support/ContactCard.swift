import Foundation
import ItemProviders
import UniformTypes

/// A contact that travels as a vCard (or as its name in plain text).
struct ContactCard: Hashable, Sendable, ItemProviderReading, ItemProviderWriting {
    var name: String

    static let readableContentTypes: [UTType] = [.vCard, .plainText]
    static let writableContentTypes: [UTType] = [.vCard, .plainText]

    static func object(fromItemProviderData data: Data, contentType: UTType) throws -> ContactCard {
        let text = String(decoding: data, as: UTF8.self)
        if contentType.conforms(to: .vCard) {
            guard let first = try vCardNames(data).first else { throw CocoaError(.fileReadCorruptFile) }
            return ContactCard(name: first)
        }
        return ContactCard(name: text)
    }

    func loadData(for contentType: UTType) async throws -> Data {
        contentType.conforms(to: .vCard) ? Self.vCard([name]) : Data(name.utf8)
    }

    /// A vCard file holding one card per name.
    static func vCard(_ names: [String]) -> Data {
        Data(names.map { "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:\($0)\r\nEND:VCARD\r\n" }.joined().utf8)
    }

    /// The names of the cards in a vCard file.
    static func vCardNames(_ data: Data) throws -> [String] {
        let lines = String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline)
        let names = lines.filter { $0.hasPrefix("FN:") }.map { String($0.dropFirst(3)) }
        guard !names.isEmpty else { throw CocoaError(.fileReadCorruptFile) }
        return names
    }
}

/// A provider offering a vCard file with these names.
func vCardProvider(_ names: [String]) -> ItemProvider {
    let provider = ItemProvider()
    let data = ContactCard.vCard(names)
    provider.registerDataRepresentation(for: .vCard) { data }
    return provider
}
