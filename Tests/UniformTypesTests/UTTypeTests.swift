import Foundation
import Testing
@testable import UniformTypes

@Suite("UTType identifiers, equality and coding")
struct UTTypeTests {
    @Test func equalityIgnoresCase() {
        let shouted = UTType("PUBLIC.PNG")
        #expect(shouted == .png)
        #expect(shouted?.identifier == "public.png", "a known type keeps its declared spelling")
        #expect(Set([UTType.png, UTType("Public.Png")!]).count == 1)
        #expect(UTType.png != .jpeg)
    }

    @Test func undeclaredIdentifierConformsOnlyToItself() throws {
        let type = try #require(UTType("com.example.never-declared"))
        #expect(type.conforms(to: type))
        #expect(type.conforms(to: UTType("COM.EXAMPLE.NEVER-DECLARED")!))
        #expect(!type.conforms(to: .data))
        #expect(!type.conforms(to: .item))
        #expect(type.tags.isEmpty)
        #expect(!type.isDeclared)
        #expect(!type.isDynamic)
        #expect(type.origin == .undeclared)
    }

    @Test(arguments: [
        ("", "cannot be empty"),
        ("public png", "whitespace"),
        ("public.png ", "whitespace"),
        ("public.\u{00A0}png", "whitespace"),
        ("public.p\tng", "control character"),
        ("public.png\n", "control character"),
        ("public.\u{7}bell", "control character (U+7)"),
        (".public.png", "starts with a dot"),
        ("public.png.", "ends with a dot"),
        ("public..png", "empty component"),
        (".", "starts with a dot"),
        (String(repeating: "a", count: 256), "256 bytes long, the limit is 255"),
        (String(repeating: "é", count: 128), "256 bytes long, the limit is 255"),
    ])
    func invalidIdentifiersAreRefusedWithTheReason(identifier: String, reason: String) {
        #expect(UTType(identifier) == nil)
        #expect {
            try UTType(validating: identifier)
        } throws: { error in
            let error = error as! UTTypeError
            return error.code == .invalidIdentifier && error.description.contains(reason)
        }
    }

    @Test func longestValidIdentifierIsAccepted() {
        #expect(UTType(String(repeating: "a", count: 255)) != nil)
        #expect(UTType("com.example.a-b_c+d") != nil)
    }

    @Test func conformanceIsReflexiveAndTransitive() {
        #expect(UTType.png.conforms(to: .png))
        #expect(UTType.png.conforms(to: .image))
        #expect(UTType.png.conforms(to: .data))
        #expect(UTType.png.conforms(to: .item))
        #expect(UTType.png.conforms(to: .content))
        #expect(!UTType.image.conforms(to: .png))
        #expect(!UTType.png.conforms(to: .text))
    }

    @Test func supertypeAndSubtypeAreStrict() {
        #expect(UTType.image.isSupertype(of: .png))
        #expect(UTType.png.isSubtype(of: .image))
        #expect(!UTType.png.isSupertype(of: .png))
        #expect(!UTType.png.isSubtype(of: .png))
        #expect(!UTType.png.isSupertype(of: .image))
    }

    @Test func supertypesListEveryAncestorOnceWithoutItself() {
        #expect(UTType.png.supertypes == [.image, .data, .content, .item])
        #expect(UTType.png.orderedSupertypes == [.image, .data, .content, .item], "nearest first")
        #expect(UTType.item.supertypes.isEmpty)
        #expect(UTType.utf8TabSeparatedText.directSupertypes == [.tabSeparatedText, .utf8PlainText])
        let all = UTType.utf8TabSeparatedText.orderedSupertypes
        #expect(all.count == Set(all).count)
        #expect(Set(all) == [.tabSeparatedText, .utf8PlainText, .plainText, .delimitedText, .text, .data, .content, .item])
    }

    @Test func codableRoundTripsAndRejectsInvalidIdentifiers() throws {
        let encoded = try JSONEncoder().encode([UTType.png, UTType.vCard])
        #expect(String(decoding: encoded, as: UTF8.self) == #"["public.png","public.vcard"]"#)
        #expect(try JSONDecoder().decode([UTType].self, from: encoded) == [.png, .vCard])
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode([UTType].self, from: Data(#"["not valid"]"#.utf8))
        }
    }

    @Test func descriptionIsTheIdentifier() {
        #expect(UTType.png.description == "public.png")
        #expect(UTType.png.debugDescription == "UTType(public.png)")
    }
}
