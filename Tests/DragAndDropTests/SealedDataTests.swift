import DragAndDrop
import DragDropTesting
import Foundation
import ItemProviders
import Testing
import UniformTypes

/// Records what a target could learn and load at each step.
@MainActor
final class ProbingTarget: DropInteractionDelegate {
    var typeAnswersWhileHovering: [Bool] = []
    var loadErrorWhileHovering: (any Error)?
    var unsealedAtPerform: Bool?
    var loaded: [String] = []

    func dropInteraction(_ interaction: DropInteraction, canHandle session: DropSession) -> Bool {
        typeAnswersWhileHovering.append(session.hasItemsConforming(to: .plainText))
        typeAnswersWhileHovering.append(session.canLoadObjects(ofClass: String.self))
        return true
    }

    func dropInteraction(_ interaction: DropInteraction, sessionDidUpdate session: DropSession) -> DropProposal {
        .copy
    }

    func dropInteraction(_ interaction: DropInteraction, performDrop session: DropSession) {
        unsealedAtPerform = session.isUnsealed
        Task {
            self.loaded = (try? await session.loadObjects(ofClass: String.self)) ?? []
        }
    }
}

@MainActor
@Suite("Sealed data")
struct SealedDataTests {
    @Test("Before performDrop loads fail with a clear error; types can be asked")
    func sealedUntilDrop() async throws {
        let scene = Scene()
        let probe = ProbingTarget()
        scene.makeZoneTarget(probe)

        let drag = try scene.harness.lift(from: "photo")
        try drag.move(to: "zone")
        let session = try #require(drag.dropSession)
        #expect(probe.typeAnswersWhileHovering == [true, true])
        #expect(!session.isUnsealed)

        let error = await #expect(throws: DropSessionError.self) {
            try await session.loadObjects(ofClass: String.self)
        }
        #expect(error?.code == .sealed)
        #expect(error?.description.contains("performDrop") == true)

        let provider = try #require(session.items.first?.itemProvider)
        let providerError = await #expect(throws: ItemProviderError.self) {
            try await provider.loadDataRepresentation(for: .utf8PlainText)
        }
        #expect(providerError?.code == .sealed)

        var completionObjects: [String]?
        session.loadObjects(ofClass: String.self) { completionObjects = $0 }
        await session.waitForLoads()
        #expect(completionObjects == [])

        #expect(try await drag.drop() == .copy)
        #expect(probe.unsealedAtPerform == true)
        #expect(probe.loaded == ["hello"])
    }

    @Test("A cancelled drag never unseals its data")
    func cancelledStaysSealed() async throws {
        let scene = Scene()
        let drag = try scene.harness.lift(from: "photo")
        try drag.move(to: "zone")
        let session = try #require(drag.dropSession)
        try drag.cancel()
        #expect(!session.isUnsealed)
        await #expect(throws: DropSessionError.self) {
            try await session.loadObjects(ofClass: String.self)
        }
    }
}
