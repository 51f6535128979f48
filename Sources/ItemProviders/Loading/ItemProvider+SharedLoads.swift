import Foundation
import UniformTypes

extension ItemProvider {
    // MARK: - Coalesced handler runs

    /// Runs `work` for `key`, or joins the run already in flight.
    ///
    /// The first request leads: it runs `work` in its own task, so task-local
    /// values and priority carry into the handler and a lone load costs no
    /// extra task. Requests arriving meanwhile wait for the leader's result.
    /// If the leader is cancelled and its run ends in cancellation, the
    /// waiting requests start over rather than inherit a cancellation they
    /// did not ask for.
    func shared(_ key: LoadKey, type: UTType, work: () async throws -> LoadedValue) async throws(ItemProviderError) -> LoadedValue {
        enum Role {
            case leader
            case follower(InFlightLoad, slot: Int)
        }
        while true {
            let role: Role = storage.state.withLock { state in
                switch state.inFlight[key] {
                case nil:
                    state.inFlight[key] = .running
                    return .leader
                case .running?:
                    let flight = InFlightLoad()
                    state.inFlight[key] = .shared(flight)
                    return .follower(flight, slot: flight.reserve())
                case .shared(let flight)?:
                    return .follower(flight, slot: flight.reserve())
                }
            }
            switch role {
            case .leader:
                let result: Result<LoadedValue, ItemProviderError>
                do {
                    result = .success(try await work())
                } catch {
                    result = .failure(ItemProviderError.normalized(error, type: type))
                }
                let entry = storage.state.withLock { $0.inFlight.removeValue(forKey: key) }
                if case .shared(let flight)? = entry {
                    if case .failure(let error) = result, error.code == .cancelled, Task.isCancelled {
                        flight.finish(.failure(RetryLoad()))
                    } else {
                        flight.finish(result.mapError { $0 })
                    }
                }
                return try result.get()
            case .follower(let flight, let slot):
                do {
                    return try await flight.wait(slot: slot)
                } catch is RetryLoad {
                    if Task.isCancelled { throw .cancelled(type) }
                    continue
                } catch {
                    throw ItemProviderError.normalized(error, type: type)
                }
            }
        }
    }

    // MARK: - Loading one representation

    /// The representation's bytes: the handler's data, the object's data,
    /// or the contents of the handler's file.
    func loadData(of representation: Representation, progress: Progress?) async throws(ItemProviderError) -> Data {
        let type = representation.contentType
        let value = try await shared(LoadKey(representationID: representation.id, kind: .data), type: type) {
            switch representation.source {
            case .data(let handler):
                return .data(try await handler())
            case .object(let object):
                return .data(try await object.loadData(for: type))
            case .file(_, let handler):
                let sent = try await handler()
                try Task.checkCancellation()
                guard sent.url.isFileURL else {
                    throw ItemProviderError.fileUnavailable(type, url: sent.url, reason: "the handler returned a URL that is not a file URL")
                }
                do {
                    return .data(try Data(contentsOf: sent.url))
                } catch {
                    throw ItemProviderError.fileUnavailable(type, url: sent.url, reason: ItemProviderError.reason(for: error), underlying: error)
                }
            }
        }
        progress?.completedUnitCount = progress?.totalUnitCount ?? 0
        guard case .data(let data) = value else { preconditionFailure("a data load produced a file") }
        return data
    }

    /// A file holding the representation, which the caller holds once and
    /// must ``TemporaryFile/release()``: a clone of the handler's file, a
    /// file written from the bytes, or (`inPlace`, when the source allows
    /// it) the source's file itself.
    func loadFile(of representation: Representation, inPlace: Bool, progress: Progress?) async throws(ItemProviderError) -> TemporaryFile {
        let type = representation.contentType
        let wantsOriginal = inPlace && representation.opensInPlace
        let key = LoadKey(representationID: representation.id, kind: wantsOriginal ? .fileInPlace : .file)
        let value = try await shared(key, type: type) {
            switch representation.source {
            case .file(_, let handler):
                let sent = try await handler()
                try Task.checkCancellation()
                guard sent.url.isFileURL else {
                    throw ItemProviderError.fileUnavailable(type, url: sent.url, reason: "the handler returned a URL that is not a file URL")
                }
                if wantsOriginal && sent.allowsOriginal {
                    guard FileManager.default.isReadableFile(atPath: sent.url.path) else {
                        throw ItemProviderError.fileUnavailable(type, url: sent.url, reason: "no readable file exists there")
                    }
                    return .file(.original(sent.url))
                }
                let file = try makeTemporaryFile(for: representation, sourceName: sent.url.lastPathComponent)
                do {
                    try FileCloner.copy(from: sent.url, to: file.url, progress: progress)
                } catch let error as CancellationError {
                    file.release()
                    throw error
                } catch {
                    file.release()
                    throw ItemProviderError.fileUnavailable(type, url: sent.url, reason: ItemProviderError.reason(for: error), underlying: error)
                }
                return .file(file)
            case .data, .object:
                let data = try await loadData(of: representation, progress: nil)
                let file = try makeTemporaryFile(for: representation, sourceName: nil)
                do {
                    try data.write(to: file.url)
                } catch {
                    file.release()
                    throw ItemProviderError.fileUnavailable(type, url: file.url, reason: ItemProviderError.reason(for: error), underlying: error)
                }
                progress?.completedUnitCount = progress?.totalUnitCount ?? 0
                return .file(file)
            }
        }
        guard case .file(let file) = value else { preconditionFailure("a file load produced data") }
        return file
    }

    private func makeTemporaryFile(for representation: Representation, sourceName: String?) throws(ItemProviderError) -> TemporaryFile {
        let name = fileName(for: representation, sourceName: sourceName)
        do {
            return try TemporaryFile.make(named: name)
        } catch {
            let folder = FileManager.default.temporaryDirectory
            throw .fileUnavailable(representation.contentType, url: folder, reason: "could not make a temporary folder: \(ItemProviderError.reason(for: error))", underlying: error)
        }
    }

    /// The representation's (or provider's) suggested name, else the source
    /// file's name, else "item"; with the type's filename extension.
    func fileName(for representation: Representation, sourceName: String?) -> String {
        let sourceURL = sourceName.map { URL(fileURLWithPath: $0) }
        var name = representation.suggestedName ?? suggestedName
            ?? sourceURL?.deletingPathExtension().lastPathComponent
            ?? "item"
        name = String(name.map { $0 == "/" || $0 == "\0" ? "_" : $0 })
        if name.isEmpty || name == "." || name == ".." { name = "item" }
        let sourceExtension = sourceURL.map(\.pathExtension).flatMap { $0.isEmpty ? nil : $0 }
        if let pathExtension = representation.contentType.preferredFilenameExtension ?? sourceExtension,
           !name.lowercased().hasSuffix("." + pathExtension.lowercased()) {
            name += "." + pathExtension
        }
        return name
    }
}
