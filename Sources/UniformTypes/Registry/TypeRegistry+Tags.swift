extension TypeRegistry {
    /// Known types carrying `tag`, best first: system types, then the app's
    /// exported and imported types, then the MIME database's own types. For a
    /// MIME type with parameters the most specific form that matches wins
    /// (`text/plain;charset=utf-8` before `text/plain`).
    func knownRecords(tag: String, tagClass: UTTagClass, conformingTo supertype: TypeRecord?) -> [TypeRecord] {
        guard case .keys(let keys) = TagSyntax.check(tag, tagClass: tagClass) else { return [] }
        let anyDeclaredTags = declarationsHaveTags.load(ordering: .acquiring)
        for key in keys {
            let fromBase = baseRecords(for: key, tagClass: tagClass)
            var ranked: [TypeRecord]
            if anyDeclaredTags {
                let declared = overlay.withLock { $0.tags.records(for: key, tagClass: tagClass) }
                ranked = fromBase.filter { $0.origin == .system }
                ranked += declared.filter { $0.declarationKind == .exported }
                ranked += declared.filter { $0.declarationKind == .imported }
                ranked += fromBase.filter { $0.origin != .system }
            } else {
                // The base table lists system types first already.
                ranked = fromBase
            }
            if let supertype { ranked = ranked.filter { $0.conforms(to: supertype) } }
            if !ranked.isEmpty { return ranked }
        }
        return []
    }

    /// The best known type for `tag`, or else a dynamic type conforming to
    /// `supertype`; `nil` for a malformed tag or an unknown supertype.
    /// Asked for public.data, a tag only a file-system node carries gives
    /// that node's type (inode/directory is public.folder).
    func record(tag: String, tagClass: UTTagClass, conformingTo supertype: TypeRecord) -> TypeRecord? {
        switch quickRecord(tag: tag, tagClass: tagClass, conformingTo: supertype) {
        case .found(let record): return record
        case .dynamic:
            let made = dynamicRecord(tag: tag, tagClass: tagClass, conformingTo: supertype)
            if let made, supertype.key == data.key {
                _ = tag.utf8.withContiguousStorageIfAvailable { rememberDynamicOfData(made, bytes: $0, tagClass: tagClass) }
            }
            return made
        case .slow: return fullRecord(tag: tag, tagClass: tagClass, conformingTo: supertype)
        }
    }

    /// The answer without the quick path: every tag goes through
    /// ``knownRecords(tag:tagClass:conformingTo:)``.
    func fullRecord(tag: String, tagClass: UTTagClass, conformingTo supertype: TypeRecord) -> TypeRecord? {
        if let known = knownRecords(tag: tag, tagClass: tagClass, conformingTo: supertype).first { return known }
        if supertype.key == data.key,
           let node = knownRecords(tag: tag, tagClass: tagClass, conformingTo: item).first(where: { !$0.conforms(to: data) }) {
            return node
        }
        return dynamicRecord(tag: tag, tagClass: tagClass, conformingTo: supertype)
    }

    // MARK: - The quick path

    /// ``knownRecords(tag:tagClass:conformingTo:)`` for a plain MIME type or
    /// extension while no declaration carries tags; `nil` when only the
    /// general path can tell.
    func quickKnownRecords(tag: String, tagClass: UTTagClass, conformingTo supertype: TypeRecord?) -> [TypeRecord]? {
        guard !declarationsHaveTags.load(ordering: .acquiring), tagClass == .mimeType || tagClass == .filenameExtension else {
            return nil
        }
        let answer = tag.utf8.withContiguousStorageIfAvailable { bytes -> [TypeRecord]? in
            // A tag with parameters has several lookup keys, tried in turn.
            guard TagSyntax.isSimple(bytes, tagClass: tagClass) else { return nil }
            var found: [TypeRecord] = []
            // Every carrier is visited: none is taken as the answer.
            let visited = firstBaseRecord(foldingASCII: bytes, tagClass: tagClass) { record in
                if supertype.map(record.conforms(to:)) ?? true { found.append(record) }
                return false
            }
            switch visited {
            case .notSimple: return nil
            case .unknown: return []
            case .noneFits, .found: return found
            }
        }
        return answer ?? nil
    }

    enum QuickAnswer {
        /// The answer, found without allocating.
        case found(TypeRecord)
        /// No known type fits: the answer is a dynamic type, not made yet
        /// for this tag and supertype.
        case dynamic
        /// A tag the quick path does not handle: MIME parameters, spaces,
        /// bytes outside printable ASCII, an invalid tag, or declared tags.
        case slow
    }

    /// Answers a plain MIME type or extension while no declaration carries
    /// tags, checking, folding and hashing the tag in one pass.
    @inline(__always)
    func quickRecord(tag: String, tagClass: UTTagClass, conformingTo supertype: TypeRecord) -> QuickAnswer {
        guard !declarationsHaveTags.load(ordering: .acquiring) else { return .slow }
        let answer = tag.utf8.withContiguousStorageIfAvailable { bytes -> QuickAnswer in
            switch firstBaseRecord(foldingASCII: bytes, tagClass: tagClass, dynamicOfData: supertype.key == data.key,
                                   where: { $0.conforms(to: supertype) }) {
            case .found(let record): .found(record)
            case .notSimple: .slow
            case .unknown: quickRecordWhenNoneFits(bytes, tagClass: tagClass, conformingTo: supertype, tagIsKnown: false)
            case .noneFits: quickRecordWhenNoneFits(bytes, tagClass: tagClass, conformingTo: supertype, tagIsKnown: true)
            }
        }
        return answer ?? .slow
    }

    /// The rest of ``quickRecord(tag:tagClass:conformingTo:)`` when no known
    /// type carrying the tag fits; out of line to keep the quick path small.
    @inline(never)
    private func quickRecordWhenNoneFits(_ bytes: UnsafeBufferPointer<UInt8>, tagClass: UTTagClass,
                                         conformingTo supertype: TypeRecord, tagIsKnown: Bool) -> QuickAnswer {
        if !tagIsKnown {
            // A known tag's form was checked when the table was made.
            guard TagSyntax.isSimple(bytes, tagClass: tagClass) else { return .slow }
        } else if supertype.key == data.key {
            // As in fullRecord: a tag only a file-system node carries.
            let item = item, data = data
            if case .found(let node) = firstBaseRecord(foldingASCII: bytes, tagClass: tagClass,
                                                        where: { $0.conforms(to: item) && !$0.conforms(to: data) }) {
                return .found(node)
            }
        }
        // No known type fits: the answer is the tag's dynamic type.
        return dynamicByTag.withLock { cache in
            cache.lookup(bytes, tagClass: tagClass, supertype: supertype.key).map(QuickAnswer.found) ?? .dynamic
        }
    }

    // MARK: - Dynamic types

    /// The dynamic type of `tag` as a kind of `supertype`; `nil` for a
    /// malformed tag, an unknown supertype or an identifier too long.
    func dynamicRecord(tag: String, tagClass: UTTagClass, conformingTo supertype: TypeRecord) -> TypeRecord? {
        // A tag asked before is one lookup (a file name no glob matches).
        let cached = tag.utf8.withContiguousStorageIfAvailable { bytes in
            dynamicByTag.withLock { $0.lookup(bytes, tagClass: tagClass, supertype: supertype.key) }
        }
        if let cached = cached ?? nil { return cached }
        guard let normal = TagSyntax.normalizedForm(tag, tagClass: tagClass) else { return nil }
        let bare = tagClass == .mimeType ? (MIMETypeString.essence(of: normal) ?? normal) : normal
        let made = dynamicRecord(normalizedTag: bare, tagClass: tagClass, conformingTo: supertype)
        if let made { dynamicByTag.withLock { $0.insert(made, tagClass: tagClass, tag: tag, supertype: supertype.key) } }
        return made
    }

    /// ``dynamicRecord(tag:tagClass:conformingTo:)`` for a tag already in
    /// its normal form: folded, and a MIME type without parameters.
    func dynamicRecord(normalizedTag tag: String, tagClass: UTTagClass, conformingTo supertype: TypeRecord) -> TypeRecord? {
        // public.data, the usual supertype, is known without a lookup.
        guard supertype.key == data.key || knownRecord(forIdentifier: supertype.identifier) != nil else { return nil }
        let payload = DynamicTypeIdentifier.Payload(
            tagClass: tagClass, tag: tag,
            supertype: supertype.key == data.key ? nil : supertype.foldedIdentifier)
        return dynamicRecord(payload)
    }

    /// The record for a decoded dynamic identifier, made once; `nil` when
    /// its identifier would be too long.
    func dynamicRecord(_ payload: DynamicTypeIdentifier.Payload) -> TypeRecord? {
        DynamicTypeIdentifier.withEncoded(payload) { identifier in
            if let cached = overlay.withLock({ $0.dynamic.record(key: identifier, number: 0) }) { return cached }
            // Its one tag is the payload's (``TypeRecord/tags``).
            let made = ParentList.gathering(capacity: 3) { addDynamicParents(of: payload, to: &$0) } then: { parents in
                TypeRecord(dynamic: payload, key: TypeKeyTable.key(forFolded: identifier), parents: parents)
            }
            return overlay.withLock { table in
                if let raced = table.dynamic.record(key: identifier, number: 0) { return raced }
                table.dynamic.insert(made, key: identifier, number: 0)
                return made
            }
        }
    }

    /// A dynamic type conforms to what it was asked for when that is data or
    /// a directory kind, otherwise to public.data as well, and for a MIME
    /// tag to what its media type implies (text/* is plain text). On bytes,
    /// into a list on the stack: a first query may come here.
    private func addDynamicParents(of payload: DynamicTypeIdentifier.Payload, to parents: inout ParentList) {
        let supertype = payload.supertypeIdentifier.isEmpty ? data : knownRecord(forIdentifier: payload.supertypeIdentifier) ?? data
        if supertype.key != data.key, supertype.conforms(to: directory) {
            _ = parents.append(supertype)
            return
        }
        var category: TypeRecord?
        if payload.tagClass == .mimeType {
            var tag = payload.tag
            category = tag.withUTF8 { bytes in
                TypeNaming.mediaParent(ofMedia: TypeNaming.mediaType(ofName: UnsafeRawBufferPointer(bytes))).flatMap(systemRecord)
            }
        }
        let wanted = supertype.key == item.key ? data : supertype
        let addsWanted = !(category?.conforms(to: wanted) ?? false)
        let leadsToData = (category?.conforms(to: data) ?? false) || (addsWanted && wanted.conforms(to: data))
        if !leadsToData { _ = parents.append(data) }
        if let category { _ = parents.append(category) }
        if addsWanted { _ = parents.append(wanted) }
    }
}

/// Dynamic types made for simple tags, by folded tag and supertype key.
/// Lives inside the registry's `dynamicByTag` mutex.
struct DynamicTagCache: Sendable {
    private let table = KeyedRecords()

    /// The number a tag of `tagClass` asked for as a kind of `supertype` is
    /// kept under; `nil` for a class no quick path asks for.
    private static func number(tagClass: UTTagClass, supertype: Int) -> Int? {
        switch tagClass {
        case .mimeType: supertype * 2
        case .filenameExtension: supertype * 2 + 1
        default: nil
        }
    }

    func lookup(_ bytes: UnsafeBufferPointer<UInt8>, tagClass: UTTagClass, supertype: Int) -> TypeRecord? {
        Self.number(tagClass: tagClass, supertype: supertype).flatMap { table.record(key: bytes, number: $0) }
    }

    func insert(_ record: TypeRecord, tagClass: UTTagClass, tag: String, supertype: Int) {
        guard let number = Self.number(tagClass: tagClass, supertype: supertype) else { return }
        table.insert(record, key: tag, number: number)
    }
}
