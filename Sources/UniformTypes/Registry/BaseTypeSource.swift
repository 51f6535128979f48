/// The one boundary between the registry and where base types come from:
/// ``mapped(_:)``, the ``MappedTypeTable`` reading only what a query needs
/// from the mapped files, or ``loaded``, the ``BaseTypeTable`` (no usable
/// mapped database, or the full load retired it). Where the mapped table
/// cannot answer (``MappedTypeTable/NeedsFullTable``), the full table does,
/// in ``TypeRegistry/fromBaseTypes(mapped:loaded:)``. Either way a type has
/// one record and every answer is the same.
enum BaseTypeSource {
    /// The mapped table, read without reference counting (the registry
    /// keeps it alive).
    case mapped(Unmanaged<MappedTypeTable>)
    case loaded
}

extension TypeRegistry {
    /// Who answers base queries now.
    @inline(__always)
    var baseTypeSource: BaseTypeSource {
        guard !mappedRetired.load(ordering: .relaxed), let unmanagedMapped else { return .loaded }
        return .mapped(unmanagedMapped)
    }

    /// `mapped`'s answer while the mapped table is the source and can give
    /// one, else `loaded`'s from the full table (built then).
    @inline(__always)
    func fromBaseTypes<Answer>(mapped: (MappedTypeTable) throws(MappedTypeTable.NeedsFullTable) -> Answer,
                               loaded: (BaseTypeTable) -> Answer) -> Answer {
        if case .mapped(let table) = baseTypeSource {
            do {
                return try table._withUnsafeGuaranteedRef { table throws(MappedTypeTable.NeedsFullTable) in try mapped(table) }
            } catch {
                // Only the full table can answer.
            }
        }
        return loaded(base)
    }

    // MARK: - Records

    /// The directories the database was read from, highest priority first.
    var databaseRoots: [String] {
        switch baseTypeSource {
        case .mapped(let mapped): mapped.takeUnretainedValue().database.directories
        case .loaded: base.database.roots
        }
    }

    /// The record of base type `number` as ``mapped`` numbers types, or
    /// `nil` if only the full table can answer and it numbers them otherwise.
    func baseRecord(_ number: Int) -> TypeRecord? {
        guard case .mapped = baseTypeSource else { return nil }
        return fromBaseTypes { mapped throws(MappedTypeTable.NeedsFullTable) in
            try mapped.record(number)
        } loaded: { table in
            // The full load may have retired the mapped numbering.
            guard case .mapped = baseTypeSource else { return nil }
            return table.record(number)
        }
    }

    /// The record of a system or database type by identifier, in any case.
    func baseRecord(forIdentifier identifier: String) -> TypeRecord? {
        fromBaseTypes { mapped throws(MappedTypeTable.NeedsFullTable) in
            try mapped.record(forIdentifier: identifier)
        } loaded: { $0.record(forIdentifier: identifier) }
    }

    /// The base record of an identifier asked for before, read without a
    /// lock or reference counting; `nil` otherwise.
    @inline(__always)
    func rememberedRecord(forIdentifier identifier: String) -> TypeRecord? {
        guard case .mapped(let mapped) = baseTypeSource else { return nil }
        return mapped._withUnsafeGuaranteedRef { table in
            guard let number = table.rememberedNumber(forIdentifier: identifier) ?? nil else { return nil }
            return LazySlots<TypeRecord>.unmanaged(number, in: table.unmanagedSlots)?.takeUnretainedValue()
        }
    }

    /// The base records carrying the lookup key `key`, system types first.
    func baseRecords(for key: String, tagClass: UTTagClass) -> [TypeRecord] {
        fromBaseTypes { mapped throws(MappedTypeTable.NeedsFullTable) in
            // The mapped table answers MIME types and extensions.
            guard tagClass == .mimeType || tagClass == .filenameExtension else { throw MappedTypeTable.NeedsFullTable() }
            let numbers = try mapped.numbers(forKey: key, tagClass: tagClass)
            let records = numbers.compactMap { baseRecord(Int($0)) }
            guard records.count == numbers.count else { throw MappedTypeTable.NeedsFullTable() }
            return records
        } loaded: { $0.records(for: key, tagClass: tagClass) }
    }

    // MARK: - Tags

    /// An object made once from the types carrying a plain MIME type or
    /// extension, attached to the remembered key, so asking again
    /// allocates nothing (`UTType.types(tag:tagClass:)`). `make` gets the
    /// count and each record by place; `nil` when only the general path
    /// can tell.
    func rememberedList<List: AnyObject>(tag: String, tagClass: UTTagClass,
                                         make: (_ count: Int, _ record: (Int) -> TypeRecord?) -> List?) -> List? {
        guard !declarationsHaveTags.load(ordering: .acquiring), tagClass == .mimeType || tagClass == .filenameExtension,
              case .mapped(let mapped) = baseTypeSource else { return nil }
        let answer = tag.utf8.withContiguousStorageIfAvailable { bytes -> List? in
            guard let hash = FoldedWords.hash(foldingASCII: bytes),
                  let entry = mapped._withUnsafeGuaranteedRef({ $0.memoEntry(bytes, hash: hash, tagClass: tagClass) })?.takeUnretainedValue()
            else { return nil }
            if let made = entry.attachment(as: List.self) { return made }
            guard let list = make(entry.numberCount, { place in self.baseRecord(Int(entry.numbers[place])) }) else { return nil }
            return entry.attach(list)
        }
        return answer ?? nil
    }

    /// Remembers `record`, the dynamic type of a tag nothing carries as a
    /// kind of public.data, with the remembered key, so asking again is a
    /// hash probe.
    func rememberDynamicOfData(_ record: TypeRecord, bytes: UnsafeBufferPointer<UInt8>, tagClass: UTTagClass) {
        guard tagClass == .mimeType || tagClass == .filenameExtension, case .mapped(let mapped) = baseTypeSource,
              let hash = FoldedWords.hash(foldingASCII: bytes) else { return }
        mapped._withUnsafeGuaranteedRef { mapped in
            let memo = tagClass == .mimeType ? mapped.unmanagedMemo : mapped.unmanagedExtensionMemo
            guard let entry = memo._withUnsafeGuaranteedRef({ $0.lookup(bytes, hash: hash) }) else { return }
            entry._withUnsafeGuaranteedRef { $0.rememberDynamicRecordOfData(record) }
        }
    }

    /// The first base record carrying the tag in `bytes` that `fits`; with
    /// `dynamicOfData`, a remembered dynamic type for a tag nothing carries.
    @inline(__always)
    func firstBaseRecord(foldingASCII bytes: UnsafeBufferPointer<UInt8>, tagClass: UTTagClass, dynamicOfData: Bool = false,
                         where fits: (TypeRecord) -> Bool) -> BaseTypeTable.FirstRecord {
        guard tagClass == .mimeType || tagClass == .filenameExtension, case .mapped(let mapped) = baseTypeSource else {
            return base.firstRecord(foldingASCII: bytes, tagClass: tagClass, where: fits)
        }
        return mapped._withUnsafeGuaranteedRef { mapped in
            guard let hash = FoldedWords.hash(foldingASCII: bytes),
                  let found = mapped.memoEntry(bytes, hash: hash, tagClass: tagClass) else { return .notSimple }
            return found._withUnsafeGuaranteedRef { entry in
                if entry.numberCount == 0, dynamicOfData, let dynamic = entry.dynamicRecordOfData() { return .found(dynamic) }
                return .first(of: UnsafeBufferPointer(start: entry.numbers, count: entry.numberCount), in: mapped.unmanagedSlots,
                              where: fits) { baseRecord($0) }
            }
        }
    }

    // MARK: - File names

    /// The globs arranged for matching file names: from the `globs2` files
    /// alone until the full table is built (``DeferredGlobs``), then its.
    var fileNameGlobs: GlobTable {
        if !hasBuiltFullTable, case .mapped(let mapped) = baseTypeSource {
            // Read without retaining the table or the registry: both are
            // weakly referenced, which makes every retain the slow kind.
            let deferred = mapped._withUnsafeGuaranteedRef { Unmanaged.passUnretained($0.database.deferredGlobs) }
            if let arranged = deferred._withUnsafeGuaranteedRef({ $0.arrangedTable }) { return arranged }
            return deferred.takeUnretainedValue().table { problems in note(Self.globProblemsHeading, problems) }
        }
        return base.globs
    }

    /// The record of the type a glob names (a canonical MIME type, folded).
    func record(forGlobType mimeType: String) -> TypeRecord? {
        if !hasBuiltFullTable, case .mapped(let unmanaged) = baseTypeSource {
            // A glob's type asked again (every `*.png` file): one lookup.
            if let known = globTypeRecords.withLock({ $0.record(key: mimeType, number: 0) }) { return known }
            let mapped = unmanaged.takeUnretainedValue()
            var name = mimeType
            // nil when a damaged cache leaves the answer to the full table.
            let canonical = name.withUTF8 { bytes -> String? in
                do {
                    let alias = try mapped.database.canonical(ofAlias: UnsafeRawBufferPointer(bytes))
                    return alias.map { String(decoding: $0, as: UTF8.self).foldedASCII } ?? mimeType
                } catch {
                    return nil
                }
            }
            if let canonical {
                // Found once per glob type, then kept.
                let found = baseRecords(for: canonical, tagClass: .mimeType).first
                if let found { _ = globTypeRecords.withLock { $0.insert(found, key: mimeType, number: 0) } }
                return found
            }
        }
        return base.record(forDatabaseMIMEType: mimeType)
    }
}
