/// Records by tag, under the folded form lookups use (`text/plain;charset=utf-8`,
/// `png`), in the order they were added.
struct TagIndex: Sendable {
    /// Made with `init()`, not `[:]`, as ``DeclaredTypeTable``'s tables.
    private var byClass = [UTTagClass: [String: [TypeRecord]]]()

    mutating func add(_ record: TypeRecord) {
        for (tagClass, tags) in record.tags {
            var seen: [String] = []
            for tag in tags {
                guard let key = TagSyntax.indexKey(tag, tagClass: tagClass), !seen.contains(key) else { continue }
                seen.append(key)
                // Modified in place: copying the inner dictionary per record
                // would make building the index quadratic.
                byClass[tagClass, default: [:]][key, default: []].append(record)
            }
        }
    }

    func records(for key: String, tagClass: UTTagClass) -> [TypeRecord] {
        byClass[tagClass]?[key] ?? []
    }
}
