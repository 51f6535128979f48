import Foundation
import Testing
import UniformTypes
@testable import ItemProviders

@Suite("Errors")
struct ItemProviderErrorTests {
    @Test("Asking for an unregistered type lists what is registered")
    func typeNotRegistered() async throws {
        let provider = ItemProvider()
        provider.registerDataRepresentation(for: .png) { Data() }
        provider.registerDataRepresentation(for: .utf8PlainText) { Data() }
        let error = await providerError { _ = try await provider.loadDataRepresentation(for: .vCard) }
        #expect(error?.code == .typeNotRegistered)
        #expect(error?.contentType == .vCard)
        #expect(error?.description == "Nothing registered conforms to public.vcard. The provider offers: public.png, public.utf8-plain-text. Ask for one of those, or for a supertype they share.")

        let empty = await providerError { _ = try await ItemProvider().loadObject(ofClass: String.self) }
        #expect(empty?.code == .typeNotRegistered)
        #expect(empty?.description.contains("offers nothing") == true)
    }

    @Test("A failing handler's error is kept")
    func handlerFailed() async throws {
        let provider = ItemProvider()
        provider.registerDataRepresentation(for: .png) { throw SomeHandlerError() }
        let error = await providerError { _ = try await provider.loadDataRepresentation(for: .png) }
        #expect(error?.code == .handlerFailed)
        #expect(error?.underlyingError as? SomeHandlerError == SomeHandlerError())
        #expect(error?.description.contains("the disk is on fire") == true)
    }

    @Test("A completion block called with neither value nor error is a handler failure")
    func emptyCompletion() async throws {
        let provider = ItemProvider()
        provider.registerDataRepresentation(for: .png) { completion in
            completion(nil, nil)
            return nil
        }
        let error = await providerError { _ = try await provider.loadDataRepresentation(for: .png) }
        #expect(error?.code == .handlerFailed)
        #expect(error?.description.contains("neither a value nor an error") == true)
    }

    @Test("Missing, non-file and directory URLs are unavailable files", arguments: [
        URL(fileURLWithPath: "/nonexistent/dragkit/file.bin"),
        URL(string: "https://example.com/file.bin")!,
        URL(fileURLWithPath: "/tmp", isDirectory: true),
    ])
    func fileUnavailable(url: URL) async throws {
        let provider = ItemProvider()
        provider.registerFileRepresentation(for: .data) { url }
        let asFile = await providerError { try await provider.withFileRepresentation(for: .data) { _ in } }
        #expect(asFile?.code == .fileUnavailable)
        #expect(asFile?.description.contains(url.path) == true)
        let asData = await providerError { _ = try await provider.loadDataRepresentation(for: .data) }
        #expect(asData?.code == .fileUnavailable)
    }

    @Test("An in-place file that is missing is unavailable")
    func inPlaceMissing() async throws {
        let provider = ItemProvider()
        provider.registerFileRepresentation(for: .data, openInPlace: true) { URL(fileURLWithPath: "/nonexistent/in-place.bin") }
        let error = await providerError { try await provider.withInPlaceFileRepresentation(for: .data) { _, _ in } }
        #expect(error?.code == .fileUnavailable)
    }

    @Test("Codes compare by name and print it")
    func codes() {
        let codes: [ItemProviderError.Code] = [.typeNotRegistered, .handlerFailed, .decodingFailed, .fileUnavailable, .notVisible, .cancelled, .sealed]
        #expect(Set(codes).count == codes.count)
        #expect(codes.map(\.description) == ["typeNotRegistered", "handlerFailed", "decodingFailed", "fileUnavailable", "notVisible", "cancelled", "sealed"])
        let error = ItemProviderError(.decodingFailed, "Bad bytes.")
        #expect("\(error)" == "Bad bytes.")
    }
}
