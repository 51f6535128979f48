import DragAndDrop
import DragDropTesting
import Foundation
import ItemProviders

/// The geocache board: two lanes side by side and, to their right, a notes
/// view standing for another app that takes plain text.
@MainActor
final class Board {
    let window = ViewNode(name: "window", frame: CGRect(x: 0, y: 0, width: 800, height: 600))
    let inProgress: CacheLane
    let completed: CacheLane
    let notes = NotesTarget()
    let harness: DragDropHarness

    init(inProgressNames: [String] = ["Bridge", "Oak", "Pier", "Tower"], completedNames: [String] = ["Lake", "Mill"]) {
        inProgress = CacheLane(
            name: "in-progress", x: 0,
            caches: inProgressNames.enumerated().map { Geocache(id: $0.offset, name: $0.element) }, in: window)
        completed = CacheLane(
            name: "completed", x: 250,
            caches: completedNames.enumerated().map { Geocache(id: 100 + $0.offset, name: $0.element) }, in: window)
        let notesView = ViewNode(name: "notes", frame: CGRect(x: 500, y: 0, width: 300, height: 600))
        notesView.addInteraction(DropInteraction(delegate: notes))
        window.addChild(notesView)
        harness = listHarness(root: window)
    }
}

/// A drop target that copies in any plain text: another app, as far as the
/// lanes can tell.
@MainActor
final class NotesTarget: DropInteractionDelegate {
    private(set) var texts: [String] = []

    func dropInteraction(_ interaction: DropInteraction, canHandle session: DropSession) -> Bool {
        session.canLoadObjects(ofClass: String.self)
    }

    func dropInteraction(_ interaction: DropInteraction, sessionDidUpdate session: DropSession) -> DropProposal {
        .copy
    }

    func dropInteraction(_ interaction: DropInteraction, performDrop session: DropSession) {
        session.loadObjects(ofClass: String.self) { self.texts += $0 }
    }
}
