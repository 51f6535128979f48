import Foundation
import UniformTypes

/// How DragKit understands the formats other desktop apps offer in a drag:
/// one ordered table, the first matching row decides. docs/Interop.md shows
/// it as a table with examples; each row has a case in
/// ForeignFormatTableTests.
///
/// A format is understood for what it is, not by its MIME prefix alone:
/// browsers' `text/x-moz-url` is a link (UTF-16 URL and title), not plain
/// text; `UTF8_STRING` and `text/plain;charset=utf-16` are the same text as
/// `text/plain;charset=utf-8` once decoded; private formats of browsers and
/// toolkits are kept out of the way.
///
/// ```swift
/// let offered = ["text/x-moz-url", "_NETSCAPE_URL", "text/plain;charset=utf-8", "chromium/x-renderer-taint"]
/// ForeignFormatTable.representations(offered: offered).map(\.type)
/// // [.url, .utf8PlainText]: the link first, then its text
/// ```
enum ForeignFormatTable {
    /// One row: which offered names it matches and what it makes of them.
    /// `offered` is every name the drag offers (some rows depend on company).
    struct Row: Sendable {
        let name: String
        let matches: @Sendable (FormatName) -> Bool
        let interpret: @Sendable (FormatName, _ offered: Set<String>) -> ForeignFormat
    }

    /// Offered alongside a link by browsers only: with it, `text/uri-list`
    /// names the link rather than files.
    static let netscapeURL = "_NETSCAPE_URL"
    /// What a DragKit source offers alongside a link's `text/uri-list`.
    static let draggedLink = MIMETypeMapping.identifierPrefix + UTType.url.identifier

    /// The rows, in the order they are tried.
    static let rows: [Row] = [
        Row(name: "dragkit-type", matches: { $0.essence.hasPrefix(MIMETypeMapping.identifierPrefix) }) { name, _ in
            ForeignFormat(type: MIMETypeMapping.declaredType(forPrivateMIMEType: name.essence), conversion: .none, rank: 0, row: "dragkit-type")
        },
        hidden("dragkit-bookkeeping") { MIMETypeMapping.isBookkeeping($0.essence) },
        Row(name: "uri-list", matches: { $0.essence == MIMETypeMapping.uriList }) { _, offered in
            offered.contains(netscapeURL) || offered.contains(draggedLink)
                ? ForeignFormat(type: .url, conversion: .firstURLOfList, rank: 2, row: "uri-list")
                : ForeignFormat(type: .fileURL, conversion: .none, rank: 0, row: "uri-list")
        },
        typed("moz-url", .url, .mozURL, rank: 0) { $0.essence == "text/x-moz-url" },
        typed("netscape-url", .url, .netscapeURL, rank: 1) { $0.raw == netscapeURL },
        hidden("mozilla-private") {
            $0.essence.hasPrefix("text/x-moz-") || $0.essence.hasPrefix("application/x-moz-") || $0.essence.hasPrefix("text/_moz_")
        },
        hidden("chromium-private") { $0.topLevelType == "chromium" },
        hidden("qt-private") {
            $0.essence.hasPrefix("application/x-qt-") || $0.essence == "application/x-qabstractitemmodeldatalist"
        },
        typed("html", .html, .html, rank: 0) { $0.essence == "text/html" },
        typed("utf8-text", .utf8PlainText, .text(.utf8OrLatin1), rank: 0) {
            $0.essence == "text/plain" && $0.charset.flatMap(TextDecoding.encoding(forCharset:)) == .utf8
        },
        typed("x11-utf8-string", .utf8PlainText, .text(.utf8OrLatin1), rank: 1) { $0.raw == "UTF8_STRING" },
        typed("plain-text-charset", .utf8PlainText, .text(.utf8OrLatin1), rank: 2) {
            $0.essence == "text/plain" && $0.charset != nil
        },
        typed("plain-text", .utf8PlainText, .text(.utf8OrLatin1), rank: 3) { $0.essence == "text/plain" },
        typed("x11-string", .utf8PlainText, .text(.latin1), rank: 4) { $0.raw == "STRING" },
        typed("x11-text", .utf8PlainText, .text(.utf8OrLatin1), rank: 5) { $0.raw == "TEXT" },
        typed("x11-compound-text", .utf8PlainText, .text(.latin1), rank: 6) { $0.raw == "COMPOUND_TEXT" },
        Row(name: "other-text", matches: { $0.isMIMEType && $0.topLevelType == "text" }) { name, _ in
            ForeignFormat(type: mimeType(name), conversion: name.charset == nil ? .none : .text(.utf8OrLatin1), rank: 0, row: "other-text")
        },
        hidden("x11-target") { !$0.isMIMEType },
        Row(name: "mime-type", matches: { _ in true }) { name, _ in
            ForeignFormat(type: mimeType(name), conversion: .none, rank: 0, row: "mime-type")
        },
    ]

    /// What the drag's format `name` stands for; `offered` is every format
    /// the drag offers.
    static func interpret(_ name: String, offered: [String] = []) -> ForeignFormat {
        let parsed = FormatName(name)
        let row = rows.first { $0.matches(parsed) } ?? rows[rows.count - 1]
        return row.interpret(parsed, Set(offered))
    }

    /// One representation of an incoming drag: its type, and the offered
    /// formats standing for it, best first.
    struct Representation: Sendable, Equatable {
        let type: UTType
        let formats: [String]
    }

    /// The representations a drag offering `offered` (in the source's order)
    /// has: one per type, in the order the source first offers each type,
    /// each read from its best-ranked format. A link goes before files:
    /// loading `public.url` takes the first representation conforming to
    /// it, and a file list may turn out to name a web page (Qt offers links
    /// and files alike), while a link read as a link is right either way.
    static func representations(offered: [String]) -> [Representation] {
        var order: [UTType] = []
        var candidates: [UTType: [(rank: Int, position: Int, name: String)]] = [:]
        for (position, name) in offered.enumerated() {
            let format = interpret(name, offered: offered)
            guard let type = format.type else { continue }
            if candidates[type] == nil { order.append(type) }
            candidates[type, default: []].append((format.rank, position, name))
        }
        if let files = order.firstIndex(of: .fileURL), let link = order.firstIndex(of: .url), link > files {
            order.insert(order.remove(at: link), at: files)
        }
        return order.map { type in
            let sorted = (candidates[type] ?? []).sorted { ($0.rank, $0.position) < ($1.rank, $1.position) }
            return Representation(type: type, formats: sorted.map(\.name))
        }
    }

    /// Converts bytes read for `representation`. `readAs` is the format GTK
    /// says it read, which for the X11 text targets is
    /// `text/plain;charset=utf-8` once GTK has converted them.
    static func convert(_ data: Data, readAs name: String, for representation: Representation) throws(GtkBackendError) -> ConvertedContent {
        let format = interpret(name, offered: representation.formats)
        let conversion = format.type == representation.type
            ? format.conversion
            : interpret(representation.formats.first ?? name, offered: representation.formats).conversion
        return try conversion.apply(to: data, offeredAs: FormatName(name))
    }

    // MARK: - Row builders

    private static func typed(
        _ name: String, _ type: UTType, _ conversion: ForeignFormat.Conversion, rank: Int,
        matches: @escaping @Sendable (FormatName) -> Bool
    ) -> Row {
        Row(name: name, matches: matches) { _, _ in ForeignFormat(type: type, conversion: conversion, rank: rank, row: name) }
    }

    private static func hidden(_ name: String, matches: @escaping @Sendable (FormatName) -> Bool) -> Row {
        Row(name: name, matches: matches) { _, _ in .hidden(row: name) }
    }

    /// The type the freedesktop database (through UniformTypes) gives a MIME
    /// type, or a dynamic type for it.
    private static func mimeType(_ name: FormatName) -> UTType? {
        UTType(mimeType: name.raw) ?? UTType(mimeType: name.raw, conformingTo: .item)
    }
}
