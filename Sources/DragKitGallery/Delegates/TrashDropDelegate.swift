import DragAndDrop
import DragKitGTK
import DragKitWidgets
import Foundation
import ItemProviders

/// The to-do scene's trash: a SwiftUI-style DropDelegate that logs each of
/// its calls (so tests see SwiftUI's order through GTK), proposes a move,
/// and deletes the dropped item from its list.
@MainActor
final class TrashDropDelegate: DropDelegate {
    let tile: Widget

    init(tile: Widget) {
        self.tile = tile
    }

    func validateDrop(info: DropInfo) -> Bool {
        let valid = info.hasItemsConforming(to: [.galleryTodo])
        EventLog.emit("trash", ["call": "validateDrop", "result": valid])
        return valid
    }

    func dropEntered(info: DropInfo) {
        tile.addStyleClass("drop-hover")
        EventLog.emit("trash", ["call": "dropEntered"])
    }

    func dropUpdated(info: DropInfo) -> DropProposal? {
        EventLog.emit("trash", ["call": "dropUpdated"])
        return .move
    }

    func dropExited(info: DropInfo) {
        tile.removeStyleClass("drop-hover")
        EventLog.emit("trash", ["call": "dropExited"])
    }

    func performDrop(info: DropInfo) -> Bool {
        tile.removeStyleClass("drop-hover")
        EventLog.emit("trash", ["call": "performDrop"])
        for provider in info.itemProviders(for: [.galleryTodo]) {
            Task { @MainActor in
                let todo = try await info.session.trackingLoad {
                    try await provider.loadTransferable(type: GalleryTodo.self)
                }
                if let list = todo.list, todo.process == getpid() { TodoItemsList.lists[list]?.remove(todo.title) }
                EventLog.emit("trashed", ["title": todo.title])
            }
        }
        return true
    }
}
