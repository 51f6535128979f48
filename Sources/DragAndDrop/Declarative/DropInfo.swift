import Foundation
import ItemProviders
import UniformTypes

/// What a SwiftUI-style drop handler learns about a drag over its view
/// (SwiftUI's `DropInfo`): where it is, and which items it carries.
///
/// ```swift
/// func dropUpdated(info: DropInfo) -> DropProposal? {
///     info.location.y < 40 ? .forbidden : .copy
/// }
/// func performDrop(info: DropInfo) -> Bool {
///     for provider in info.itemProviders(for: [.utf8PlainText]) {
///         Task { notes.append(try await provider.loadObject(ofClass: String.self)) }
///     }
///     return true
/// }
/// ```
///
/// While the drag hovers, the providers answer type questions only: their
/// data can be loaded from `performDrop(info:)` on, as in SwiftUI.
@MainActor
public struct DropInfo {
    /// The drag's location in the coordinates of the view the modifier is on.
    public var location: CGPoint { session.location(in: view) }

    /// The DragKit session underneath, for what SwiftUI does not show
    /// (``DropSession/localDragSession``, local objects, progress).
    public let session: DropSession

    /// The types the modifier was given (`onDrop(of:)`), for
    /// ``DropDelegate/validateDrop(info:)``'s default.
    let acceptedTypes: [UTType]
    /// The view the modifier is on, for reports.
    let view: ViewNode?

    init(session: DropSession, in view: ViewNode?, acceptedTypes: [UTType]) {
        self.session = session
        self.view = view
        self.acceptedTypes = acceptedTypes
    }

    /// Reports a call the modifier just made, when the engine reports them.
    func report(_ call: @autoclosure () -> DelegateCall.ModifierCall) {
        session.state.reportModifier(call(), in: view)
    }

    /// Whether any dragged item offers a type conforming to one of `types`.
    public func hasItemsConforming(to types: [UTType]) -> Bool {
        session.hasItemsConforming(to: types)
    }

    /// The providers of the items offering a type conforming to one of
    /// `types`, in item order.
    public func itemProviders(for types: [UTType]) -> [ItemProvider] {
        session.items.map(\.itemProvider).filter { provider in
            types.contains { provider.hasItemConforming(to: $0) }
        }
    }
}
