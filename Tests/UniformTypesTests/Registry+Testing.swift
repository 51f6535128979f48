@testable import UniformTypes

// Views of the registry's tables that only the tests ask for.

extension BaseTypeTable {
    /// Finds records by identifier: `byIdentifier["public.png"]`.
    struct Identifiers {
        let table: BaseTypeTable
        subscript(_ identifier: String) -> TypeRecord? { table.record(forIdentifier: identifier) }
    }

    var byIdentifier: Identifiers { Identifiers(table: self) }
}

extension SystemTypeTable {
    /// The system type `mimeType` (folded) stands for, if it is one of
    /// ``freedesktopEquivalents``.
    static func freedesktopEquivalent(of mimeType: String) -> String? {
        freedesktopEquivalents.first { $0.mimeType == mimeType }?.identifier
    }

    /// The system type `mimeType` (folded) is a kind of, if it is one of
    /// ``freedesktopParents``.
    static func freedesktopParent(of mimeType: String) -> String? {
        freedesktopParents.first { $0.mimeType == mimeType }?.identifier
    }
}

extension MIMEDatabase {
    /// Reads `globs2` now if it was left for later.
    mutating func readDeferredGlobs() {
        let (read, problems) = Self.readGlobs(deferredGlobFiles)
        globs += read
        diagnostics += problems
        deferredGlobFiles = []
    }
}

extension TypeRegistry {
    /// ``mapped`` while it answers base queries.
    var usableMapped: MappedTypeTable? {
        guard case .mapped = baseTypeSource else { return nil }
        return mapped
    }
}
