extension TypeRegistry {
    /// Known types carrying `tag`, best first: system types, then the app's
    /// exported and imported types, then the MIME database's own types. For a
    /// MIME type with parameters the most specific form that matches wins
    /// (`text/plain;charset=utf-8` before `text/plain`).
    func knownRecords(tag: String, tagClass: UTTagClass, conformingTo supertype: TypeRecord?) -> [TypeRecord] {
        guard case .success(let keys) = TagSyntax.lookupKeys(tag, tagClass: tagClass) else { return [] }
        for key in keys {
            let declared = overlay.withLock { $0.tags.records(for: key, tagClass: tagClass) }
            let fromBase = base.tags.records(for: key, tagClass: tagClass)
            var ranked = fromBase.filter { $0.origin == .system }
            ranked += declared.filter { $0.declarationKind == .exported }
            ranked += declared.filter { $0.declarationKind == .imported }
            ranked += fromBase.filter { $0.origin != .system }
            if let supertype { ranked = ranked.filter { $0.conforms(to: supertype) } }
            if !ranked.isEmpty { return ranked }
        }
        return []
    }

    /// The best known type for `tag`, or else a dynamic type conforming to
    /// `supertype`; `nil` for a malformed tag or an unknown supertype.
    ///
    /// Asked for public.data (the default of the `UTType` initializers), a
    /// tag that only a file-system node carries gives that node's type:
    /// inode/directory is public.folder and `app` an application bundle. A
    /// dynamic type claiming a folder is a byte stream would be wrong, and
    /// there is no data type it could be.
    func record(tag: String, tagClass: UTTagClass, conformingTo supertype: TypeRecord) -> TypeRecord? {
        if let known = knownRecords(tag: tag, tagClass: tagClass, conformingTo: supertype).first { return known }
        if supertype.key == data.key,
           let node = knownRecords(tag: tag, tagClass: tagClass, conformingTo: item).first(where: { !$0.conforms(to: data) }) {
            return node
        }
        return dynamicRecord(tag: tag, tagClass: tagClass, conformingTo: supertype)
    }

    // MARK: - Dynamic types

    func dynamicRecord(tag: String, tagClass: UTTagClass, conformingTo supertype: TypeRecord) -> TypeRecord? {
        guard case .success(let normal) = TagSyntax.normalized(tag, tagClass: tagClass),
              knownRecord(forIdentifier: supertype.identifier) != nil
        else { return nil }
        let bare = tagClass == .mimeType ? (MIMETypeString(normal)?.essence ?? normal) : normal
        let payload = DynamicTypeIdentifier.Payload(
            tagClass: tagClass, tag: bare,
            supertype: supertype.key == data.key ? nil : supertype.foldedIdentifier)
        guard DynamicTypeIdentifier.encode(payload) != nil else { return nil }
        return dynamicRecord(payload)
    }

    /// The record for a decoded dynamic identifier, made once.
    func dynamicRecord(_ payload: DynamicTypeIdentifier.Payload) -> TypeRecord {
        let identifier = DynamicTypeIdentifier.encode(payload)!
        if let cached = overlay.withLock({ $0.dynamic[identifier] }) { return cached }
        let made = TypeRecord(identifier: identifier, parents: dynamicParents(payload),
                              tags: [payload.tagClass: [payload.tag]], origin: .dynamic, dynamicTag: payload)
        return overlay.withLock { table in
            if let raced = table.dynamic[identifier] { return raced }
            table.dynamic[identifier] = made
            return made
        }
    }

    /// A dynamic type conforms to what it was asked for when that is data or
    /// a directory kind; otherwise to public.data as well. A MIME tag adds
    /// what its media type implies (text/* is plain text, image/* an image).
    private func dynamicParents(_ payload: DynamicTypeIdentifier.Payload) -> [TypeRecord] {
        let supertype = payload.supertype.flatMap { knownRecord(forIdentifier: $0) } ?? data
        if supertype.conforms(to: directory) { return [supertype] }
        var parents: [TypeRecord] = []
        if payload.tagClass == .mimeType {
            let media = payload.tag.prefix { $0 != "/" }
            if media == "text" {
                parents.append(plainText)
            } else if let category = mediaParents[media] {
                parents.append(category)
            }
        }
        let wanted = supertype.key == item.key ? data : supertype
        if !parents.contains(where: { $0.conforms(to: wanted) }) { parents.append(wanted) }
        if !parents.contains(where: { $0.conforms(to: data) }) { parents.insert(data, at: 0) }
        return parents
    }
}
