import Foundation
import ItemProviders

extension DropSession {
    /// Loads every item that can be read as `type`, in item order; items
    /// that cannot are skipped.
    ///
    /// Call it from `performDrop` (or later). Before the drop it throws
    /// ``DropSessionError`` with code `.sealed`; a failing item throws that
    /// item's error.
    ///
    /// ```swift
    /// func dropInteraction(_ interaction: DropInteraction, performDrop session: DropSession) {
    ///     Task { self.images = try await session.loadObjects(ofClass: BitmapImage.self) }
    /// }
    /// ```
    public func loadObjects<T: ItemProviderReading>(ofClass type: T.Type) async throws -> [T] {
        guard gate.isOpen else { throw DropSessionError.sealed(loading: "\(T.self)") }
        let providers = providers(loading: type)
        beginLoad(units: Int64(providers.count))
        var loaded = 0
        defer { endLoad(units: Int64(providers.count - loaded)) }
        var objects: [T] = []
        for provider in providers {
            objects.append(try await provider.loadObject(ofClass: type))
            loaded += 1
            progress.completedUnitCount += 1
        }
        return objects
    }

    /// Loads every item that can be read as `type` and calls `completion`
    /// on the main actor with the objects that loaded, in item order, as
    /// UIKit's `loadObjects(ofClass:completion:)` does. Items that fail to
    /// load are left out; before the drop nothing loads and `completion`
    /// gets an empty array.
    ///
    /// - Returns: The progress of this load, one unit per item.
    @discardableResult
    public func loadObjects<T: ItemProviderReading>(
        ofClass type: T.Type,
        completion: @escaping @MainActor ([T]) -> Void
    ) -> Progress {
        let providers = gate.isOpen ? providers(loading: type) : []
        let units = Int64(providers.count)
        let loadProgress = Progress(totalUnitCount: units)
        beginLoad(units: units)
        Task { @MainActor in
            var objects: [T] = []
            for provider in providers {
                if loadProgress.isCancelled { break }
                if let object = try? await provider.loadObject(ofClass: type) {
                    objects.append(object)
                }
                loadProgress.completedUnitCount += 1
                self.progress.completedUnitCount += 1
            }
            completion(objects)
            self.endLoad(units: units - loadProgress.completedUnitCount)
        }
        return loadProgress
    }

    /// The providers of the items that can be read as `type`, in item order.
    private func providers<T: ItemProviderReading>(loading type: T.Type) -> [ItemProvider] {
        items.map(\.itemProvider).filter { $0.canLoadObject(ofClass: type) }
    }
}
