import CGtk4

/// What a GTK drag does with its data: GDK's copy/move/link actions.
public struct DragAction: OptionSet, Sendable, Hashable, CustomStringConvertible {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// The destination copies the data.
    public static let copy = DragAction(rawValue: GDK_ACTION_COPY.rawValue)
    /// The destination takes the data; the source deletes its copy.
    public static let move = DragAction(rawValue: GDK_ACTION_MOVE.rawValue)
    /// The destination links to the data.
    public static let link = DragAction(rawValue: GDK_ACTION_LINK.rawValue)

    var gdk: GdkDragAction { GdkDragAction(rawValue: rawValue) }

    public var description: String {
        var names: [String] = []
        if contains(.copy) { names.append("copy") }
        if contains(.move) { names.append("move") }
        if contains(.link) { names.append("link") }
        return names.isEmpty ? "none" : names.joined(separator: "|")
    }
}
