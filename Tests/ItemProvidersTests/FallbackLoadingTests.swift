import Foundation
import Testing
import UniformTypes
@testable import ItemProviders

/// Asking for the next representation after one failed to arrive.
@Suite("Loading the next representation after a failure")
struct FallbackLoadingTests {
    /// Text that cannot cross (its transfer fails), then HTML and RTF that can.
    private func provider() -> ItemProvider {
        let provider = ItemProvider()
        provider.registerDataRepresentation(for: .utf8PlainText) {
            throw ItemProviderError(.advertisedTypeNotProduced, "The source advertised it but sent nothing.",
                                    contentType: .utf8PlainText, receivedByteCount: 0)
        }
        provider.registerDataRepresentation(for: .html) { Data("<b>hi</b>".utf8) }
        provider.registerDataRepresentation(for: .rtf) { Data("{\\rtf1 hi}".utf8) }
        return provider
    }

    @Test("A transfer failure is marked as such and names the failed type")
    func transferFailure() async throws {
        let error = try await #require(throws: ItemProviderError.self) {
            try await provider().loadDataRepresentation(for: .text)
        }
        #expect(error.isTransferFailure)
        #expect(error.code == .advertisedTypeNotProduced)
        #expect(error.contentType == .utf8PlainText)
        #expect(!ItemProviderError(.handlerFailed, "x").isTransferFailure)
    }

    @Test("Excluding the failed type gives the next conforming representation, in fidelity order")
    func nextData() async throws {
        let provider = provider()
        let next = try await provider.loadDataRepresentation(for: .text, excluding: [.utf8PlainText])
        #expect(next == Data("<b>hi</b>".utf8))
        let after = try await provider.loadDataRepresentation(for: .text, excluding: [.utf8PlainText, .html])
        #expect(after == Data("{\\rtf1 hi}".utf8))
    }

    @Test("When nothing is left, the error says what failed and what is offered")
    func nothingLeft() async throws {
        let error = try await #require(throws: ItemProviderError.self) {
            try await provider().loadDataRepresentation(for: .plainText, excluding: [.utf8PlainText])
        }
        #expect(error.code == .typeNotRegistered)
        #expect(error.description.contains("public.utf8-plain-text failed"))
        #expect(error.description.contains("public.html"))
    }

    @Test("An object is read from the next of its readable types")
    func nextObject() async throws {
        let text = try await provider().loadObject(ofClass: String.self, excluding: [.utf8PlainText])
        #expect(text == "<b>hi</b>")
    }

    @Test("Progress reaches the end of the next load")
    func progress() async throws {
        let progress = Progress(totalUnitCount: 1)
        _ = try await provider().loadDataRepresentation(for: .text, excluding: [.utf8PlainText], progress: progress)
        #expect(progress.fractionCompleted == 1)
    }
}
