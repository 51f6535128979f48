import Foundation
import ItemProviders

/// The delegate behind `dropDestination(for:action:isTargeted:onFailure:)`:
/// takes drags with an item importable as `T`, and on a drop decodes every
/// such item (each through `T`'s representations, best first) before the
/// action sees any: one item that fails to decode fails the whole drop.
@MainActor
struct TransferableDropDelegate<T: Transferable>: DropDelegate {
    let action: @MainActor ([T], CGPoint) throws -> Bool
    let onFailure: (@MainActor (DropDestinationError) -> Void)?

    static func offers(_ session: DropSession) -> Bool {
        session.items.contains { $0.itemProvider.canLoadTransferable(type: T.self) }
    }

    func validateDrop(info: DropInfo) -> Bool { Self.offers(info.session) }

    /// Loads every provider as `T`, in order: the first that fails fails
    /// them all (the drop is all or nothing). Shared with lists'
    /// `dropDestination`.
    static func loadAll(_ providers: [ItemProvider]) async -> Result<[T], DropDestinationError> {
        var values: [T] = []
        for (index, provider) in providers.enumerated() {
            do {
                values.append(try await provider.loadTransferable(type: T.self))
            } catch {
                return .failure(.decoding(T.self, item: index, of: providers.count, error: error))
            }
        }
        return .success(values)
    }

    func performDrop(info: DropInfo) -> Bool {
        let providers = info.session.items.map(\.itemProvider).filter { $0.canLoadTransferable(type: T.self) }
        let session = info.session
        let location = info.location
        let action = self.action
        let onFailure = self.onFailure
        // Counted as the session's load, so the drop (and, across processes,
        // GTK's end of it) waits for the outcome.
        Task { @MainActor in
            await session.trackingLoad {
                @MainActor func fail(_ error: DropDestinationError) {
                    session.refuseDrop()
                    info.report(.dropDestinationFailed(error.code))
                    onFailure?(error)
                }
                switch await Self.loadAll(providers) {
                case .failure(let error):
                    fail(error)
                case .success(let values):
                    do {
                        let accepted = try action(values, location)
                        info.report(.dropDestination(count: values.count, accepted))
                        if !accepted { session.refuseDrop() }
                    } catch {
                        fail(.action(error))
                    }
                }
            }
        }
        return true
    }
}
