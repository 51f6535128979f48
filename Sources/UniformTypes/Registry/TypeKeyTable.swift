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
    private static let keys = Mutex(FoldedKeyTable(capacity: 16))

    /// The key of `foldedIdentifier`, made on first use.
    static func key(forFolded foldedIdentifier: String) -> Int {
        var identifier = foldedIdentifier
        return identifier.withUTF8 { key(forFolded: $0) }
    }

    /// The key of the identifier whose folded bytes are `folded`.
    static func key(forFolded folded: UnsafeBufferPointer<UInt8>) -> Int {
        keys.withLock { $0.insert(folded: folded) }
    }

    /// The key of `identifier`, an ASCII identifier in any case (a built-in
    /// type's), folded in place.
    static func key(foldingASCII identifier: UnsafeRawBufferPointer) -> Int {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(identifier.count, 1)) { buffer in
            FoldedKeyTable.fold(identifier, into: buffer.baseAddress!)
            return key(forFolded: UnsafeBufferPointer(rebasing: buffer[0..<identifier.count]))
        }
    }

    /// Keys for many identifiers under one lock, for loading tables.
    static func keys(forFolded foldedIdentifiers: [String]) -> [Int] {
        keys.withLock { keys in
            foldedIdentifiers.map { identifier in
                var identifier = identifier
                return identifier.withUTF8 { keys.insert(folded: $0) }
            }
        }
    }
}
