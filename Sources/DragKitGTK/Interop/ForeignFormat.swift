import Foundation
import UniformTypes

/// What DragKit makes of one format a drag from another process offers:
/// the type it stands for (or that it is kept out of the way), how its bytes
/// become that type's bytes, and how it ranks against other formats standing
/// for the same type. ``ForeignFormatTable`` gives one for any offered name.
struct ForeignFormat: Sendable, Equatable {
    /// The type the format stands for, or nil when it is kept out of the way.
    let type: UTType?
    /// How the offered bytes become `type`'s bytes.
    let conversion: Conversion
    /// Among offered formats standing for the same type, the lowest rank is read.
    let rank: Int
    /// The table row that decided this (see docs/Interop.md).
    let row: String

    /// How offered bytes become the bytes of the type they stand for.
    enum Conversion: Sendable, Equatable {
        /// The bytes are the type's bytes.
        case none
        /// Text in the format's charset (or byte order mark, or `fallback`),
        /// re-encoded as UTF-8.
        case text(TextDecoding.Fallback)
        /// HTML, re-encoded as UTF-8 like `text`, also honouring a charset
        /// the document declares in a `<meta>` tag.
        case html
        /// Browsers' `text/x-moz-url`: UTF-16 lines of URL, then title.
        /// Gives the URL as UTF-8 and the title.
        case mozURL
        /// `_NETSCAPE_URL`: lines of URL, then title, in UTF-8.
        case netscapeURL
        /// `text/uri-list`: the first URL of the list.
        case firstURLOfList
    }

    /// A format kept out of the way: destinations never see it.
    static func hidden(row: String) -> ForeignFormat {
        ForeignFormat(type: nil, conversion: .none, rank: 0, row: row)
    }
}

/// The bytes of one representation after conversion, with the title that
/// came with a URL (browsers send a link's text).
struct ConvertedContent: Sendable, Equatable {
    let data: Data
    let title: String?
}

extension ForeignFormat.Conversion {
    /// Converts `data`, offered under `name`.
    ///
    /// - Throws: ``GtkBackendError`` with `.decodingFailed` when the bytes
    ///   are not what the format promises.
    func apply(to data: Data, offeredAs name: FormatName) throws(GtkBackendError) -> ConvertedContent {
        switch self {
        case .none:
            return ConvertedContent(data: data, title: nil)
        case .text(let fallback):
            let text = try TextDecoding.decode(data, charset: name.charset, fallback: fallback)
            return ConvertedContent(data: Data(text.utf8), title: nil)
        case .html:
            let text = try TextDecoding.decode(data, charset: name.charset, sniffingHTML: true)
            return ConvertedContent(data: Data(text.utf8), title: nil)
        case .mozURL:
            return try Self.link(from: TextDecoding.decode(data, charset: name.charset, fallback: .utf16), offeredAs: name)
        case .netscapeURL:
            return try Self.link(from: TextDecoding.decode(data, charset: name.charset), offeredAs: name)
        case .firstURLOfList:
            let lines = try TextDecoding.decode(data, charset: name.charset)
                .split(whereSeparator: \.isNewline).filter { !$0.hasPrefix("#") }
            return try Self.link(from: lines.first.map(String.init) ?? "", offeredAs: name)
        }
    }

    /// A URL line, then an optional title line.
    private static func link(from text: String, offeredAs name: FormatName) throws(GtkBackendError) -> ConvertedContent {
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
            .map { $0.trimmingCharacters(in: .whitespaces) }
        let address = lines.first ?? ""
        guard let url = URL(string: address), let scheme = url.scheme, !scheme.isEmpty else {
            throw GtkBackendError(
                code: .decodingFailed,
                description: "The dropped \(name.raw) does not start with an absolute URL (it starts with \"\(address.prefix(80))\"). Ask for its plain text instead.")
        }
        let title = lines.dropFirst().first.flatMap { $0.isEmpty ? nil : $0 }
        return ConvertedContent(data: Data(address.utf8), title: title)
    }
}
