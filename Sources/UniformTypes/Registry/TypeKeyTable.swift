import Synchronization

/// Gives every type identifier (folded to lower case) a small integer for
/// the life of the process.
///
/// Conformance is answered by looking a key up in a bit set, and two records
/// for the same identifier (a type value made before its declaration, a
/// record rebuilt after an exported declaration replaced an imported one)
/// share the key, so they stay equal and keep answering for each other.
enum TypeKeyTable {
    private static let keys = Mutex<[String: Int]>([:])

    /// The key of `foldedIdentifier`, made on first use.
    static func key(forFolded foldedIdentifier: String) -> Int {
        keys.withLock { keys in
            if let key = keys[foldedIdentifier] { return key }
            let key = keys.count
            keys[foldedIdentifier] = key
            return key
        }
    }

    /// Keys for many identifiers under one lock, for loading tables.
    static func keys(forFolded foldedIdentifiers: [String]) -> [Int] {
        keys.withLock { keys in
            foldedIdentifiers.map { folded in
                if let key = keys[folded] { return key }
                let key = keys.count
                keys[folded] = key
                return key
            }
        }
    }
}
