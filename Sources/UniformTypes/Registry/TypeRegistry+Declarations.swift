extension TypeRegistry {
    /// Declares `batch` as one unit: every declaration is checked against
    /// the known types and the rest of the batch (a type may conform to
    /// one declared later in the same batch), and nothing changes unless all
    /// are accepted.
    ///
    /// - Returns: the type for each declaration, in order (for an imported
    ///   declaration that an exported one overrides, the exported type).
    func declare(_ batch: [UTTypeDeclaration]) throws(UTTypeError) -> [TypeRecord] {
        var normalized: [UTTypeDeclaration] = []
        for declaration in batch {
            normalized.append(try Self.normalize(declaration))
        }
        let outcome = overlay.withLock { table -> Result<Void, UTTypeError> in
            Result { () throws(UTTypeError) in try apply(normalized, to: &table) }
        }
        try outcome.get()
        return normalized.map { knownRecord(forIdentifier: $0.identifier)! }
    }

    /// Checks `normalized` against `table` and, if all is well, applies it.
    private func apply(_ normalized: [UTTypeDeclaration], to table: inout DeclaredTypeTable) throws(UTTypeError) {
        var candidate = table
        var changed = false
        var inBatch: [String: UTTypeDeclaration] = [:]
        for declaration in normalized {
            let folded = declaration.identifier.lowercased()
            if let earlier = inBatch[folded], !Self.same(earlier, declaration) {
                if earlier.kind == declaration.kind {
                    throw Self.conflict(declaration, existing: earlier, where: "is declared earlier in the same batch")
                }
                if declaration.kind == .imported { continue }
            }
            inBatch[folded] = declaration
            if let known = baseRecord(forIdentifier: folded) {
                if declaration.kind == .imported { continue }
                throw UTTypeError(.conflictingDeclaration,
                    "\(declaration.identifier) is a \(known.origin == .system ? "system" : "shared MIME database") type; "
                    + "an app cannot export it. Import it instead, or export a type with an identifier in your own domain.")
            }
            if let existing = candidate.declarations[folded] {
                if Self.same(existing, declaration) { continue }
                if existing.kind == .exported && declaration.kind == .imported { continue }
                if existing.kind == declaration.kind {
                    throw Self.conflict(declaration, existing: existing, where: "is already declared")
                }
            } else {
                candidate.order.append(folded)
            }
            candidate.declarations[folded] = declaration
            changed = true
        }
        guard changed else { return }
        try checkParents(candidate.declarations)
        try Self.checkCycles(candidate)
        candidate.rebuild(base: baseRecord(forIdentifier:))
        table = candidate
        if candidate.declarations.values.contains(where: { !$0.tags.isEmpty }) {
            declarationsHaveTags.store(true, ordering: .releasing)
        }
    }

    // MARK: - Checks

    private static func normalize(_ declaration: UTTypeDeclaration) throws(UTTypeError) -> UTTypeDeclaration {
        try TypeIdentifierSyntax.validate(declaration.identifier)
        if declaration.identifier.lowercased().hasPrefix(DynamicTypeIdentifier.prefix) {
            throw UTTypeError(.invalidIdentifier,
                "\(declaration.identifier) cannot be declared: identifiers starting with \"dyn.\" are reserved for dynamic types.")
        }
        var parents: [String] = []
        for parent in declaration.conformsTo {
            do {
                try TypeIdentifierSyntax.validate(parent)
            } catch {
                throw UTTypeError(.invalidIdentifier, "\(declaration.identifier) conforms to an invalid identifier. \(error.description)")
            }
            // Parents are kept folded: identifiers compare without case.
            if !parents.contains(parent.lowercased()) { parents.append(parent.lowercased()) }
        }
        if parents.isEmpty { parents = ["public.data"] }
        var tags: [UTTagClass: [String]] = [:]
        for (tagClass, values) in declaration.tags {
            var normalizedValues: [String] = []
            for value in values {
                switch TagSyntax.normalized(value, tagClass: tagClass) {
                case .success(let tag):
                    if !normalizedValues.contains(tag) { normalizedValues.append(tag) }
                case .failure(let error):
                    throw UTTypeError(.invalidTag, "\(declaration.identifier) has an invalid tag. \(error.description)")
                }
            }
            if !normalizedValues.isEmpty { tags[tagClass] = normalizedValues }
        }
        return UTTypeDeclaration(identifier: declaration.identifier, conformsTo: parents, tags: tags,
                                 description: declaration.typeDescription, kind: declaration.kind)
    }

    /// Equal but for the case of the identifier.
    private static func same(_ a: UTTypeDeclaration, _ b: UTTypeDeclaration) -> Bool {
        var b = b
        b.identifier = a.identifier
        return a == b
    }

    private func checkParents(_ declarations: [String: UTTypeDeclaration]) throws(UTTypeError) {
        for folded in declarations.keys.sorted() {
            let declaration = declarations[folded]!
            for parent in declaration.conformsTo {
                let parentFolded = parent.lowercased()
                if baseRecord(forIdentifier: parentFolded) == nil && declarations[parentFolded] == nil {
                    throw UTTypeError(.unknownParent,
                        "\(declaration.identifier) conforms to \(parent), which is not a known type. "
                        + "Declare \(parent) too (earlier or in the same file), or correct the identifier.")
                }
            }
        }
    }

    private static func checkCycles(_ table: DeclaredTypeTable) throws(UTTypeError) {
        var state: [String: Bool] = [:]   // false: on the current path, true: done
        var path: [String] = []
        func visit(_ folded: String) -> [String]? {
            if state[folded] == true { return nil }
            if state[folded] == false {
                let start = path.firstIndex(of: folded)!
                return Array(path[start...]) + [folded]
            }
            guard let declaration = table.declarations[folded] else { return nil }
            state[folded] = false
            path.append(folded)
            for parent in declaration.conformsTo {
                if let cycle = visit(parent.lowercased()) { return cycle }
            }
            path.removeLast()
            state[folded] = true
            return nil
        }
        for folded in table.order {
            if let cycle = visit(folded) {
                let names = cycle.map { table.declarations[$0]?.identifier ?? $0 }
                throw UTTypeError(.conformanceCycle,
                    "These declarations make \(names[0]) conform to itself: \(names.joined(separator: " -> ")). "
                    + "Remove one of these relations.")
            }
        }
    }

    private static func conflict(_ new: UTTypeDeclaration, existing: UTTypeDeclaration, where place: String) -> UTTypeError {
        func summary(_ declaration: UTTypeDeclaration) -> String {
            var parts = ["conforming to \(declaration.conformsTo.joined(separator: ", "))"]
            for (tagClass, values) in declaration.tags.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
                parts.append("\(TagSyntax.name(of: tagClass))s \(values.joined(separator: ", "))")
            }
            if let text = declaration.typeDescription { parts.append("described as \"\(text)\"") }
            return parts.joined(separator: ", ")
        }
        return UTTypeError(.conflictingDeclaration,
            "\(new.identifier) \(place) (\(existing.kind)) \(summary(existing)); "
            + "this \(new.kind) declaration says \(summary(new)). Declare each type once, or make the declarations identical.")
    }
}
