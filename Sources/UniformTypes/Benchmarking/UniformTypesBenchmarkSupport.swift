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
