import Synchronization

/// All known types. Skeleton: built-in table only; the freedesktop import and
/// declarations come in on top.
final class TypeRegistry: Sendable {
    static let shared = TypeRegistry()

    private struct State {
        var byIdentifier: [String: TypeRecord] = [:]
        var nextOrdinal = 0
    }
    private let state = Mutex(State())

    private init() {
        for entry in SystemTypeTable.entries { _ = register(entry.identifier, parents: entry.parents, tags: entry.tags) }
    }

    @discardableResult
    func register(_ identifier: String, parents: [String], tags: [UTTagClass: [String]]) -> TypeRecord {
        state.withLock { state in
            let parentRecords = parents.compactMap { state.byIdentifier[$0.lowercased()] }
            let record = TypeRecord(identifier: identifier, ordinal: state.nextOrdinal, parents: parentRecords, tags: tags)
            state.nextOrdinal += 1
            state.byIdentifier[record.foldedIdentifier] = record
            return record
        }
    }

    func record(forIdentifier identifier: String) -> TypeRecord {
        if let known = state.withLock({ $0.byIdentifier[identifier.lowercased()] }) { return known }
        return TypeRecord(identifier: identifier, ordinal: -1, parents: [], tags: [:])
    }

    func knownRecord(forIdentifier identifier: String) -> TypeRecord? {
        state.withLock { $0.byIdentifier[identifier.lowercased()] }
    }
}
