import DragAndDrop
import Foundation
import ItemProviders
import UniformTypes

extension UTType {
    /// A to-do item of the gallery's to-do scene, as JSON.
    static let galleryTodo = UTType(exportedAs: "org.dragkit.gallery.todo-item", conformingTo: .json)
}

/// A to-do item as the to-do scene drags it: JSON of its own type, plain
/// text for other apps; text dropped in becomes a new item.
struct GalleryTodo: Codable, Hashable, Transferable {
    var title: String
    /// The list it is in, and the process that list lives in: a drop in the
    /// same process moves the item out of that list.
    var list: String?
    var process: Int32?

    static var transferRepresentation: some TransferRepresentation {
        CodableRepresentation(contentType: .galleryTodo)
        ProxyRepresentation(exporting: { $0.title }, importing: { GalleryTodo(title: $0) })
    }

    /// The activity that opens a window showing the list named `list`.
    static let showListActivityType = "org.dragkit.gallery.ShowTodoList"

    static func showListActivity(_ list: String) -> UserActivity {
        UserActivity(activityType: showListActivityType, title: list,
                     targetContentIdentifier: "list:\(list)", userInfo: ["source": "gallery"])
    }
}
