import Testing
@testable import UniformTypes

@Suite("Dynamic types for tags nothing declares")
struct DynamicTypeTests {
    @Test func unknownExtensionMakesAStableDynamicType() throws {
        let type = try #require(UTType(filenameExtension: "qqqz"))
        #expect(type.isDynamic)
        #expect(!type.isDeclared)
        #expect(type.origin == .dynamic)
        #expect(type.identifier.hasPrefix("dyn."))
        #expect(type.conforms(to: .data))
        #expect(type.conforms(to: .item))
        #expect(!type.conforms(to: .text))
        #expect(type.preferredFilenameExtension == "qqqz")
        #expect(type.preferredMIMEType == nil)
        #expect(UTType(filenameExtension: "QQQZ") == type, "the same tag, any case, gives the same identifier")
        #expect(UTType(filenameExtension: "qqqz")?.identifier == type.identifier)
    }

    @Test func identifierRoundTripsToItsTag() throws {
        let made = try #require(UTType(mimeType: "application/x-dragkit-test-unknown; version=2"))
        let again = try #require(UTType(made.identifier.uppercased()))
        #expect(again.isDynamic)
        #expect(again == made)
        let tag = try #require(again.dynamicTag)
        #expect(tag.tagClass == .mimeType)
        #expect(tag.tag == "application/x-dragkit-test-unknown", "parameters are not part of the type")
        #expect(again.preferredMIMEType == "application/x-dragkit-test-unknown")
        #expect(again.conforms(to: .data))
    }

    @Test func knownIdentifierIsRecognisedAcrossTheEncoding() throws {
        let payload = DynamicTypeIdentifier.Payload(tagClass: .filenameExtension, tag: "abc", supertype: nil)
        let identifier = try #require(DynamicTypeIdentifier.encode(payload))
        #expect(DynamicTypeIdentifier.decode(identifier) == payload)
        #expect(UTType(identifier) == UTType(filenameExtension: "abc"))
    }

    @Test func directoriesConformToItemNotData() throws {
        let bundle = try #require(UTType(filenameExtension: "dragkitbundle", conformingTo: .directory))
        #expect(bundle.isDynamic)
        #expect(bundle.conforms(to: .directory))
        #expect(bundle.conforms(to: .item))
        #expect(!bundle.conforms(to: .data))
        let again = try #require(UTType(bundle.identifier))
        #expect(again.conforms(to: .directory), "the supertype is part of the identifier")
        #expect(again != UTType(filenameExtension: "dragkitbundle"), "a different supertype is a different type")
    }

    @Test func mediaTypeOfAnUnknownMIMETypeIsKept() throws {
        let text = try #require(UTType(mimeType: "text/x-dragkit-unknown"))
        #expect(text.isDynamic)
        #expect(text.conforms(to: .plainText))
        let picture = try #require(UTType(mimeType: "image/x-dragkit-unknown"))
        #expect(picture.conforms(to: .image))
        let sound = try #require(UTType(mimeType: "audio/x-dragkit-unknown"))
        #expect(sound.conforms(to: .audio))
        #expect(!sound.conforms(to: .image))
    }

    @Test func asksForMoreThanDataStillGivesData() throws {
        let type = try #require(UTType(filenameExtension: "qqqc", conformingTo: .content))
        #expect(type.conforms(to: .content))
        #expect(type.conforms(to: .data))
        let item = try #require(UTType(filenameExtension: "qqqi", conformingTo: .item))
        #expect(item.conforms(to: .data))
    }

    @Test(arguments: [
        "dyn.",
        "dyn.!!",
        "dyn.a",
        "dyn.abcdefgh1",
        "dyn.ah62d4rv4ge81e5pe",
    ])
    func malformedDynamicIdentifiersAreUndeclared(identifier: String) {
        let type = UTType(identifier)
        #expect(type?.isDynamic != true)
        #expect(type?.isDeclared != true)
        #expect(DynamicTypeIdentifier.decode(identifier) == nil)
    }

    @Test func nonCanonicalSpellingDoesNotDecode() throws {
        // The same tag in upper case would be a second identifier for one type.
        let payload = DynamicTypeIdentifier.Payload(tagClass: .filenameExtension, tag: "ABC", supertype: nil)
        let identifier = try #require(DynamicTypeIdentifier.encode(payload))
        #expect(DynamicTypeIdentifier.decode(identifier) == nil)
    }

    @Test func tagTooLongForAnIdentifierGivesNoType() {
        let long = String(repeating: "x", count: 200)
        #expect(UTType(filenameExtension: long) == nil)
    }

    /// The identifier is RFC 4648 base32 of its parts, so other programs
    /// can read it; these were worked out apart from DragKit.
    @Test(arguments: [
        (DynamicTypeIdentifier.Payload(tagClass: .mimeType, tag: "image/*", supertype: nil), "dyn.nuags3lbm5ss6kq"),
        (DynamicTypeIdentifier.Payload(tagClass: .filenameExtension, tag: "dragkitbundle", supertype: "public.directory"),
         "dyn.muagi4tbm5vws5dcovxgi3dfabyhkytmnfrs4zdjojswg5dpoj4q"),
        (DynamicTypeIdentifier.Payload(tagClass: UTTagClass(rawValue: "com.example.tag"), tag: "x", supertype: nil),
         "dyn.hvrw63jomv4gc3lqnrss45dbm4ahq"),
    ])
    func identifierIsTheBase32OfItsParts(_ payload: DynamicTypeIdentifier.Payload, _ expected: String) {
        #expect(DynamicTypeIdentifier.encode(payload) == expected)
        #expect(DynamicTypeIdentifier.decode(expected) == payload)
    }

    /// 154 letters make an identifier of 254 characters; 155 would make 256,
    /// past the 255 an identifier may have.
    @Test func theLongestTagThatFitsStillGetsAType() throws {
        let longest = try #require(UTType(filenameExtension: String(repeating: "x", count: 154)))
        #expect(longest.identifier.utf8.count == 254)
        #expect(UTType(longest.identifier) == longest)
        #expect(UTType(filenameExtension: String(repeating: "x", count: 155)) == nil)
    }

    /// A dynamic type made by a MIME query spells its identifier only when
    /// asked; it must be the one its tag encodes, and name the same type.
    @Test func aTypeMadeForAnUnknownMIMETypeHasTheIdentifierItsTagEncodes() throws {
        let wildcard = try #require(UTType(mimeType: "Image/*"))
        #expect(wildcard.identifier == "dyn.nuags3lbm5ss6kq")
        #expect(UTType(wildcard.identifier) == wildcard)
        #expect(wildcard.conforms(to: .image))
        #expect(wildcard.dynamicTag?.tag == "image/*")
        #expect(UTType(mimeType: "image/*") == wildcard)
    }
}
