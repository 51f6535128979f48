import Foundation
import UniformTypes

// Forms for code ported from UIKit's NSItemProvider: handlers take a
// completion block and may return a Progress; loads call back on an
// arbitrary thread and return a Progress whose cancellation stops the load.
extension ItemProvider {
    // MARK: - Registering with completion blocks

    /// Offers `contentType` as bytes delivered through `completion`, the way
    /// NSItemProvider handlers are written. Call `completion` exactly once
    /// (later calls are ignored); return a `Progress` to be cancelled when
    /// the load is, or `nil`. The returned `Progress` is not watched for its
    /// counts (Foundation on Linux cannot observe them); to tell
    /// destinations how far a load got, use the async form whose handler
    /// receives a `Progress`.
    ///
    /// ```swift
    /// provider.registerDataRepresentation(for: .png) { completion in
    ///     completion(image.pngData, nil)
    ///     return nil
    /// }
    /// ```
    public func registerDataRepresentation(
        for contentType: UTType,
        visibility: RepresentationVisibility = .all,
        loadHandler: @escaping @Sendable (_ completion: @escaping @Sendable (Data?, (any Error)?) -> Void) -> Progress?
    ) {
        registerDataRepresentation(for: contentType, visibility: visibility) {
            try await CompletionBridge.value(of: contentType, from: loadHandler)
        }
    }

    /// Offers `contentType` as a file delivered through `completion`. The
    /// file is used as with the async form: it must exist until the load
    /// finishes, and destinations get a copy unless `openInPlace` allows the
    /// original.
    public func registerFileRepresentation(
        for contentType: UTType,
        visibility: RepresentationVisibility = .all,
        openInPlace: Bool = false,
        loadHandler: @escaping @Sendable (_ completion: @escaping @Sendable (URL?, (any Error)?) -> Void) -> Progress?
    ) {
        registerFileRepresentation(for: contentType, visibility: visibility, openInPlace: openInPlace) {
            try await CompletionBridge.value(of: contentType, from: loadHandler)
        }
    }

    // MARK: - Loading with completion blocks

    /// Loads the bytes of the best representation conforming to
    /// `contentType` and calls `completionHandler` with them or an error.
    @discardableResult
    public func loadDataRepresentation(
        for contentType: UTType,
        completionHandler: @escaping @Sendable (Data?, ItemProviderError?) -> Void
    ) -> Progress {
        LoadProgress.start(tracking: access.trackers) { progress in
            try await self.dataRepresentation(for: contentType, progress: progress)
        } completion: { result in
            switch result {
            case .success(let data): completionHandler(data, nil)
            case .failure(let error): completionHandler(nil, error)
            }
        }
    }

    /// Calls `completionHandler` with a temporary file holding the best
    /// representation conforming to `contentType`. The file is removed when
    /// `completionHandler` returns: move or copy it before then.
    @discardableResult
    public func loadFileRepresentation(
        for contentType: UTType,
        completionHandler: @escaping @Sendable (URL?, ItemProviderError?) -> Void
    ) -> Progress {
        LoadProgress.start(tracking: access.trackers) { progress in
            try await self.fileRepresentation(for: contentType, inPlace: false, progress: progress)
        } completion: { result in
            switch result {
            case .success(let file):
                defer { file.release() }
                completionHandler(file.url, nil)
            case .failure(let error):
                completionHandler(nil, error)
            }
        }
    }

    /// Calls `completionHandler` with the source's original file when it
    /// allows opening in place (`isInPlace` is then `true`), else with a
    /// temporary copy removed when `completionHandler` returns.
    @discardableResult
    public func loadInPlaceFileRepresentation(
        for contentType: UTType,
        completionHandler: @escaping @Sendable (_ url: URL?, _ isInPlace: Bool, ItemProviderError?) -> Void
    ) -> Progress {
        LoadProgress.start(tracking: access.trackers) { progress in
            try await self.fileRepresentation(for: contentType, inPlace: true, progress: progress)
        } completion: { result in
            switch result {
            case .success(let file):
                defer { file.release() }
                completionHandler(file.url, file.isOriginal, nil)
            case .failure(let error):
                completionHandler(nil, false, error)
            }
        }
    }

    /// Loads a `T` as ``loadObject(ofClass:progress:)`` does and calls
    /// `completionHandler` with it or an error.
    @discardableResult
    public func loadObject<T: ItemProviderReading>(
        ofClass: T.Type,
        completionHandler: @escaping @Sendable (T?, ItemProviderError?) -> Void
    ) -> Progress {
        LoadProgress.start(tracking: access.trackers) { progress in
            try await self.object(ofClass: T.self, progress: progress)
        } completion: { result in
            switch result {
            case .success(let object): completionHandler(object, nil)
            case .failure(let error): completionHandler(nil, error)
            }
        }
    }

    /// Loads a `T` as ``loadTransferable(type:progress:)`` does and calls
    /// `completionHandler` with the result.
    @discardableResult
    public func loadTransferable<T: Transferable>(
        type: T.Type,
        completionHandler: @escaping @Sendable (Result<T, ItemProviderError>) -> Void
    ) -> Progress {
        LoadProgress.start(tracking: access.trackers) { progress in
            try await self.transferable(type: T.self, progress: progress)
        } completion: { result in
            completionHandler(result)
        }
    }
}
