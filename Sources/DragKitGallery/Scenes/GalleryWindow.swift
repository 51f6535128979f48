import DragAndDrop
import DragKitGTK
import DragKitWidgets
import Foundation
import UniformTypes

/// Builds the gallery's windows: a column of labelled tiles, each a drag
/// source or a drop target, reported to tests once laid out.
@MainActor
final class GalleryWindow {
    let window: Window
    let column = Box(.vertical, spacing: 8)
    private var tiles: [String: Widget] = [:]
    private var delegates: [AnyObject] = []

    init(title: String) {
        window = Window(title: title)
        window.isDecorated = false
        window.setDefaultSize(width: 320, height: 120)
        window.child = column
    }

    func addSource(_ name: String, payload: GalleryPayload) {
        let tile = makeTile(name, text: "Drag \(payload.rawValue)")
        let delegate = GallerySource(payload: payload, name: name)
        delegates.append(delegate)
        tile.addInteraction(DragInteraction(delegate: delegate))
    }

    func addTarget(_ name: String, preferred: [UTType]) {
        let tile = makeTile(name, text: "Drop here")
        let delegate = GalleryTarget(name: name, preferred: preferred, widget: tile)
        delegates.append(delegate)
        tile.addInteraction(DropInteraction(delegate: delegate))
        // Hovering on the target for half a second springs it open.
        tile.viewNode.addInteraction(SpringLoadedInteraction(delay: .milliseconds(500)) { _, _ in
            EventLog.emit("spring-loaded", ["target": name])
        })
    }

    func show(role: String) {
        window.present()
        Gallery.announce(window, role: role, widgets: tiles)
    }

    private func makeTile(_ name: String, text: String) -> Widget {
        let tile = Label(text)
        tile.name = name
        tile.addStyleClass("tile")
        tile.setSizeRequest(width: 300, height: 80)
        column.append(tile)
        tiles[name] = tile
        return tile
    }
}
