import Foundation
import Testing
import UniformTypes
@testable import ItemProviders

extension UTType {
    static let todoItem = UTType(exportedAs: "com.example.dragkit-tests.todo-item", conformingTo: .json)
    static let todoItemID = UTType(exportedAs: "com.example.dragkit-tests.todo-item-id", conformingTo: .data)
}

/// The "Do It" to-do item: JSON under its own type (which other apps can
/// read as JSON), its identifier for drags inside the app, and its title as
/// plain text for everyone else.
struct TodoItem: Codable, Equatable, Transferable {
    var id = UUID()
    var title: String
    var notes = ""
    var priority = 1
    var completed = false

    static var transferRepresentation: some TransferRepresentation {
        CodableRepresentation(contentType: .todoItem)
            .suggestedFileName { $0.title }
        DataRepresentation(exportedContentType: .todoItemID) { item in Data(item.id.uuidString.utf8) }
            .visibility(.ownProcess)
        ProxyRepresentation(exporting: \.title) { title in TodoItem(title: title) }
    }
}

/// Where Attachment exports its files; the test using it removes it.
let exportFolder = FileManager.default.temporaryDirectory
    .appendingPathComponent("ItemProvidersTests-exports-\(UUID().uuidString)", isDirectory: true)

/// A document exported as a file and imported by copying it.
struct Attachment: Transferable, Equatable {
    var contents: Data
    var name: String

    static var transferRepresentation: some TransferRepresentation {
        FileRepresentation(contentType: .pdfLike) { attachment in
            try FileManager.default.createDirectory(at: exportFolder, withIntermediateDirectories: true)
            let url = exportFolder.appendingPathComponent(UUID().uuidString)
            try attachment.contents.write(to: url)
            return SentTransferredFile(url)
        } importing: { received in
            Attachment(contents: try Data(contentsOf: received.file), name: received.file.lastPathComponent)
        }
        .suggestedFileName("Attachment")
    }
}

@Suite("Transferable")
struct TransferableTests {
    let item = TodoItem(title: "Buy milk", notes: "oat", priority: 2)

    @Test("A to-do item offers its JSON type, its in-app identifier and plain text, in that order")
    func exportedTypes() {
        let provider = ItemProvider(transferable: item)
        #expect(provider.registeredContentTypes == [.todoItem, .todoItemID, .utf8PlainText])
        #expect(provider.view(for: .otherProcess).registeredContentTypes == [.todoItem, .utf8PlainText])
        #expect(provider.hasItemConforming(to: .json))
        #expect(provider.suggestedName == "Buy milk")
    }

    @Test("A to-do item round-trips through another process")
    func roundTrip() async throws {
        let outside = ItemProvider(transferable: item).view(for: .otherProcess)
        #expect(outside.canLoadTransferable(type: TodoItem.self))
        #expect(try await outside.loadTransferable(type: TodoItem.self) == item)
    }

    @Test("Other apps read the to-do item as JSON or as text")
    func readByOthers() async throws {
        let outside = ItemProvider(transferable: item).view(for: .otherProcess)
        let json = try await outside.loadDataRepresentation(for: .json)
        #expect(try JSONDecoder().decode(TodoItem.self, from: json) == item)
        #expect(try await outside.loadObject(ofClass: String.self) == "Buy milk")
        #expect(try await outside.loadTransferable(type: String.self) == "Buy milk")
    }

    @Test("Plain text dropped from another app becomes a new to-do item")
    func plainTextFallback() async throws {
        let provider = ItemProvider(object: "Call mum")
        let imported = try await provider.loadTransferable(type: TodoItem.self)
        #expect(imported.title == "Call mum")
        #expect(imported.priority == 1)
    }

    @Test("The JSON representation wins over plain text when both are offered")
    func bestSharedRepresentation() async throws {
        let provider = ItemProvider()
        provider.register("Text title")
        provider.register(item)
        // Both sides share the JSON type and plain text; the item's own
        // order puts JSON first.
        #expect(try await provider.loadTransferable(type: TodoItem.self) == item)
    }

    @Test("Bad JSON under the to-do type says which key is missing")
    func badJSON() async throws {
        let provider = ItemProvider()
        provider.registerDataRepresentation(for: .todoItem) { Data(#"{"id":"8C6D1E8E-5D3B-4E4E-9E0A-3B0B6F7D2A11"}"#.utf8) }
        let error = await providerError { _ = try await provider.loadTransferable(type: TodoItem.self) }
        #expect(error?.code == .decodingFailed)
        #expect(error?.description.contains("TodoItem") == true)
        #expect(error?.description.contains("\"title\" is missing") == true)
        #expect(error?.underlyingError is DecodingError)
    }

    @Test("A type nothing can import from is reported with what is offered")
    func nothingShared() async throws {
        let provider = ItemProvider()
        provider.registerDataRepresentation(for: .png) { Data() }
        #expect(!provider.canLoadTransferable(type: TodoItem.self))
        let error = await providerError { _ = try await provider.loadTransferable(type: TodoItem.self) }
        #expect(error?.code == .typeNotRegistered)
        #expect(error?.description.contains("public.png") == true)
        #expect(error?.description.contains(UTType.todoItem.identifier) == true)
    }

    @Test("File representations export a file and import a copy named after the item")
    func fileRepresentation() async throws {
        defer { try? FileManager.default.removeItem(at: exportFolder) }
        let attachment = Attachment(contents: Data("PDF bytes".utf8), name: "")
        let provider = ItemProvider(transferable: attachment)
        #expect(provider.registeredContentTypes == [.pdfLike])
        let imported = try await provider.view(for: .otherProcess).loadTransferable(type: Attachment.self)
        #expect(imported.contents == attachment.contents)
        #expect(imported.name.hasPrefix("Attachment"))
        #expect(try await provider.loadDataRepresentation(for: .pdfLike) == attachment.contents)
    }

    @Test("Exporting conditions and result-builder branches choose what is offered")
    func conditions() {
        struct Note: Transferable {
            var text: String
            var isPrivate: Bool
            static var transferRepresentation: some TransferRepresentation {
                ProxyRepresentation(exporting: \.text)
                    .exportingCondition { !$0.isPrivate }
                if Bool.random() || true {
                    DataRepresentation(exportedContentType: .json) { note in Data("{}".utf8) }
                } else {
                    DataRepresentation(exportedContentType: .png) { note in Data() }
                }
            }
        }
        #expect(ItemProvider(transferable: Note(text: "a", isPrivate: false)).registeredContentTypes == [.utf8PlainText, .json])
        #expect(ItemProvider(transferable: Note(text: "a", isPrivate: true)).registeredContentTypes == [.json])
    }

    @Test("Export failures keep the exporter's error")
    func exportFailure() async throws {
        struct Broken: Transferable {
            static var transferRepresentation: some TransferRepresentation {
                DataRepresentation(exportedContentType: .json) { (_: Broken) in throw SomeHandlerError() }
            }
        }
        let error = await providerError { _ = try await ItemProvider(transferable: Broken()).loadDataRepresentation(for: .json) }
        #expect(error?.code == .handlerFailed)
        #expect(error?.underlyingError as? SomeHandlerError == SomeHandlerError())
    }

    @Test("The completion-handler form delivers a Result")
    func completionForm() async throws {
        let provider = ItemProvider(transferable: item)
        let result: Result<TodoItem, ItemProviderError> = await withCheckedContinuation { continuation in
            provider.loadTransferable(type: TodoItem.self) { continuation.resume(returning: $0) }
        }
        #expect(try result.get() == item)
    }

    @Test("Data and URL are Transferable")
    func foundationTypes() async throws {
        #expect(try await ItemProvider(transferable: Data([1, 2])).loadTransferable(type: Data.self) == Data([1, 2]))
        let url = try #require(URL(string: "https://example.com"))
        #expect(try await ItemProvider(transferable: url).loadTransferable(type: URL.self) == url)
        #expect(try await ItemProvider(transferable: "https://example.com").loadTransferable(type: URL.self) == url)
    }
}
