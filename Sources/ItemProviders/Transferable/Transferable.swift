import Foundation
import UniformTypes

/// A type that describes how it is exported to and imported from an item
/// provider, as a list of representations, best first.
///
/// ```swift
/// extension UTType {
///     static let todoItem = UTType(exportedAs: "com.example.todo-item", conformingTo: .json)
/// }
///
/// struct TodoItem: Codable, Transferable {
///     var title: String
///     var done: Bool
///
///     static var transferRepresentation: some TransferRepresentation {
///         CodableRepresentation(contentType: .todoItem)
///         ProxyRepresentation(exporting: \.title)       // plain text for other apps
///     }
/// }
///
/// let provider = ItemProvider(transferable: item)
/// let copy = try await provider.loadTransferable(type: TodoItem.self)
/// ```
public protocol Transferable: Sendable {
    /// The representation the builder makes; its `Item` is `Self`.
    associatedtype Representation: TransferRepresentation

    /// How values of this type are exported and imported, best first.
    @TransferRepresentationBuilder<Self> static var transferRepresentation: Representation { get }
}

extension Transferable {
    /// The entries of ``transferRepresentation``, in order.
    static var transferEntries: [TransferEntry<Self>] {
        // The builder makes representations of `Self`; an opaque
        // `some TransferRepresentation` just does not say so.
        transferRepresentation.flattenedEntries as? [TransferEntry<Self>] ?? []
    }
}

// `Never` ends the chain of `body` properties: primitive representations
// have a `Never` body, as in SwiftUI.
extension Never: Transferable {
    public static var transferRepresentation: Never {
        return preconditionFailure("Never has no transfer representation")
    }
}

extension Never: TransferRepresentation {
    public typealias Item = Never

    public var body: Never {
        return preconditionFailure("Never has no body")
    }
}
