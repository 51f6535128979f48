import DragAndDrop
import DragDropTesting
import Foundation
import ItemProviders
import Testing
import UniformTypes
@testable import GeocachesCore

/// CacheEditor's detail view: a drag source for its geocache, a drop
/// target for geocaches only (copy), and the editing form's checks.
@MainActor
@Suite struct CacheDetailTests {
    let folder = temporaryFolder()
    let window = ViewNode(name: "window", frame: CGRect(x: 0, y: 0, width: 1000, height: 600))
    let detail: CacheDetail
    let notes = Collector(accepting: .geocache)
    let harness: DragDropHarness

    init() throws {
        detail = try CacheDetail(store: EditorStore(folder: folder))
        let node = ViewNode(name: "detail", frame: CGRect(x: 0, y: 0, width: 480, height: 560))
        let picture = ViewNode(name: "picture", frame: CGRect(x: 16, y: 16, width: 160, height: 160))
        node.addChild(picture)
        detail.attach(to: node, picture: picture)
        window.addChild(node)
        let other = ViewNode(name: "board", frame: CGRect(x: 600, y: 0, width: 300, height: 600))
        other.addInteraction(DropInteraction(delegate: notes))
        window.addChild(other)
        harness = DragDropHarness(root: window)
    }

    let dropped = Geocache(name: "Canal Bridge", summary: "Under the north arch", latitude: 52.3676,
                           longitude: 4.9041, image: tinyPNG)

    /// The geocache the editor would show after a restart.
    func reopened() throws -> Geocache? {
        try EditorStore(folder: folder).load()
    }

    @Test func aNewEditorShowsItsSample() throws {
        #expect(detail.geocache == SampleGeocaches.editor)
        #expect(try reopened() == SampleGeocaches.editor)
    }

    @Test func theShownGeocacheDragsOutWhole() async throws {
        let drag = try harness.lift(from: "detail", at: CGPoint(x: 300, y: 300))
        #expect(try drag.move(to: "board") == .copy)
        #expect(try await drag.drop() == .copy)
        await notes.finishLoads()
        let data = try #require(notes.received.first)
        #expect(try Geocache(jsonData: data) == SampleGeocaches.editor)
        #expect(harness.transcript.calls == [
            .source("detail", .itemsForBeginning(1)),
            .source("detail", .allowsMoveOperation(true)),
            .source("detail", .isRestrictedToDraggingApplication(false)),
            .source("detail", .willBegin),
            .destination("board", .canHandle(true)),
            .destination("board", .didEnter),
            .destination("board", .didUpdate(.copy)),
            .source("detail", .didMove),
            .source("detail", .willEnd(.copy)),
            .destination("board", .performDrop),
            .destination("board", .concludeDrop),
            .source("detail", .didEnd(.copy)),
            .destination("board", .didEnd),
            .source("detail", .didTransferItems),
        ])
    }

    @Test func aDroppedGeocacheIsCopiedInShownAndSaved() async throws {
        var shown: [String] = []
        detail.onChange = { shown.append($0?.name ?? "") }
        let drag = try harness.dragFromOtherProcess(objects: [dropped])
        #expect(try drag.move(to: "detail", at: CGPoint(x: 300, y: 300)) == .copy)
        #expect(try await drag.drop() == .copy)
        await detail.finishLoads()

        #expect(detail.geocache == dropped)
        #expect(shown == ["Canal Bridge"])
        #expect(try reopened() == dropped)
        #expect(harness.transcript.destinationCalls == [
            .destination("detail", .canHandle(true)),
            .destination("detail", .didEnter),
            .destination("detail", .didUpdate(.copy)),
            .destination("detail", .performDrop),
            .destination("detail", .concludeDrop),
            .destination("detail", .didEnd),
        ])
    }

    @Test func plainTextIsNotAGeocacheHere() throws {
        let drag = try harness.dragFromOtherProcess([textProvider("Lighthouse")])
        #expect(try drag.move(to: "detail", at: CGPoint(x: 300, y: 300)) == nil)
        try drag.cancel()
        #expect(harness.transcript.destinationCalls == [.destination("detail", .canHandle(false))])
        #expect(detail.geocache == SampleGeocaches.editor)
    }

    @Test func twoGeocachesAtOnceAreRefused() async throws {
        let drag = try harness.dragFromOtherProcess(objects: [dropped, SampleGeocaches.board[0].geocache])
        #expect(try drag.move(to: "detail", at: CGPoint(x: 300, y: 300)) == .cancel)
        #expect(try await drag.drop() == .cancel)
        #expect(detail.geocache == SampleGeocaches.editor)
    }

    @Test func aSourceThatQuitsOrBadDataLeavesTheShownGeocache() async throws {
        for provider in [deadSourceProvider(), geocacheTypeProvider(Data(#"{"name":"x","summary":"y","latitude":500,"longitude":0}"#.utf8))] {
            let drag = try harness.dragFromOtherProcess([provider])
            #expect(try drag.move(to: "detail", at: CGPoint(x: 300, y: 300)) == .copy)
            #expect(try await drag.drop() == .copy)
            await detail.finishLoads()
        }
        #expect(detail.geocache == SampleGeocaches.editor)
        #expect(try reopened() == SampleGeocaches.editor)
        #expect(detail.errors.map(\.code) == [.loadFailed, .invalidLatitude])
    }

    @Test func aStoreThatCannotSaveKeepsTheShownGeocache() async throws {
        try detail.store.database.inDatabase { try $0.execute(sql: "PRAGMA query_only = 1") }
        let drag = try harness.dragFromOtherProcess(objects: [dropped])
        try drag.move(to: "detail", at: CGPoint(x: 300, y: 300))
        #expect(try await drag.drop() == .copy)
        await detail.finishLoads()
        #expect(detail.geocache == SampleGeocaches.editor)
        #expect(detail.errors.map(\.code) == [.storeFailed])
    }

    // MARK: - Editing

    @Test func editsAreSavedAndBadCoordinatesRefusedFieldByField() throws {
        let bad = GeocacheEdit(name: "Mill", summary: "s", latitude: "91", longitude: "east")
        #expect(bad.problems.map(\.code) == [.invalidLatitude, .invalidLongitude])
        #expect(bad.problems[1].description.contains("“east” is not"))
        let error = try #require(throws: GeocacheError.self) { try detail.apply(bad) }
        #expect(error.code == .invalidLatitude)
        #expect(detail.geocache == SampleGeocaches.editor)

        try detail.apply(GeocacheEdit(name: " Mill ", summary: "By the wheel", latitude: "52,5", longitude: "-4.25"))
        let expected = Geocache(name: "Mill", summary: "By the wheel", latitude: 52.5, longitude: -4.25,
                                image: SampleGeocaches.editor.image)
        #expect(detail.geocache == expected)
        #expect(try reopened() == expected)
        #expect(GeocacheEdit(expected) == GeocacheEdit(name: "Mill", summary: "By the wheel", latitude: "52.5000", longitude: "-4.2500"))
    }

    @Test func thePictureTakesAPNGAndRefusesAnythingElse() throws {
        let error = try #require(throws: GeocacheError.self) { try detail.setImage(Data("hello".utf8)) }
        #expect(error.code == .invalidImage)
        try detail.removeImage()
        #expect(detail.geocache?.image == nil)
        let file = folder.appendingPathComponent("tiny.png")
        try tinyPNG.write(to: file)
        try detail.setImage(contentsOf: file)
        #expect(try reopened()?.image == tinyPNG)
        #expect(detail.export.geocache?.hasImage == true)
    }

    @Test func aPNGDroppedOnThePictureBecomesThePicture() async throws {
        try detail.removeImage()
        let image = ItemProvider()
        image.registerDataRepresentation(for: .png) { tinyPNG }
        let drag = try harness.dragFromOtherProcess([image])
        #expect(try drag.move(to: "picture", at: CGPoint(x: 50, y: 50)) == .copy)
        #expect(try await drag.drop() == .copy)
        await detail.finishLoads()
        #expect(detail.geocache?.image == tinyPNG)
        #expect(detail.geocache?.name == SampleGeocaches.editor.name)
    }
}
