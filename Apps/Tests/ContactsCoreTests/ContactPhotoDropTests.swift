import ContactsCore
import DragAndDrop
import DragDropTesting
import Foundation
import ItemProviders
import Testing
import UniformTypes
import VCard

/// Dropping an image on the contact's photo (seed: copy over the image
/// view's frame, cancel elsewhere, one image only).
@MainActor
@Suite struct ContactPhotoDropTests {
    /// A point inside the photo, and one in the detail view but outside it (root coordinates).
    func points(_ scene: ContactsScene) -> (inside: CGPoint, outside: CGPoint) {
        let detail = scene.detail.node.frame
        let photo = scene.detail.photo.frame
        return (CGPoint(x: detail.minX + photo.midX, y: detail.minY + photo.midY),
                CGPoint(x: detail.minX + photo.midX, y: detail.minY + photo.maxY + 100))
    }

    @Test func anImageDroppedOnThePhotoBecomesTheSavedPhoto() async throws {
        let (scene, harness) = try makeScene(["Ada", "Grace"])
        scene.select(row: 1)
        let (inside, outside) = points(scene)
        let drag = try harness.dragFromOtherProcess(objects: [try BitmapImage(data: onePixelPNG)])
        #expect(try drag.move(to: outside)?.operation == .cancel)
        #expect(try drag.move(to: inside)?.operation == .copy)
        #expect(try await drag.drop() == .copy)
        await scene.detail.finishLoads()

        #expect(scene.detail.contact?.photoData == onePixelPNG)
        #expect(scene.table.contacts[1].photoData == onePixelPNG)
        let saved = try scene.store.contacts()
        #expect(saved[1].photoData == onePixelPNG)
        #expect(saved[1].card.photo?.mediaType == "image/png")
        #expect(saved[0].photoData == nil)
        #expect(harness.transcript.calls(on: ContactDetail.name) == [
            .destination(ContactDetail.name, .canHandle(true)),
            .destination(ContactDetail.name, .didEnter),
            .destination(ContactDetail.name, .didUpdate(DropProposal(operation: .cancel))),
            .destination(ContactDetail.name, .didUpdate(DropProposal(operation: .copy))),
            .destination(ContactDetail.name, .performDrop),
            .destination(ContactDetail.name, .concludeDrop),
            .destination(ContactDetail.name, .didEnd),
        ])
    }

    @Test func aDropOutsideThePhotoIsCancelled() async throws {
        let (scene, harness) = try makeScene(["Ada"])
        let drag = try harness.dragFromOtherProcess(objects: [try BitmapImage(data: onePixelPNG)])
        #expect(try drag.move(to: points(scene).outside)?.operation == .cancel)
        #expect(try await drag.drop() == .cancel)
        await scene.detail.finishLoads()
        #expect(scene.detail.contact?.photoData == nil)
        #expect(try scene.store.contacts()[0].photoData == nil)
    }

    @Test func twoImagesAreRefused() async throws {
        let (scene, harness) = try makeScene(["Ada"])
        let image = try BitmapImage(data: onePixelPNG)
        let drag = try harness.dragFromOtherProcess(objects: [image, image])
        #expect(try drag.move(to: points(scene).inside) == nil)
        #expect(try await drag.drop() == .cancel)
        #expect(harness.transcript.calls(on: ContactDetail.name) == [.destination(ContactDetail.name, .canHandle(false))])
    }

    @Test func anImageFileIsTakenAndANonImageReported() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("photo-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let png = folder.appendingPathComponent("face.png")
        try onePixelPNG.write(to: png)
        let fake = folder.appendingPathComponent("fake.png")
        try Data("not an image".utf8).write(to: fake)

        let (scene, harness) = try makeScene(["Ada"])
        let drag = try harness.dragFromOtherProcess(objects: [png])
        #expect(try drag.move(to: points(scene).inside)?.operation == .copy)
        #expect(try await drag.drop() == .copy)
        await scene.detail.finishLoads()
        #expect(scene.detail.contact?.photoData == onePixelPNG)

        let bad = try harness.dragFromOtherProcess(objects: [fake])
        try bad.move(to: points(scene).inside)
        #expect(try await bad.drop() == .copy)
        await scene.detail.finishLoads()
        #expect(scene.detail.problems.map(\.code) == [.badImage])
        #expect(scene.detail.contact?.photoData == onePixelPNG)
    }
}
