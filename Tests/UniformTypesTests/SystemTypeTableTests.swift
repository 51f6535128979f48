import Testing
@testable import UniformTypes

@Suite("Built-in system types as Apple documents them")
struct SystemTypeTableTests {
    @Test(arguments: [
        ("public.item", [String]()),
        ("public.content", []),
        ("public.composite-content", ["public.content"]),
        ("public.data", ["public.item"]),
        ("public.directory", ["public.item"]),
        ("public.folder", ["public.directory"]),
        ("public.text", ["public.data", "public.content"]),
        ("public.plain-text", ["public.text"]),
        ("public.utf8-plain-text", ["public.plain-text"]),
        ("public.utf16-plain-text", ["public.plain-text"]),
        ("public.delimited-values-text", ["public.text"]),
        ("public.comma-separated-values-text", ["public.plain-text", "public.delimited-values-text"]),
        ("public.rtf", ["public.text"]),
        ("public.html", ["public.text"]),
        ("public.xml", ["public.text"]),
        ("public.json", ["public.text"]),
        ("public.source-code", ["public.plain-text"]),
        ("public.swift-source", ["public.source-code"]),
        ("public.url", ["public.data"]),
        ("public.file-url", ["public.url"]),
        ("public.image", ["public.data", "public.content"]),
        ("public.png", ["public.image"]),
        ("public.jpeg", ["public.image"]),
        ("com.compuserve.gif", ["public.image"]),
        ("public.tiff", ["public.image"]),
        ("public.heic", ["public.heif-standard"]),
        ("public.svg-image", ["public.image"]),
        ("com.adobe.pdf", ["public.data", "public.composite-content"]),
        ("public.vcard", ["public.text", "public.contact"]),
        ("public.audiovisual-content", ["public.data", "public.content"]),
        ("public.audio", ["public.audiovisual-content"]),
        ("public.movie", ["public.audiovisual-content"]),
        ("public.mpeg-4", ["public.movie"]),
        ("public.mp3", ["public.audio"]),
        ("public.archive", []),
        ("public.zip-archive", ["com.pkware.zip-archive"]),
        ("com.pkware.zip-archive", ["public.data", "public.archive"]),
        ("org.gnu.gnu-zip-archive", ["public.data", "public.archive"]),
        ("public.executable", ["public.item"]),
        ("public.log", []),
    ])
    func documentedParents(identifier: String, parents: [String]) throws {
        let type = try #require(UTType(identifier))
        #expect(type.isDeclared, "\(identifier) is built in")
        #expect(type.origin == .system)
        #expect(type.directSupertypes.map(\.identifier) == parents)
    }

    @Test func appleIdentifiersBehindTheSwiftNames() {
        #expect(UTType.pdf.identifier == "com.adobe.pdf")
        #expect(UTType.gif.identifier == "com.compuserve.gif")
        #expect(UTType.gzip.identifier == "org.gnu.gnu-zip-archive")
        #expect(UTType.zip.identifier == "public.zip-archive")
        #expect(UTType.mpeg4Movie.identifier == "public.mpeg-4")
        #expect(UTType.commaSeparatedText.identifier == "public.comma-separated-values-text")
        #expect(UTType.delimitedText.identifier == "public.delimited-values-text")
        #expect(UTType.utf16PlainText.identifier == "public.utf16-plain-text")
        #expect(UTType.svg.identifier == "public.svg-image")
        #expect(UTType.vCard.identifier == "public.vcard")
        #expect(UTType.fileURL.identifier == "public.file-url")
        #expect(UTType.webP.identifier == "org.webmproject.webp")
        #expect(UTType.bmp.identifier == "com.microsoft.bmp")
        #expect(UTType.quickTimeMovie.identifier == "com.apple.quicktime-movie")
        #expect(UTType.javaScript.identifier == "com.netscape.javascript-source")
    }

    @Test func deepConformanceChains() {
        #expect(UTType.pythonScript.conforms(to: .shellScript))
        #expect(UTType.pythonScript.conforms(to: .sourceCode))
        #expect(UTType.pythonScript.conforms(to: .plainText))
        #expect(UTType.swiftSource.conforms(to: .text))
        #expect(UTType.mpeg4Audio.conforms(to: .audio))
        #expect(UTType.mpeg4Audio.conforms(to: .movie))
        #expect(UTType.zip.conforms(to: .archive))
        #expect(UTType.zip.conforms(to: .data))
        #expect(UTType.folder.conforms(to: .item))
        #expect(!UTType.folder.conforms(to: .data), "a folder is not a byte stream")
        #expect(UTType.pdf.conforms(to: .content))
        #expect(!UTType.pdf.conforms(to: .text))
        #expect(UTType.vCard.conforms(to: .contact))
        #expect(UTType.heic.conforms(to: .image))
        #expect(UTType.utf8PlainText.conforms(to: .data))
        #expect(!UTType.url.conforms(to: .text))
        #expect(!UTType.audio.conforms(to: .movie))
    }

    @Test(arguments: [
        (UTType.png, "image/png", "png"),
        (.jpeg, "image/jpeg", "jpeg"),
        (.gif, "image/gif", "gif"),
        (.tiff, "image/tiff", "tiff"),
        (.heic, "image/heic", "heic"),
        (.svg, "image/svg+xml", "svg"),
        (.pdf, "application/pdf", "pdf"),
        (.plainText, "text/plain", "txt"),
        (.commaSeparatedText, "text/csv", "csv"),
        (.rtf, "text/rtf", "rtf"),
        (.html, "text/html", "html"),
        (.xml, "application/xml", "xml"),
        (.json, "application/json", "json"),
        (.vCard, "text/vcard", "vcf"),
        (.mpeg4Movie, "video/mp4", "mp4"),
        (.mp3, "audio/mpeg", "mp3"),
        (.zip, "application/zip", "zip"),
        (.gzip, "application/x-gzip", "gz"),
    ])
    func preferredTags(type: UTType, mime: String, filenameExtension: String) {
        #expect(type.preferredMIMEType == mime)
        #expect(type.preferredFilenameExtension == filenameExtension)
    }

    @Test func tagsListEveryAppleTagFirst() {
        #expect(UTType.jpeg.tags[.filenameExtension]?.prefix(3) == ["jpeg", "jpg", "jpe"])
        #expect(UTType.vCard.tags[.mimeType]?.prefix(3) == ["text/vcard", "text/directory", "text/x-vcard"])
        #expect(UTType.html.tags[.filenameExtension]?.contains("htm") == true)
        #expect(UTType.utf8PlainText.preferredMIMEType == "text/plain;charset=utf-8")
        #expect(UTType.swiftSource.preferredMIMEType == nil)
        #expect(UTType.swiftSource.preferredFilenameExtension == "swift")
        #expect(UTType.item.tags.isEmpty)
        #expect(UTType.sourceCode.preferredFilenameExtension == nil)
    }

    @Test func everyTableEntryIsValidAndParentsComeFirst() throws {
        var seen: Set<String> = []
        for entry in SystemTypeTable.entries {
            try TypeIdentifierSyntax.validate(entry.identifier)
            #expect(seen.insert(entry.identifier).inserted, "\(entry.identifier) is listed once")
            for parent in entry.parents {
                #expect(seen.contains(parent), "\(entry.identifier): \(parent) must come first")
            }
            for mime in entry.mimeTypes { #expect(MIMETypeString(mime) != nil, "\(mime)") }
        }
    }

    @Test func builtInTypesHaveDescriptions() {
        #expect(UTType.png.localizedDescription == "PNG image")
        #expect(UTType.folder.localizedDescription == "folder")
        #expect(UTType.png.isPublic)
        #expect(!UTType.pdf.isPublic)
    }
}
