import Foundation
import ItemProviders
import UniformTypes

extension DropInteraction {
    /// A drop interaction run by a SwiftUI-style ``DropDelegate``: drags
    /// carrying none of `types` are never shown to it, and `isTargeted` is
    /// told when a drag starts and stops hovering (for a highlight). The
    /// interaction keeps its delegate alive itself.
    ///
    /// ```swift
    /// node.addInteraction(DropInteraction(of: [.todoItem], delegate: ListDrop(store: store)))
    /// ```
    public convenience init(of types: [UTType], delegate: some DropDelegate,
                            isTargeted: (@MainActor (Bool) -> Void)? = nil) {
        self.init(adapter: DropDelegateAdapter(types: types, delegate: delegate, isTargeted: isTargeted))
    }

    /// A drop interaction that hands the providers of the items conforming
    /// to `types`, and the drop's location in the view, to `perform`
    /// (SwiftUI's `onDrop(of:isTargeted:perform:)`). Returning false
    /// refuses the drop.
    public convenience init(of types: [UTType], isTargeted: (@MainActor (Bool) -> Void)? = nil,
                            perform: @escaping @MainActor ([ItemProvider], CGPoint) -> Bool) {
        self.init(of: types, delegate: ClosureDropDelegate(types: types, perform: perform), isTargeted: isTargeted)
    }

    /// A drop interaction that decodes the dropped items as `T` and hands
    /// them to `action` (SwiftUI's `dropDestination(for:action:isTargeted:)`).
    /// See ``ViewNode/dropDestination(for:action:isTargeted:onFailure:)``.
    public convenience init<T: Transferable>(
        for type: T.Type, isTargeted: (@MainActor (Bool) -> Void)? = nil,
        onFailure: (@MainActor (DropDestinationError) -> Void)? = nil,
        action: @escaping @MainActor ([T], CGPoint) throws -> Bool
    ) {
        let delegate = TransferableDropDelegate<T>(action: action, onFailure: onFailure)
        self.init(adapter: DropDelegateAdapter(
            types: [], offers: TransferableDropDelegate<T>.offers, delegate: delegate, isTargeted: isTargeted))
    }

    private convenience init(adapter: DropDelegateAdapter) {
        self.init(delegate: adapter)
        retainedDelegate = adapter
    }
}
