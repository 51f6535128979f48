import Foundation
import Testing
import UniformTypes
@testable import ItemProviders

@Suite("ItemProviderReading and ItemProviderWriting")
struct ReadingWritingTests {
    @Test("String travels as UTF-8 plain text and reads UTF-16 with a byte order mark")
    func string() async throws {
        let provider = ItemProvider(object: "Grüße")
        #expect(provider.registeredContentTypes == [.utf8PlainText])
        #expect(try await provider.view(for: .otherProcess).loadObject(ofClass: String.self) == "Grüße")
        let utf16 = try #require("Grüße".data(using: .utf16))
        #expect(try String.object(fromItemProviderData: utf16, contentType: .plainText) == "Grüße")
    }

    @Test("Invalid UTF-8 is a decoding error naming String and the type")
    func badString() async throws {
        let provider = ItemProvider()
        provider.registerDataRepresentation(for: .utf8PlainText) { Data([0xC3, 0x28, 0xFF]) }
        let error = await providerError { _ = try await provider.loadObject(ofClass: String.self) }
        #expect(error?.code == .decodingFailed)
        #expect(error?.contentType == .utf8PlainText)
        #expect(error?.description.contains("String") == true)
        #expect(error?.description.contains("UTF-8") == true)
    }

    @Test("Data reads any representation as its bytes")
    func data() async throws {
        let provider = ItemProvider()
        provider.registerDataRepresentation(for: .png) { Data([1, 2, 3]) }
        #expect(try await provider.view(for: .otherProcess).loadObject(ofClass: Data.self) == Data([1, 2, 3]))
        #expect(ItemProvider(object: Data([9])).registeredContentTypes == [.data])
    }

    @Test("A file URL is offered as public.file-url, a web URL as public.url, both with plain text")
    func url() async throws {
        let file = URL(fileURLWithPath: "/tmp/notes.txt")
        let web = try #require(URL(string: "https://example.com/a?b=c"))
        #expect(ItemProvider(object: file).registeredContentTypes == [.fileURL, .utf8PlainText])
        #expect(ItemProvider(object: web).registeredContentTypes == [.url, .utf8PlainText])
        #expect(try await ItemProvider(object: web).view(for: .otherProcess).loadObject(ofClass: URL.self) == web)
        #expect(try await ItemProvider(object: file).view(for: .otherProcess).loadObject(ofClass: URL.self) == file)

        let text = ItemProvider(object: " https://example.com/x \n")
        #expect(try await text.loadObject(ofClass: URL.self) == URL(string: "https://example.com/x"))
    }

    @Test("Text that is not an absolute URL is a decoding error")
    func badURL() async throws {
        let error = await providerError { _ = try await ItemProvider(object: "just words").loadObject(ofClass: URL.self) }
        #expect(error?.code == .decodingFailed)
        #expect(error?.description.contains("not an absolute URL") == true)
    }

    @Test("A custom model writes its own type first and reads itself or plain text")
    func customModel() async throws {
        let cache = Geocache(name: "Tower", summary: "Old tower")
        let outside = ItemProvider(object: cache).view(for: .otherProcess)
        #expect(try await outside.loadObject(ofClass: Geocache.self) == cache)
        #expect(try await outside.loadObject(ofClass: String.self) == "Tower")
        #expect(try await outside.loadObject(ofClass: BitmapImage.self).pixelWidth == 2)

        let fromText = try await ItemProvider(object: "Bridge").loadObject(ofClass: Geocache.self)
        #expect(fromText == Geocache(name: "Bridge", summary: "Unknown"))
    }

    @Test("A reader's own error is kept under .decodingFailed")
    func readerError() async throws {
        let provider = ItemProvider()
        provider.registerDataRepresentation(for: Geocache.contentType) { Data("not json".utf8) }
        let error = await providerError { _ = try await provider.loadObject(ofClass: Geocache.self) }
        #expect(error?.code == .decodingFailed)
        #expect(error?.underlyingError is DecodingError)
        #expect(error?.description.contains("Geocache") == true)
    }
}
