import Synchronization

/// Gives every type identifier (folded to lower case) a small integer for
/// the life of the process.
///
/// Conformance is answered by looking a key up in a bit set, and two records
/// for the same identifier (a type value made before its declaration, a
/// record rebuilt after an exported declaration replaced an imported one)
/// share the key, so they stay equal and keep answering for each other.
enum TypeKeyTable {
    /// An interning table: a new identifier's entry number is the next key.
    /// (A dictionary would cost a process's first query its first-use
    /// set-up, several times what the table costs.)
    private static let keys = Mutex(FoldedKeyTable(capacity: 512))

    /// The key of `foldedIdentifier`, made on first use.
    static func key(forFolded foldedIdentifier: String) -> Int {
        keys.withLock { $0.insert(folded: foldedIdentifier) }
    }

    /// Keys for many identifiers under one lock, for loading tables.
    static func keys(forFolded foldedIdentifiers: [String]) -> [Int] {
        keys.withLock { keys in foldedIdentifiers.map { keys.insert(folded: $0) } }
    }
}
