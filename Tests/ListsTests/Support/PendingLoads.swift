/// The loads a test delegate started from `performDropWith`, so a test can
/// wait for them before checking the model.
@MainActor
final class PendingLoads {
    private var tasks: [Task<Void, Never>] = []

    /// Starts `load` on the main actor.
    func start(_ load: @escaping @MainActor () async -> Void) {
        tasks.append(Task { @MainActor in await load() })
    }

    /// Waits for every load started so far, and for loads they start.
    func finish() async {
        while !tasks.isEmpty {
            await tasks.removeFirst().value
        }
    }
}
