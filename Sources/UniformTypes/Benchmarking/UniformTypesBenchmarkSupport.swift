/// Entry points for the UniformTypes benchmarks, outside the public API:
/// `@_spi(Benchmarking) import UniformTypes`.
@_spi(Benchmarking)
public enum UniformTypesBenchmarkSupport {
    /// Builds a complete registry: reads the shared MIME database the
    /// environment names and makes every system and database type, as a
    /// tool listing all types does. Problems are not printed.
    ///
    /// - Returns: the number of types made.
    public static func loadSystemRegistry() -> Int {
        TypeRegistry(location: .fromEnvironment(), reporter: { _, _ in }, languages: []).base.allRecords.count
    }

    /// What the first query of a process pays: a registry reading the shared
    /// MIME database the environment names, then one MIME type pair looked
    /// up and compared. Problems are not printed.
    public static func loadRegistryAndAsk(_ type: String, _ supertype: String) -> Bool {
        let registry = TypeRegistry(location: .fromEnvironment(), reporter: { _, _ in }, languages: [])
        guard let child = registry.record(tag: type, tagClass: .mimeType, conformingTo: registry.data),
              let parent = registry.record(tag: supertype, tagClass: .mimeType, conformingTo: registry.data)
        else { return false }
        return child.conforms(to: parent)
    }
}

@_spi(Benchmarking)
extension UniformTypesBenchmarkSupport {
    /// Conformance the way a registry without precomputed ancestors answers
    /// it: a depth-first walk up the parent records for each query, with no
    /// allocation. The fairest baseline for ``UTType/conforms(to:)``.
    public static func walkConforms(_ type: UTType, to target: UTType) -> Bool {
        walk(type.record, target.record.key)
    }

    private static func walk(_ record: TypeRecord, _ key: Int) -> Bool {
        if record.key == key { return true }
        for parent in record.parents where walk(parent, key) { return true }
        return false
    }
}
