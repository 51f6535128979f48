import Foundation
import ItemProviders

/// Why a `dropDestination(for:action:isTargeted:onFailure:)` drop changed
/// nothing: a ``code`` to match on, a description for a person, and the
/// error underneath.
///
/// ```swift
/// listView.dropDestination(for: TodoItem.self) { items, _ in
///     store.add(items)
///     return true
/// } onFailure: { error in
///     banner.show(error.description)   // "Item 2 of 3 could not be read as TodoItem: ..."
/// }
/// ```
public struct DropDestinationError: Error, Sendable, CustomStringConvertible {
    /// What went wrong. New codes may be added; a `switch` needs a `default`.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private let name: String
        private init(_ name: String) { self.name = name }
        public var description: String { name }

        /// An item's data could not be loaded or turned into the value type
        /// (through any of its Transferable representations).
        public static let decodingFailed = Code("decodingFailed")
        /// The action threw.
        public static let actionFailed = Code("actionFailed")
    }

    /// What went wrong.
    public let code: Code
    /// A sentence a person can act on.
    public let description: String
    /// The item provider's or the action's error.
    public let underlyingError: (any Error)?

    /// Creates an error; the drop destination makes these itself.
    public init(_ code: Code, _ description: String, underlyingError: (any Error)? = nil) {
        self.code = code
        self.description = description
        self.underlyingError = underlyingError
    }

    static func decoding<T>(_ type: T.Type, item: Int, of count: Int, error: any Error) -> DropDestinationError {
        DropDestinationError(.decodingFailed,
            "Item \(item + 1) of \(count) could not be read as \(T.self): \(error). Nothing was dropped.",
            underlyingError: error)
    }

    static func action(_ error: any Error) -> DropDestinationError {
        DropDestinationError(.actionFailed, "The drop's action failed: \(error). Nothing was dropped.",
                             underlyingError: error)
    }
}
