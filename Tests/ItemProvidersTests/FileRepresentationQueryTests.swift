import Foundation
import Testing
import UniformTypes
@testable import ItemProviders

@Suite("Which types are backed by files")
struct FileRepresentationQueryTests {
    /// A provider offering, best first: a PDF file, plain text bytes, a PNG
    /// file, and an own-process-only ZIP file; counting handler runs.
    private func mixedProvider(runs: Counter) -> ItemProvider {
        let provider = ItemProvider()
        let nowhere = URL(fileURLWithPath: "/nonexistent/never-read")
        provider.registerFileRepresentation(for: .pdf) { runs.increment(); return nowhere }
        provider.registerDataRepresentation(for: .utf8PlainText) { runs.increment(); return Data() }
        provider.registerFileRepresentation(for: .png) { progress in runs.increment(); return nowhere }
        provider.registerFileRepresentation(for: .zip, visibility: .ownProcess) { runs.increment(); return nowhere }
        return provider
    }

    @Test("File representations are listed in fidelity order; data ones are not; no handler runs")
    func listsFileTypes() {
        let runs = Counter()
        let provider = mixedProvider(runs: runs)
        #expect(provider.registeredFileContentTypes == [.pdf, .png, .zip])
        #expect(provider.hasFileRepresentation(for: .pdf))
        #expect(provider.hasFileRepresentation(for: .png))
        #expect(!provider.hasFileRepresentation(for: .utf8PlainText))
        #expect(runs.count == 0)
    }

    @Test("A view for another process sees only the file representations it may load")
    func respectsVisibility() {
        let provider = mixedProvider(runs: Counter())
        let outside = provider.view(for: .otherProcess)
        #expect(outside.registeredFileContentTypes == [.pdf, .png])
        #expect(!outside.hasFileRepresentation(for: .zip))
        #expect(provider.hasFileRepresentation(for: .zip))
    }

    @Test("Whether an audience sees files is answered as its view would answer it")
    func offersFilesToAnAudience() {
        let provider = mixedProvider(runs: Counter())
        #expect(provider.offersFiles(to: .otherProcess))
        let onlyOwn = ItemProvider()
        onlyOwn.registerDataRepresentation(for: .utf8PlainText) { Data() }
        onlyOwn.registerFileRepresentation(for: .zip, visibility: .ownProcess) { URL(fileURLWithPath: "/nonexistent.zip") }
        #expect(onlyOwn.offersFiles(to: .ownProcess))
        #expect(!onlyOwn.offersFiles(to: .otherProcess))
        #expect(onlyOwn.view(for: .otherProcess).registeredFileContentTypes.isEmpty)
        let bytesFirst = ItemProvider()
        bytesFirst.registerDataRepresentation(for: .png) { Data() }
        bytesFirst.registerFileRepresentation(for: .png) { URL(fileURLWithPath: "/nonexistent.png") }
        #expect(!bytesFirst.offersFiles(to: .otherProcess))
    }

    @Test("Asking for a supertype answers for the representation a load would pick")
    func supertypes() {
        let provider = mixedProvider(runs: Counter())
        #expect(provider.hasFileRepresentation(for: .image))      // the PNG file
        #expect(!provider.hasFileRepresentation(for: .text))      // the plain text bytes
        #expect(provider.hasFileRepresentation(for: .data))       // the PDF file comes first
        #expect(!provider.hasFileRepresentation(for: .movie))     // nothing conforms
    }

    @Test("A type registered as data before it is registered as a file is delivered as data")
    func dataRegisteredFirstWins() {
        let provider = ItemProvider()
        provider.registerDataRepresentation(for: .png) { Data() }
        provider.registerFileRepresentation(for: .png) { URL(fileURLWithPath: "/nonexistent.png") }
        #expect(provider.registeredFileContentTypes.isEmpty)
        #expect(!provider.hasFileRepresentation(for: .png))
    }

    @Test("Providers made from a file or a Transferable file export are file-backed; objects are not")
    func otherRegistrations() throws {
        let folder = try makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let csv = folder.appendingPathComponent("table.csv")
        try Data("a,b\n".utf8).write(to: csv)
        let fromFile = try #require(ItemProvider(contentsOf: csv))
        #expect(fromFile.registeredFileContentTypes == [.commaSeparatedText])

        let attachment = ItemProvider(transferable: Attachment(contents: Data("%PDF".utf8), name: "a"))
        #expect(attachment.registeredFileContentTypes == [.pdfLike])

        let object = ItemProvider(object: "Hello")
        #expect(object.registeredFileContentTypes.isEmpty)
        #expect(!object.hasFileRepresentation(for: .plainText))
    }

    @Test("The answers hold while the provider is sealed")
    func sealed() async {
        let gate = LoadGate()
        let sealed = mixedProvider(runs: Counter()).sealed(by: gate)
        #expect(sealed.registeredFileContentTypes == [.pdf, .png, .zip])
        let error = await providerError { _ = try await sealed.loadDataRepresentation(for: .pdf) }
        #expect(error?.code == .sealed)
    }
}
