import Foundation

/// What a ``ListView`` shows: the number of sections and of items in each.
///
/// The list only ever asks for counts; the items themselves stay in the app's
/// model, which the app's own rendering code reads by index path. When the
/// model changes, tell the list inside `ListView/performBatchUpdates(_:)`
/// so it can check the new counts against the changes it was told about.
///
/// ```swift
/// final class Lanes: ListDataSource {
///     var caches: [Geocache] = []
///     var numberOfSections: Int { 1 }
///     func numberOfItems(inSection section: Int) -> Int { caches.count }
/// }
/// ```
@MainActor
public protocol ListDataSource: AnyObject {
    /// How many sections the list has. Defaults to one.
    var numberOfSections: Int { get }

    /// How many items the given section holds right now.
    func numberOfItems(inSection section: Int) -> Int
}

extension ListDataSource {
    public var numberOfSections: Int { 1 }
}
