import UniformTypes

extension UTType {
    /// A geocache as JSON (`org.dragkit.geocache`, conforming to
    /// `public.json`), offered to other processes as
    /// `application/x-dragkit-geocache+json`. Both apps declare it, so either
    /// one reads what the other writes.
    public static let geocache: UTType = {
        let declaration = UTTypeDeclaration.geocache
        do {
            return try UTType.declare(declaration)
        } catch {
            // Declared already (by an earlier call or a declaration file):
            // the known type carries the same identifier and MIME type.
            return UTType(exportedAs: declaration.identifier, conformingTo: .json)
        }
    }()

    /// The MIME type geocaches travel under between processes.
    public static let geocacheMIMEType = "application/x-dragkit-geocache+json"
}

extension UTTypeDeclaration {
    /// The geocache type as CacheMaker and CacheEditor export it: what
    /// ``UTType/geocache`` declares and what their installed MIME package
    /// tells the desktop (`*.geocache` files, a kind of `application/json`).
    public static let geocache = UTTypeDeclaration(
        identifier: "org.dragkit.geocache",
        conformsTo: [UTType.json.identifier],
        tags: [.mimeType: [UTType.geocacheMIMEType], .filenameExtension: ["geocache"]],
        description: "Geocache")
}
