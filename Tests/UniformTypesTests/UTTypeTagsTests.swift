import Testing
@testable import UniformTypes

@Suite("Looking types up by MIME type and filename extension")
struct UTTypeTagsTests {
    /// `UTType(mimeType:)` and `UTType(filenameExtension:)` without a
    /// supertype give what asking for a kind of public.data gives: known
    /// types, aliases, parameters, made-up and malformed tags alike.
    @Test func withoutASupertypeIsAsAKindOfData() {
        let mimeTypes = ["image/png", "TEXT/PLAIN", "text/plain;charset=utf-8", "application/x-pdf", "inode/directory",
                         "chromium/x-renderer-taint", "image/*", "text/x-csrc", "not a MIME type", ""]
        for tag in mimeTypes + mimeTypes {
            #expect(UTType(mimeType: tag) == UTType(mimeType: tag, conformingTo: .data), "\(tag)")
        }
        for tag in ["png", "JPG", "tar.gz", "dragkit-made-up", "c", "", "a b"] {
            #expect(UTType(filenameExtension: tag) == UTType(filenameExtension: tag, conformingTo: .data), "\(tag)")
        }
        #expect(UTType(mimeType: "chromium/x-renderer-taint")?.isDynamic == true)
    }

    @Test(arguments: [
        ("text/plain;charset=utf-8", "public.utf8-plain-text"),
        ("text/plain; charset=UTF-8", "public.utf8-plain-text"),
        ("TEXT/PLAIN;CHARSET=\"utf-8\"", "public.utf8-plain-text"),
        ("text/plain;format=flowed;charset=utf-8", "public.utf8-plain-text"),
        ("text/plain;charset=utf-16", "public.plain-text"),
        ("text/plain;charset=iso-8859-1", "public.plain-text"),
        ("text/plain", "public.plain-text"),
        ("image/png", "public.png"),
        ("IMAGE/PNG", "public.png"),
        ("image/jpg", "public.jpeg"),
        ("text/csv", "public.comma-separated-values-text"),
        ("application/pdf", "com.adobe.pdf"),
        ("application/octet-stream", "public.data"),
        ("text/x-vcard", "public.vcard"),
    ])
    func mimeTypesWithParameters(mime: String, identifier: String) {
        #expect(UTType(mimeType: mime)?.identifier == identifier)
    }

    @Test(arguments: ["png", "PNG", "Png"])
    func extensionsIgnoreCase(ext: String) {
        #expect(UTType(filenameExtension: ext) == .png)
    }

    @Test func supertypeFiltersTheMatch() {
        #expect(UTType(filenameExtension: "mp4") == .mpeg4Movie)
        #expect(UTType(filenameExtension: "mp4", conformingTo: .audio) == .mpeg4Audio)
        #expect(UTType(mimeType: "image/png", conformingTo: .image) == .png)
        let unrelated = UTType(mimeType: "image/png", conformingTo: .audio)
        #expect(unrelated?.isDynamic == true, "no known type fits, so a dynamic one conforming to audio")
        #expect(unrelated?.conforms(to: .audio) == true)
        #expect(unrelated?.conforms(to: .image) == true, "image/* still says it is an image")
    }

    @Test func typesForATagListEveryMatchBestFirst() {
        let plist = UTType.types(tag: "plist", tagClass: .filenameExtension)
        #expect(plist.prefix(3) == [.propertyList, .xmlPropertyList, .binaryPropertyList])
        #expect(UTType.types(tag: "plist", tagClass: .filenameExtension, conformingTo: .xml) == [.xmlPropertyList])
        #expect(UTType.types(tag: "xyzzy-unknown", tagClass: .filenameExtension).isEmpty, "never invents a type")
        #expect(UTType.types(tag: "text/plain;charset=utf-8", tagClass: .mimeType) == [.utf8PlainText])
    }

    @Test(arguments: [
        ("", UTTagClass.mimeType),
        ("text", .mimeType),
        ("text/", .mimeType),
        ("/plain", .mimeType),
        ("text/plain/extra", .mimeType),
        ("text plain/x", .mimeType),
        ("text/plain;charset", .mimeType),
        ("text/plain;=utf-8", .mimeType),
        ("", .filenameExtension),
        (".png", .filenameExtension),
        ("p/ng", .filenameExtension),
        ("p ng", .filenameExtension),
        ("png\n", .filenameExtension),
    ])
    func malformedTagsGiveNoType(tag: String, tagClass: UTTagClass) {
        #expect(UTType(tag: tag, tagClass: tagClass, conformingTo: .data) == nil)
        #expect(UTType.types(tag: tag, tagClass: tagClass).isEmpty)
        if case .failure(let error) = TagSyntax.lookupKeys(tag, tagClass: tagClass) {
            #expect(error.code == .invalidTag)
            #expect(error.description.contains("'\(tag)'"))
        } else {
            Issue.record("\(tag) should be refused")
        }
    }

    @Test func unknownSupertypeGivesNoType() {
        #expect(UTType(filenameExtension: "qqq", conformingTo: UTType("com.example.nobody.declared")!) == nil)
    }

    /// The plain form (`type/subtype`, nothing else) is read without the
    /// full parse; both must agree on every spelling, plain or not.
    @Test func plainMIMETypesParseAsTheFullParseDoes() {
        let spellings = ["image/png", "IMAGE/PNG", "Text/X-CSrc", "image/*", "application/vnd.oasis.opendocument.text",
                         "a/b", "/b", "a/", "/", "a//b", "a/b/c", "ab", "", " image/png", "image/png ", "image /png",
                         "image/png;", "text/plain;charset=utf-8", "text/plain; charset=UTF-8", "text/(x)", "text/x@y",
                         "text/x\u{7F}", "tëxt/plain", "text/plain\t", "x-a+b.c!#$%&'*^_`{|}~/y"]
        for spelling in spellings {
            let full = MIMETypeString(spelling)
            if let plain = MIMETypeString.plainEssence(spelling) {
                #expect(full?.essence == plain && full?.parameters.isEmpty == true, "\(spelling)")
                #expect(full?.mediaType == plain.split(separator: "/").first, "\(spelling)")
            }
        }
        #expect(MIMETypeString.plainEssence("Image/PNG") == "image/png")
        #expect(MIMETypeString.plainEssence("text/plain;charset=utf-8") == nil, "parameters take the full parse")
        #expect(MIMETypeString.plainEssence("x-a+b.c!#$%&'*^_`{|}~/y") != nil, "every token character")
        for refused in ["/b", "a/", "a//b", "ab", "", "image /png", "text/(x)"] {
            #expect(MIMETypeString.plainEssence(refused) == nil && MIMETypeString(refused) == nil, "\(refused)")
        }
    }

    /// A dynamic type's tags are the tag it encodes, and a malformed tag
    /// still gets the reason it is refused.
    @Test func dynamicTypesKeepTheirTagAndBadTagsTheirReason() throws {
        let type = try #require(UTType(mimeType: "image/x-dragkit-made-up"))
        #expect(type.isDynamic)
        #expect(type.tags == [.mimeType: ["image/x-dragkit-made-up"]])
        #expect(type.preferredMIMEType == "image/x-dragkit-made-up")
        #expect(type.conforms(to: .image))
        #expect(UTType(mimeType: "IMAGE/X-DRAGKIT-MADE-UP") == type, "one tag, one dynamic type, in any case")
        guard case .failure(let error) = TagSyntax.lookupKeys("image/", tagClass: .mimeType) else {
            Issue.record("image/ should be refused")
            return
        }
        #expect(error.description.contains("'image/' is not a valid MIME type"))
    }

    @Test func mimeTypeParsingNormalizes() throws {
        let parsed = try #require(MIMETypeString(" Text/HTML ; Charset = \"UTF-8\" ; level=1"))
        #expect(parsed.essence == "text/html")
        #expect(parsed.normalized == "text/html;charset=utf-8;level=1")
        #expect(parsed.lookupKeys == ["text/html;charset=utf-8", "text/html;level=1", "text/html"])
    }
}
