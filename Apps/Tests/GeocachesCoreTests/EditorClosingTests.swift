import Foundation
import Testing
@testable import GeocachesCore

/// Closing CacheEditor never loses an edit silently: saved when it can be,
/// kept with the reason when it cannot, discarded only on a second close.
@MainActor
@Suite struct EditorClosingTests {
    let folder = temporaryFolder()
    let detail: CacheDetail

    init() throws {
        detail = try CacheDetail(store: EditorStore(folder: folder))
    }

    func reopened() throws -> Geocache? {
        try EditorStore(folder: folder).load()
    }

    @Test func anUnchangedFormJustCloses() throws {
        let shown = try #require(detail.geocache)
        #expect(!detail.hasUnsavedChanges(GeocacheEdit(shown)))
        #expect(detail.closing(with: GeocacheEdit(shown), confirmedDiscard: false) == .close)
    }

    @Test func aNameDroppedIntoTheFormIsSavedOnClose() throws {
        let shown = try #require(detail.geocache)
        var edit = GeocacheEdit(shown)
        edit.name = "Windmill Steps"
        #expect(detail.hasUnsavedChanges(edit))
        #expect(detail.closing(with: edit, confirmedDiscard: false) == .saved)
        #expect(try reopened()?.name == "Windmill Steps")
    }

    @Test func changesThatCannotBeSavedKeepTheWindowOpenUntilASecondClose() throws {
        let shown = try #require(detail.geocache)
        var edit = GeocacheEdit(shown)
        edit.name = "Windmill Steps"
        edit.latitude = "95"
        guard case .keepOpen(let error) = detail.closing(with: edit, confirmedDiscard: false) else {
            Issue.record("A close with a latitude off the globe must keep the window open")
            return
        }
        #expect(error.code == .invalidLatitude)
        #expect(error.description.hasPrefix("Your changes are not saved: Latitude must be from -90 to 90 degrees"))
        #expect(try reopened() == shown)
        // The second close discards them, on purpose.
        #expect(detail.closing(with: edit, confirmedDiscard: true) == .close)
        #expect(try reopened() == shown)
    }
}
