import Foundation
import Testing
import UniformTypes
@testable import ItemProviders

@Suite("Loading")
struct ItemProviderLoadingTests {
    @Test("Handlers run only for the requested type, once per request")
    func lazyHandlers() async throws {
        let png = Counter(), text = Counter(), json = Counter()
        let provider = ItemProvider()
        provider.registerDataRepresentation(for: .png) { png.increment(); return Fixtures.png(width: 1, height: 1) }
        provider.registerDataRepresentation(for: .json) { json.increment(); return Data("{}".utf8) }
        provider.registerDataRepresentation(for: .utf8PlainText) { text.increment(); return Data("hi".utf8) }

        _ = provider.registeredContentTypes
        _ = provider.hasItemConforming(to: .text)
        _ = provider.canLoadObject(ofClass: String.self)
        #expect([png.count, json.count, text.count] == [0, 0, 0] as [Int])

        #expect(try await provider.loadDataRepresentation(for: .utf8PlainText) == Data("hi".utf8))
        #expect([png.count, json.count, text.count] == [0, 0, 1] as [Int])
        _ = try await provider.loadDataRepresentation(for: .utf8PlainText)
        #expect([png.count, json.count, text.count] == [0, 0, 2] as [Int])
    }

    @Test("Asking for a supertype delivers the best registered subtype")
    func supertypeRequest() async throws {
        let provider = ItemProvider()
        provider.registerDataRepresentation(for: .png) { Fixtures.png(width: 1, height: 1) }
        provider.registerDataRepresentation(for: .utf8PlainText) { Data("text".utf8) }
        provider.registerDataRepresentation(for: .json) { Data("{}".utf8) }
        #expect(try await provider.loadDataRepresentation(for: .text) == Data("text".utf8))
        #expect(try await provider.loadDataRepresentation(for: .plainText) == Data("text".utf8))
        #expect(try await provider.loadDataRepresentation(for: .image) == Fixtures.png(width: 1, height: 1))
        #expect(try await provider.loadDataRepresentation(for: .data) == Fixtures.png(width: 1, height: 1))
    }

    @Test("Data loads as a file that lives until the body returns, named after the item")
    func dataToFile() async throws {
        let provider = ItemProvider()
        provider.suggestedName = "Tower notes"
        provider.registerDataRepresentation(for: .utf8PlainText) { Data("bytes on disk".utf8) }
        let seen = try await provider.withFileRepresentation(for: .plainText) { url throws in
            #expect(FileManager.default.fileExists(atPath: url.path))
            #expect(try Data(contentsOf: url) == Data("bytes on disk".utf8))
            return url
        }
        #expect(seen.lastPathComponent.hasPrefix("Tower notes"))
        #expect(!FileManager.default.fileExists(atPath: seen.path))
        #expect(!FileManager.default.fileExists(atPath: seen.deletingLastPathComponent().path))
    }

    @Test("The temporary file is removed even when the body throws, and the body's error comes through")
    func fileRemovedWhenBodyThrows() async throws {
        let provider = ItemProvider()
        provider.registerDataRepresentation(for: .png) { Fixtures.png(width: 1, height: 1) }
        let kept = Mutex<URL?>(nil)
        await #expect(throws: SomeHandlerError.self) {
            try await provider.withFileRepresentation(for: .png) { url in
                kept.withLock { $0 = url }
                throw SomeHandlerError()
            }
        }
        let url = try #require(kept.withLock { $0 })
        #expect(url.pathExtension == "png")
        #expect(!FileManager.default.fileExists(atPath: url.path))
    }

    @Test("A file representation loads as data, and as a private copy that leaves the original alone")
    func fileToDataAndCopy() async throws {
        let folder = try makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let original = folder.appendingPathComponent("cache.json")
        try Data(#"{"name":"Tower"}"#.utf8).write(to: original)
        let provider = ItemProvider()
        provider.registerFileRepresentation(for: .json) { original }

        #expect(try await provider.loadDataRepresentation(for: .json) == Data(#"{"name":"Tower"}"#.utf8))
        let copy = try await provider.withFileRepresentation(for: .json) { url throws in
            #expect(url != original)
            #expect(url.lastPathComponent == "cache.json")
            #expect(try Data(contentsOf: url) == Data(#"{"name":"Tower"}"#.utf8))
            return url
        }
        #expect(!FileManager.default.fileExists(atPath: copy.path))
        #expect(FileManager.default.fileExists(atPath: original.path))
    }

    @Test("Open in place hands over the original when the source allows it, a copy otherwise")
    func openInPlace() async throws {
        let folder = try makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let shared = folder.appendingPathComponent("shared.pdf")
        let private_ = folder.appendingPathComponent("private.pdf")
        try Data("shared".utf8).write(to: shared)
        try Data("private".utf8).write(to: private_)

        let inPlace = ItemProvider()
        inPlace.registerFileRepresentation(for: .pdfLike, openInPlace: true) { shared }
        let (url, isInPlace) = try await inPlace.withInPlaceFileRepresentation(for: .pdfLike) { ($0, $1) }
        #expect(isInPlace)
        #expect(url == shared)
        #expect(FileManager.default.fileExists(atPath: shared.path))

        let copied = ItemProvider()
        copied.registerFileRepresentation(for: .pdfLike) { private_ }
        let (copyURL, copyInPlace) = try await copied.withInPlaceFileRepresentation(for: .pdfLike) { url, isInPlace throws in
            #expect(try Data(contentsOf: url) == Data("private".utf8))
            return (url, isInPlace)
        }
        #expect(!copyInPlace)
        #expect(copyURL != private_)
        #expect(FileManager.default.fileExists(atPath: private_.path))
    }

    @Test("A caller's Progress reports the load as done")
    func progressCompletes() async throws {
        let folder = try makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("blob.bin")
        try Data(repeating: 7, count: 100_000).write(to: file)
        let provider = ItemProvider()
        provider.registerFileRepresentation(for: .data) { file }

        let progress = Progress(totalUnitCount: 10)
        let size = try await provider.withFileRepresentation(for: .data, progress: progress) { url in
            try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int
        }
        #expect(size == 100_000)
        #expect(progress.fractionCompleted == 1)

        let dataProgress = Progress(totalUnitCount: 1)
        _ = try await provider.loadDataRepresentation(for: .data, progress: dataProgress)
        #expect(dataProgress.fractionCompleted == 1)
    }

    @Test("Completion-handler loads deliver data, files and objects and return a finished Progress")
    func completionHandlerLoads() async throws {
        let provider = ItemProvider(object: Geocache(name: "Tower", summary: "Old"))

        let data: Data? = await withCheckedContinuation { continuation in
            let progress = provider.loadDataRepresentation(for: .plainText) { data, error in
                #expect(error == nil)
                continuation.resume(returning: data)
            }
            #expect(progress.totalUnitCount > 0)
        }
        #expect(data == Data("Tower".utf8))

        let fileURL: URL? = await withCheckedContinuation { continuation in
            provider.loadFileRepresentation(for: .png) { url, error in
                #expect(error == nil)
                #expect(url.map { FileManager.default.fileExists(atPath: $0.path) } == true)
                continuation.resume(returning: url)
            }
        }
        #expect(fileURL.map { FileManager.default.fileExists(atPath: $0.path) } == false)

        let inPlace: Bool? = await withCheckedContinuation { continuation in
            provider.loadInPlaceFileRepresentation(for: .png) { _, isInPlace, error in
                #expect(error == nil)
                continuation.resume(returning: isInPlace)
            }
        }
        #expect(inPlace == false)

        let outside = provider.view(for: .otherProcess)
        let cache: Geocache? = await withCheckedContinuation { continuation in
            outside.loadObject(ofClass: Geocache.self) { cache, error in
                #expect(error == nil)
                continuation.resume(returning: cache)
            }
        }
        #expect(cache == Geocache(name: "Tower", summary: "Old"))

        let missing: ItemProviderError? = await withCheckedContinuation { continuation in
            provider.loadDataRepresentation(for: .jpeg) { data, error in
                #expect(data == nil)
                continuation.resume(returning: error)
            }
        }
        #expect(missing?.code == .typeNotRegistered)
    }

    @Test("Completion-block handlers registered the UIKit way deliver data and files")
    func completionBlockRegistration() async throws {
        let folder = try makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("note.txt")
        try Data("from a file".utf8).write(to: file)

        let provider = ItemProvider()
        provider.registerDataRepresentation(for: .utf8PlainText) { completion in
            completion(Data("from a block".utf8), nil)
            completion(Data("ignored second call".utf8), nil)
            return nil
        }
        provider.registerFileRepresentation(for: .pdfLike) { completion in
            completion(file, nil)
            return Progress(totalUnitCount: 1)
        }
        #expect(try await provider.loadObject(ofClass: String.self) == "from a block")
        #expect(try await provider.loadDataRepresentation(for: .pdfLike) == Data("from a file".utf8))
    }

    @Test("A String registered as an object comes back as the same value in the own process without encoding")
    func ownProcessObject() async throws {
        let loads = Counter()
        struct Counted: ItemProviderWriting, ItemProviderReading {
            let value: Int
            let loads: Counter
            static var writableContentTypes: [UTType] { [.utf8PlainText] }
            static var readableContentTypes: [UTType] { [.plainText] }
            func loadData(for contentType: UTType) async throws -> Data {
                loads.increment()
                return Data("\(value)".utf8)
            }
            static func object(fromItemProviderData data: Data, contentType: UTType) throws -> Counted {
                Counted(value: Int(String(decoding: data, as: UTF8.self)) ?? -1, loads: Counter())
            }
        }
        let provider = ItemProvider(object: Counted(value: 42, loads: loads))
        let local = try await provider.loadObject(ofClass: Counted.self)
        #expect(local.value == 42)
        #expect(local.loads === loads)
        #expect(loads.count == 0)

        let remote = try await provider.view(for: .otherProcess).loadObject(ofClass: Counted.self)
        #expect(remote.value == 42)
        #expect(loads.count == 1)
    }
}

import Synchronization
