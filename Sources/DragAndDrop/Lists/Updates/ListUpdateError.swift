import Foundation

/// A batch update a ``ListView`` refused because it does not add up, or a
/// placeholder operation on a placeholder that is gone.
///
/// The list never applies part of a refused batch. Because the data source
/// has already changed by then, the list reloads its counts from it (as
/// ``ListView/reloadData()`` does, but keeping its placeholders) so what it
/// shows matches the data; nothing the app stored is lost.
///
/// ```swift
/// do {
///     try list.performBatchUpdates { batch in batch.insertItems(at: [IndexPath(item: 0, section: 0)]) }
/// } catch let error where error.code == .itemCountMismatch {
///     print(error.section!, error.expectedCount!, error.actualCount!)
/// }
/// ```
public struct ListUpdateError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong, for callers to match on.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        /// The code's name.
        public let rawValue: String
        /// A code named `rawValue`; use the static constants to match.
        public init(rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

        /// A section holds a different number of items after the batch than
        /// its count before plus insertions and moves in, minus deletions
        /// and moves out.
        public static let itemCountMismatch = Code(rawValue: "itemCountMismatch")
        /// The data source reports a different number of sections; section
        /// changes go through ``ListView/reloadData()``.
        public static let sectionCountMismatch = Code(rawValue: "sectionCountMismatch")
        /// An index path names no item (before the batch for deletions,
        /// reloads and move sources; after it for insertions and move
        /// destinations).
        public static let indexPathOutOfRange = Code(rawValue: "indexPathOutOfRange")
        /// Two changes in one batch name the same item (deleted twice, moved
        /// and deleted, inserted twice, ...).
        public static let conflictingUpdates = Code(rawValue: "conflictingUpdates")
        /// The placeholder was already committed or deleted, or the list
        /// discarded it in ``ListView/reloadData()``.
        public static let placeholderNotActive = Code(rawValue: "placeholderNotActive")
    }

    /// What went wrong.
    public let code: Code
    /// A sentence a person can act on.
    public let description: String
    /// The section the error is about, when there is one.
    public let section: Int?
    /// The number of items the list expected in ``section``.
    public let expectedCount: Int?
    /// The number of items the data source reported in ``section``.
    public let actualCount: Int?
    /// The index path the error is about, when there is one.
    public let indexPath: IndexPath?

    /// An error with a code, a sentence for a person, and the section,
    /// counts and index path it is about.
    public init(
        _ code: Code, _ description: String, section: Int? = nil,
        expectedCount: Int? = nil, actualCount: Int? = nil, indexPath: IndexPath? = nil
    ) {
        self.code = code
        self.description = description
        self.section = section
        self.expectedCount = expectedCount
        self.actualCount = actualCount
        self.indexPath = indexPath
    }
}
