import UniformTypes

extension ItemProvider {
    // MARK: - Asking (never runs a handler, works while sealed)

    /// The types this provider offers to its audience, best first, each
    /// listed once.
    public var registeredContentTypes: [UTType] {
        var seen = Set<UTType>()
        return visibleRepresentations().compactMap { seen.insert($0.contentType).inserted ? $0.contentType : nil }
    }

    /// The offered types that conform to `contentType`, best first.
    public func registeredContentTypes(conformingTo contentType: UTType) -> [UTType] {
        registeredContentTypes.filter { $0.conforms(to: contentType) }
    }

    /// Whether some offered type conforms to `contentType`.
    public func hasItemConforming(to contentType: UTType) -> Bool {
        visibleRepresentations().contains { $0.contentType.conforms(to: contentType) }
    }

    /// Whether some offered representation conforms to `contentType` and
    /// meets `fileOptions` (`.openInPlace`: the source lets destinations
    /// open its original file).
    public func hasRepresentationConforming(to contentType: UTType, fileOptions: FileOptions = []) -> Bool {
        visibleRepresentations().contains { representation in
            representation.contentType.conforms(to: contentType)
                && (!fileOptions.contains(.openInPlace) || representation.opensInPlace)
        }
    }

    /// The offered types that a file representation delivers, best first:
    /// types registered with `registerFileRepresentation`, by
    /// ``init(contentsOf:)`` or by a Transferable's ``FileRepresentation``.
    /// Loading one of them hands over the source's file (as a copy, or in
    /// place) rather than bytes. Like ``registeredContentTypes``, lists
    /// only what this provider's audience may see.
    ///
    /// A type counts when the representation a load of it would use is a
    /// file: a type also registered earlier as data, or with a subtype
    /// registered earlier as data, is delivered as bytes and is not listed.
    ///
    /// ```swift
    /// let provider = ItemProvider(contentsOf: reportURL)!     // report.pdf
    /// provider.registerDataRepresentation(for: .utf8PlainText) { Data(summary.utf8) }
    /// provider.registeredFileContentTypes                     // [.pdf]
    /// ```
    public var registeredFileContentTypes: [UTType] {
        // Most providers have no file representation: they answer without
        // copying their representations.
        guard hasVisibleFileRepresentation(for: nil) else { return [] }
        let representations = visibleRepresentations()
        var seen = Set<UTType>()
        return representations.compactMap { representation in
            let type = representation.contentType
            guard seen.insert(type).inserted,
                  representations.first(where: { $0.contentType.conforms(to: type) })?.isFile == true else { return nil }
            return type
        }
    }

    /// Whether `audience` sees this provider offer files: whether
    /// `view(for: audience).registeredFileContentTypes` is not empty,
    /// answered without making the view for a provider with no file
    /// representation (a drag of many items asks it of every one).
    package func offersFiles(to audience: ProviderAudience) -> Bool {
        hasVisibleFileRepresentation(for: audience) && !view(for: audience).registeredFileContentTypes.isEmpty
    }

    /// Whether some file representation is visible to this provider's
    /// audience and to `audience`, if given.
    private func hasVisibleFileRepresentation(for audience: ProviderAudience?) -> Bool {
        storage.state.withLock { state in
            state.representations.contains { representation in
                representation.isFile
                    && access.permits(representation.visibility, providerTeam: state.teamIdentifier)
                    && audience?.permits(representation.visibility, providerTeam: state.teamIdentifier) != false
            }
        }
    }

    /// Whether loading `contentType` (or the best offered subtype, as loads
    /// pick it) is served by a file representation that this provider's
    /// audience may see. `false` when nothing offered conforms to it.
    ///
    /// ```swift
    /// if provider.hasFileRepresentation(for: .image) {
    ///     try await provider.withFileRepresentation(for: .image) { url in try library.importFile(at: url) }
    /// }
    /// ```
    public func hasFileRepresentation(for contentType: UTType) -> Bool {
        visibleRepresentations().first { $0.contentType.conforms(to: contentType) }?.isFile ?? false
    }

    /// Whether ``loadObject(ofClass:progress:)`` has a representation to
    /// read `T` from.
    public func canLoadObject<T: ItemProviderReading>(ofClass: T.Type) -> Bool {
        let representations = visibleRepresentations()
        return T.readableContentTypes.contains { readable in
            representations.contains { $0.contentType.conforms(to: readable) }
        }
    }

    /// Whether ``loadTransferable(type:progress:)`` has a representation to
    /// import `T` from.
    public func canLoadTransferable<T: Transferable>(type: T.Type) -> Bool {
        let representations = visibleRepresentations()
        return T.transferEntries.contains { entry in
            entry.importer != nil && representations.contains { $0.contentType.conforms(to: entry.contentType) }
        }
    }

    // MARK: - Internal lookups

    func visibleRepresentations() -> [Representation] {
        storage.state.withLock { state in
            state.representations.filter { access.permits($0.visibility, providerTeam: state.teamIdentifier) }
        }
    }

    /// The best visible representation conforming to `type`, or the error
    /// that explains why there is none. Does not check the seal.
    func resolve(_ type: UTType) throws(ItemProviderError) -> Representation {
        let (found, hidden): (Representation?, Bool) = storage.state.withLock { state in
            var hidden = false
            for representation in state.representations where representation.contentType.conforms(to: type) {
                if access.permits(representation.visibility, providerTeam: state.teamIdentifier) {
                    return (representation, hidden)
                }
                hidden = true
            }
            return (nil, hidden)
        }
        if let found { return found }
        if hidden { throw .notVisible(type, audience: access.audienceDescription) }
        throw .typeNotRegistered(type, registered: registeredContentTypes)
    }

    /// The best representation for a reader that accepts `readable`, tried
    /// in the reader's order (within one readable type the provider's
    /// fidelity order decides).
    /// Returns the representation and the index of the readable type it
    /// matched.
    func resolve<Reader>(readable: [UTType], for reader: Reader.Type) throws(ItemProviderError) -> (Representation, Int) {
        let representations = visibleRepresentations()
        for (index, type) in readable.enumerated() {
            if let match = representations.first(where: { $0.contentType.conforms(to: type) }) {
                return (match, index)
            }
        }
        let hidden = storage.state.withLock { state in
            state.representations.contains { representation in readable.contains { representation.contentType.conforms(to: $0) } }
        }
        if hidden, let first = readable.first {
            throw .notVisible(first, audience: access.audienceDescription)
        }
        throw .noReadableType(reader, readable: readable, registered: registeredContentTypes)
    }

    func checkSeal(_ type: UTType) throws(ItemProviderError) {
        if access.isSealed { throw .sealed(type) }
    }
}
