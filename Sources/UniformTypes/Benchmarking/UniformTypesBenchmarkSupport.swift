/// Entry points for the UniformTypes benchmarks, outside the public API:
/// `@_spi(Benchmarking) import UniformTypes`.
@_spi(Benchmarking)
public enum UniformTypesBenchmarkSupport {
    /// Builds a complete registry the way the first use of any type does:
    /// reads the shared MIME database the environment names and makes every
    /// system and database type. Problems are not printed.
    ///
    /// - Returns: the number of types made.
    public static func loadSystemRegistry() -> Int {
        TypeRegistry(location: .fromEnvironment(), reporter: { _, _ in }, languages: []).base.records.count
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
