import Foundation
import ItemProviders
import UniformTypes

/// Something the user is doing in the app that another window can take
/// over, such as showing one to-do list (`NSUserActivity`, for what drag
/// and drop needs of it). Register one on a dragged item's provider
/// (``ItemProviders/ItemProvider/registerUserActivity(_:)``): a drag of
/// that item let go over no window makes the app open a window for it,
/// when the app handles the activity's type
/// (``DragDropEngine/handleUserActivities(_:open:)``).
///
/// ```swift
/// extension TodoList {
///     static let activityType = "com.example.doit.ShowTodoList"
///     var userActivity: UserActivity {
///         UserActivity(activityType: Self.activityType, title: name,
///                      targetContentIdentifier: id.uuidString)
///     }
/// }
/// let provider = store.itemProvider(for: list)
/// provider.registerUserActivity(list.userActivity)
/// ```
///
/// It travels as JSON under ``UniformTypes/UTType/userActivity`` (MIME type
/// `application/x-dragkit-user-activity+json`), so another process of the
/// app gets it back intact with `loadTransferable(type: UserActivity.self)`.
public struct UserActivity: Hashable, Sendable, Codable {
    /// What the activity is, in reverse-DNS form
    /// (`com.example.doit.ShowTodoList`); apps declare the types they handle.
    public var activityType: String
    /// A title for people, such as the window's title.
    public var title: String?
    /// Which content the activity is about (an identifier the app can look up).
    public var targetContentIdentifier: String?
    /// Further details. Strings only, so that the activity is Codable and
    /// arrives in another process exactly as it left.
    public var userInfo: [String: String]

    /// An activity of `activityType`.
    public init(activityType: String, title: String? = nil, targetContentIdentifier: String? = nil,
                userInfo: [String: String] = [:]) {
        self.activityType = activityType
        self.title = title
        self.targetContentIdentifier = targetContentIdentifier
        self.userInfo = userInfo
    }
}

extension UserActivity: Transferable {
    public static var transferRepresentation: some TransferRepresentation {
        CodableRepresentation(contentType: .userActivity)
    }
}

extension UTType {
    /// A ``DragAndDrop/UserActivity`` as JSON, with its own MIME type
    /// (`application/x-dragkit-user-activity+json`) so that it crosses
    /// processes under a name no other type uses.
    public static let userActivity: UTType = {
        let identifier = "org.dragkit.user-activity"
        let declaration = UTTypeDeclaration(
            identifier: identifier, conformsTo: [UTType.json.identifier],
            tags: [.mimeType: ["application/x-dragkit-user-activity+json"]],
            description: "DragKit user activity")
        return (try? UTType.declare(declaration)) ?? UTType(exportedAs: identifier, conformingTo: .json)
    }()
}
