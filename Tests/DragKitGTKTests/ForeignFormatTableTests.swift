import DragAndDrop
import Foundation
import Testing
import UniformTypes
@testable import DragKitGTK

/// One row of ``ForeignFormatTable``, checked with a format a real app
/// offers: the type it stands for and what its bytes become.
struct ForeignFormatCase: Sendable, CustomTestStringConvertible {
    /// The row expected to decide.
    let row: String
    /// The format offered.
    let offered: String
    /// Other formats the same drag offers.
    var alongside: [String] = []
    /// The bytes the app sends.
    var bytes = Data()
    /// The expected type's identifier (nil: kept out of the way).
    let type: String?
    /// The expected bytes after conversion, as UTF-8 text (nil: unchanged).
    var converted: String?
    /// The expected link title.
    var title: String?

    var testDescription: String { "\(row): \(offered)" }
}

/// UTF-16 little-endian bytes, the way browsers write text/x-moz-url.
private func utf16LE(_ text: String, byteOrderMark: Bool = false) -> Data {
    Data((byteOrderMark ? [0xFF, 0xFE] : []) + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })
}

private let cases: [ForeignFormatCase] = [
    ForeignFormatCase(row: "dragkit-type", offered: "application/x-dragkit-type.org.dragkit.tests.interop-recipe",
                      bytes: Data("r".utf8), type: "org.dragkit.tests.interop-recipe"),
    ForeignFormatCase(row: "dragkit-bookkeeping", offered: "application/x-dragkit-manifest", type: nil),
    ForeignFormatCase(row: "uri-list", offered: "text/uri-list",
                      bytes: Data("file:///tmp/a.csv\r\n".utf8), type: "public.file-url"),
    ForeignFormatCase(row: "uri-list", offered: "text/uri-list", alongside: ["_NETSCAPE_URL"],
                      bytes: Data("# link\r\nhttps://example.org/page\r\n".utf8), type: "public.url",
                      converted: "https://example.org/page"),
    ForeignFormatCase(row: "uri-list", offered: "text/uri-list", alongside: ["application/x-dragkit-type.public.url"],
                      bytes: Data("https://example.org/page".utf8), type: "public.url", converted: "https://example.org/page"),
    ForeignFormatCase(row: "moz-url", offered: "text/x-moz-url",
                      bytes: utf16LE("https://example.org/page\nExample Page ü"), type: "public.url",
                      converted: "https://example.org/page", title: "Example Page ü"),
    ForeignFormatCase(row: "netscape-url", offered: "_NETSCAPE_URL",
                      bytes: Data("https://example.org/page\nExample Page ü".utf8), type: "public.url",
                      converted: "https://example.org/page", title: "Example Page ü"),
    ForeignFormatCase(row: "mozilla-private", offered: "text/x-moz-url-priv", type: nil),
    ForeignFormatCase(row: "chromium-private", offered: "chromium/x-renderer-taint", type: nil),
    ForeignFormatCase(row: "qt-private", offered: "application/x-qt-image", type: nil),
    ForeignFormatCase(row: "html", offered: "text/html; charset=UTF-16",
                      bytes: utf16LE("<b>Bold é</b>", byteOrderMark: true), type: "public.html", converted: "<b>Bold é</b>"),
    ForeignFormatCase(row: "utf8-text", offered: "text/plain;charset=utf-8",
                      bytes: Data("Grüße".utf8), type: "public.utf8-plain-text", converted: "Grüße"),
    ForeignFormatCase(row: "x11-utf8-string", offered: "UTF8_STRING",
                      bytes: Data("Grüße".utf8), type: "public.utf8-plain-text", converted: "Grüße"),
    ForeignFormatCase(row: "plain-text-charset", offered: "text/plain;charset=ISO-8859-1",
                      bytes: Data([0x47, 0x72, 0xFC, 0xDF, 0x65]), type: "public.utf8-plain-text", converted: "Grüße"),
    ForeignFormatCase(row: "plain-text", offered: "text/plain",
                      bytes: Data([0xEF, 0xBB, 0xBF] + Array("Grüße".utf8)), type: "public.utf8-plain-text", converted: "Grüße"),
    ForeignFormatCase(row: "x11-string", offered: "STRING",
                      bytes: Data([0x47, 0x72, 0xFC, 0xDF, 0x65, 0x00]), type: "public.utf8-plain-text", converted: "Grüße"),
    ForeignFormatCase(row: "x11-text", offered: "TEXT",
                      bytes: Data("Grüße".utf8), type: "public.utf8-plain-text", converted: "Grüße"),
    ForeignFormatCase(row: "x11-compound-text", offered: "COMPOUND_TEXT",
                      bytes: Data([0x47, 0x72, 0xFC, 0xDF, 0x65]), type: "public.utf8-plain-text", converted: "Grüße"),
    ForeignFormatCase(row: "other-text", offered: "text/csv; charset=utf-16",
                      bytes: utf16LE("a,b\n", byteOrderMark: true), type: "public.comma-separated-values-text", converted: "a,b\n"),
    ForeignFormatCase(row: "x11-target", offered: "TARGETS", type: nil),
    ForeignFormatCase(row: "mime-type", offered: "image/png", bytes: Data([0x89, 0x50, 0x4E, 0x47]), type: "public.png"),
]

@Suite("How DragKit understands formats other apps offer")
struct ForeignFormatTableTests {
    init() throws {
        // The type the dragkit-type case carries is one this process declares.
        _ = UTType(exportedAs: "org.dragkit.tests.interop-recipe", conformingTo: .data)
    }

    @Test("Each row: the type a real app's format stands for, and what its bytes become", arguments: cases)
    func row(_ example: ForeignFormatCase) throws {
        let offered = [example.offered] + example.alongside
        let format = ForeignFormatTable.interpret(example.offered, offered: offered)
        #expect(format.row == example.row)
        #expect(format.type?.identifier == example.type)
        guard let type = format.type else { return }
        let representation = try #require(ForeignFormatTable.representations(offered: offered).first { $0.type == type })
        let converted = try ForeignFormatTable.convert(example.bytes, readAs: example.offered, for: representation)
        #expect(converted.data == (example.converted.map { Data($0.utf8) } ?? example.bytes))
        #expect(converted.title == example.title)
    }

    @Test("Every row of the table has a case")
    func everyRowHasACase() {
        let covered = Set(cases.map(\.row))
        #expect(ForeignFormatTable.rows.map(\.name).filter { !covered.contains($0) } == [])
    }

    @Test("A link from Chromium: the link first (best from text/x-moz-url), then its text and HTML; private formats hidden")
    func chromiumLink() {
        let offered = ["text/x-moz-url", "text/uri-list", "_NETSCAPE_URL", "text/plain;charset=utf-8", "text/plain",
                       "UTF8_STRING", "STRING", "TEXT", "text/html", "chromium/x-renderer-taint"]
        #expect(ForeignFormatTable.representations(offered: offered) == [
            .init(type: .url, formats: ["text/x-moz-url", "_NETSCAPE_URL", "text/uri-list"]),
            .init(type: .utf8PlainText, formats: ["text/plain;charset=utf-8", "UTF8_STRING", "text/plain", "STRING", "TEXT"]),
            .init(type: .html, formats: ["text/html"]),
        ])
    }

    @Test("A link from Firefox: its split copies of the link and its HTML context stay hidden")
    func firefoxLink() {
        let offered = ["text/x-moz-url", "text/x-moz-url-data", "text/x-moz-url-desc", "text/uri-list", "_NETSCAPE_URL",
                       "text/_moz_htmlcontext", "text/_moz_htmlinfo", "text/html", "text/plain", "application/x-moz-nativeimage"]
        #expect(ForeignFormatTable.representations(offered: offered).map(\.type) == [.url, .html, .utf8PlainText])
    }

    @Test("Files (or a link) from Qt: the list as a link first, then as files, then text")
    func qtFiles() {
        let offered = ["text/uri-list", "text/x-moz-url", "text/plain", "UTF8_STRING", "STRING", "TEXT", "COMPOUND_TEXT"]
        #expect(ForeignFormatTable.representations(offered: offered).map(\.type) == [.url, .fileURL, .utf8PlainText])
    }

    @Test("Text from Qt is read as UTF8_STRING first, the X11 targets after it")
    func qtText() {
        #expect(ForeignFormatTable.representations(offered: ["text/plain", "UTF8_STRING", "STRING", "TEXT"]) == [
            .init(type: .utf8PlainText, formats: ["UTF8_STRING", "text/plain", "STRING", "TEXT"]),
        ])
    }

    @Test("A DragKit link travels as text/uri-list for other apps, and comes back to DragKit as a link, not files")
    func dragKitLink() {
        let offered = MIMETypeMapping.mimeTypes(for: .url)
        #expect(offered == ["application/x-dragkit-type.public.url", "text/uri-list"])
        #expect(ForeignFormatTable.representations(offered: offered).map(\.type) == [.url])
    }

    @Test("DragKit types with a MIME type of their own are content, not bookkeeping")
    func dragKitContent() {
        let activity = UTType.userActivity
        #expect(ForeignFormatTable.interpret("application/x-dragkit-user-activity+json").type == activity)
    }

    @Test("Once GTK converts an X11 text target it reports UTF-8 text, which is read as such")
    func convertedByGTK() throws {
        let text = try #require(ForeignFormatTable.representations(offered: ["STRING"]).first)
        let converted = try ForeignFormatTable.convert(Data("Grüße".utf8), readAs: "text/plain;charset=utf-8", for: text)
        #expect(String(decoding: converted.data, as: UTF8.self) == "Grüße")
    }

    @Test("A link without a URL, text not valid in its charset, and an unknown charset each give a clear error")
    func decodingErrors() throws {
        let link = try #require(ForeignFormatTable.representations(offered: ["text/x-moz-url"]).first)
        let noURL = #expect(throws: GtkBackendError.self) {
            try ForeignFormatTable.convert(utf16LE("just words\ntitle"), readAs: "text/x-moz-url", for: link)
        }
        #expect(noURL?.code == .decodingFailed)
        #expect(noURL?.description.contains("just words") == true)

        let text = try #require(ForeignFormatTable.representations(offered: ["text/plain;charset=utf-8"]).first)
        let invalid = #expect(throws: GtkBackendError.self) {
            try ForeignFormatTable.convert(Data([0xC3, 0x28]), readAs: "text/plain;charset=utf-8", for: text)
        }
        #expect(invalid?.code == .decodingFailed)

        let unknown = #expect(throws: GtkBackendError.self) {
            try TextDecoding.decode(Data("x".utf8), charset: "x-klingon")
        }
        #expect(unknown?.code == .decodingFailed)
        #expect(unknown?.description.contains("x-klingon") == true)
    }

    @Test("Decoding honours a byte order mark over the charset, and tells UTF-16 byte order without one")
    func byteOrder() throws {
        #expect(try TextDecoding.decode(utf16LE("hé", byteOrderMark: true), charset: "utf-8") == "hé")
        #expect(try TextDecoding.decode(Data([0x00, 0x68, 0x00, 0xE9]), charset: "utf-16") == "hé")
        #expect(try TextDecoding.decode(Data([0x68, 0x00, 0xE9, 0x00]), charset: "UTF-16") == "hé")
        #expect(try TextDecoding.decode(Data([0x68, 0x00]), charset: nil, fallback: .utf16) == "h")
    }

    @Test("HTML without a charset parameter: a <meta> charset, else UTF-8, else Latin-1")
    func htmlCharset() throws {
        let html = try #require(ForeignFormatTable.representations(offered: ["text/html"]).first)
        let declared = Data("<meta http-equiv=\"content-type\" content=\"text/html; charset=ISO-8859-1\"><p>".utf8) + Data([0xE9])
        let fromMeta = try ForeignFormatTable.convert(declared, readAs: "text/html", for: html)
        #expect(String(decoding: fromMeta.data, as: UTF8.self).hasSuffix("<p>é"))
        let utf8 = try ForeignFormatTable.convert(Data("<meta charset='utf-8'><p>é".utf8), readAs: "text/html", for: html)
        #expect(String(decoding: utf8.data, as: UTF8.self) == "<meta charset='utf-8'><p>é")
        let latin1 = try ForeignFormatTable.convert(Data([0x3C, 0x70, 0x3E, 0xE9]), readAs: "text/html", for: html)
        #expect(String(decoding: latin1.data, as: UTF8.self) == "<p>é")
    }

    @Test("Format names: case-insensitive types and parameter names, quoted values")
    func formatNames() {
        let name = FormatName("Text/Plain; Charset=\"UTF-16\"")
        #expect(name.essence == "text/plain")
        #expect(name.charset == "UTF-16")
        #expect(name.isMIMEType)
        #expect(!FormatName("UTF8_STRING").isMIMEType)
        #expect(ForeignFormatTable.interpret("TEXT/HTML").type == .html)
    }
}
