import Foundation
import Testing
@testable import GeocachesCore

/// A geocache file opened with CacheEditor (from the desktop or the
/// command line) replaces the shown geocache as a drop does; a bad file is
/// reported and changes nothing.
@MainActor
@Suite struct CacheDetailFilesTests {
    let folder = temporaryFolder()
    let detail: CacheDetail

    init() throws {
        detail = try CacheDetail(store: EditorStore(folder: folder))
    }

    func file(_ name: String, _ contents: String) throws -> URL {
        let url = folder.appendingPathComponent(name)
        try Data(contents.utf8).write(to: url)
        return url
    }

    @Test func aGeocacheFileIsShownAndStored() throws {
        let url = try file("mill.geocache", #"{"latitude":52.1,"longitude":4.3,"name":"Old Mill","summary":"Behind the wheel"}"#)
        detail.open([url])
        #expect(detail.errors.isEmpty)
        #expect(detail.geocache?.name == "Old Mill")
        #expect(try EditorStore(folder: folder).load()?.summary == "Behind the wheel", "kept after a restart")
    }

    @Test func aFileThatIsNotAGeocacheIsReportedByNameAndChangesNothing() throws {
        let shown = detail.geocache
        let url = try file("notes.geocache", #"{"name":"Old Mill"}"#)
        detail.open([url])
        #expect(detail.geocache == shown)
        let error = try #require(detail.errors.first)
        #expect(error.code == .invalidData)
        #expect(error.description.hasPrefix("notes.geocache is not a geocache:"), "\(error)")
    }

    @Test func aMissingFileIsReported() throws {
        let shown = detail.geocache
        detail.open([folder.appendingPathComponent("gone.geocache")])
        #expect(detail.geocache == shown)
        #expect(detail.errors.first?.code == .loadFailed)
        #expect(detail.errors.first?.description.contains("gone.geocache") == true)
    }

    @Test func theEditorOpensTheFirstOfSeveralFilesAndSaysSoOfTheRest() throws {
        let first = try file("a.geocache", #"{"latitude":1,"longitude":2,"name":"First","summary":""}"#)
        let second = try file("b.geocache", #"{"latitude":3,"longitude":4,"name":"Second","summary":""}"#)
        detail.open([first, second])
        #expect(detail.geocache?.name == "First")
        #expect(detail.errors.map(\.code) == [.tooManyItems])
        #expect(detail.errors.first?.description.contains("left b.geocache unopened") == true)
    }
}
