import CGtk4

/// Why GTK cancelled a drag.
public struct DragCancelReason: Sendable, Hashable, CustomStringConvertible {
    let rawValue: UInt32

    /// Dropped where no target accepted it.
    public static let noTarget = DragCancelReason(rawValue: GDK_DRAG_CANCEL_NO_TARGET.rawValue)
    /// The user cancelled (for example pressed Escape).
    public static let userCancelled = DragCancelReason(rawValue: GDK_DRAG_CANCEL_USER_CANCELLED.rawValue)
    /// Something went wrong during the drag.
    public static let error = DragCancelReason(rawValue: GDK_DRAG_CANCEL_ERROR.rawValue)

    public var description: String {
        switch self {
        case .noTarget: "no target"
        case .userCancelled: "user cancelled"
        default: "error"
        }
    }
}
