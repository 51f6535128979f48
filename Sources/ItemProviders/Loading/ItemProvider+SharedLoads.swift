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
    ///
    /// With `tracksProgress`, the run gets a ``RunProgress`` that `work`
    /// reports into and that every request's `progress` mirrors while it
    /// waits; it is cancelled when the leading request is.
    ///
    /// The view's trackers count the request until it ends, unless it is
    /// part of a load already counted (`counted`).
    func shared(
        _ key: LoadKey, type: UTType, progress: Progress?, tracksProgress: Bool, counted: Bool = false,
        work: (RunProgress?) async throws -> LoadedValue
    ) async throws(ItemProviderError) -> LoadedValue {
        enum Role {
            case leader(RunProgress?)
            case follower(InFlightLoad, slot: Int)
        }
        // Counted until it ends, whether it leads or waits for another
        // request's run.
        let trackers = counted ? [] : access.trackers
        for tracker in trackers { tracker.begin() }
        defer { for tracker in trackers { tracker.end() } }
        while true {
            // A request subscribes to the run's progress as it joins, so it
            // hears every report made after it is counted as waiting.
            let role: Role = storage.state.withLock { state in
                switch state.inFlight[key] {
                case nil:
                    let run = tracksProgress ? RunProgress() : nil
                    run?.subscribe(progress)
                    state.inFlight[key] = .running(run)
                    return .leader(run)
                case .running(let run)?:
                    run?.subscribe(progress)
                    let flight = InFlightLoad(progress: run)
                    state.inFlight[key] = .shared(flight)
                    return .follower(flight, slot: flight.reserve())
                case .shared(let flight)?:
                    flight.progress?.subscribe(progress)
                    return .follower(flight, slot: flight.reserve())
                }
            }
            switch role {
            case .leader(let run):
                let result: Result<LoadedValue, ItemProviderError>
                do {
                    if let run {
                        result = .success(try await withTaskCancellationHandler {
                            try await work(run)
                        } onCancel: {
                            run.cancel()
                        })
                    } else {
                        result = .success(try await work(nil))
                    }
                } catch {
                    result = .failure(ItemProviderError.normalized(error, type: type))
                }
                run?.close()
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
                defer { flight.progress?.unsubscribe(progress) }
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
    /// or the contents of the handler's file. `counted`: part of a load the
    /// view's trackers already count.
    func loadData(of representation: Representation, progress: Progress?,
                  counted: Bool = false) async throws(ItemProviderError) -> Data {
        let type = representation.contentType
        let key = LoadKey(representationID: representation.id, kind: .data)
        let value = try await shared(key, type: type, progress: progress, tracksProgress: representation.tracksProgress(asFile: false),
                                     counted: counted) { run in
            switch representation.source {
            case .data(let handler):
                return .data(try await handler())
            case .reportingData(let handler):
                return .data(try await handler(run ?? RunProgress()))
            case .object(let object):
                return .data(try await object.loadData(for: type))
            case .file(_, _, let handler):
                let sent = try await handler(run)
                try Task.checkCancellation()
                guard sent.url.isFileURL else {
                    throw ItemProviderError.fileUnavailable(type, url: sent.url, reason: "the handler returned a URL that is not a file URL")
                }
                do {
                    return .data(try FileCloner.contents(of: sent.url))
                } catch {
                    throw ItemProviderError.fileUnavailable(type, url: sent.url, reason: ItemProviderError.reason(for: error), underlying: error)
                }
            }
        }
        progress?.markFinished()
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
        let value = try await shared(key, type: type, progress: progress,
                                     tracksProgress: representation.tracksProgress(asFile: true)) { run in
            switch representation.source {
            case .file(_, _, let handler):
                let sent = try await handler(run)
                try Task.checkCancellation()
                guard sent.url.isFileURL else {
                    throw ItemProviderError.fileUnavailable(type, url: sent.url, reason: "the handler returned a URL that is not a file URL")
                }
                if wantsOriginal && sent.allowsOriginal {
                    if let problem = FileCloner.regularFileProblem(sent.url) {
                        throw ItemProviderError.fileUnavailable(type, url: sent.url, reason: problem)
                    }
                    return .file(.original(sent.url))
                }
                let file = try makeTemporaryFile(for: representation, sourceName: sent.url.lastPathComponent)
                do {
                    // A handler that reported progress speaks for the whole
                    // load; otherwise the copy is what there is to report.
                    let copyProgress = run?.hasReports == true ? nil : run
                    try FileCloner.copy(from: sent.url, to: file.url, progress: copyProgress)
                } catch let error as CancellationError {
                    file.release()
                    throw error
                } catch {
                    file.release()
                    throw ItemProviderError.fileUnavailable(type, url: sent.url, reason: ItemProviderError.reason(for: error), underlying: error)
                }
                return .file(file)
            case .data, .reportingData, .object:
                let data = try await loadData(of: representation, progress: run, counted: true)
                let file = try makeTemporaryFile(for: representation, sourceName: nil)
                do {
                    try data.write(to: file.url)
                } catch {
                    file.release()
                    throw ItemProviderError.fileUnavailable(type, url: file.url, reason: ItemProviderError.reason(for: error), underlying: error)
                }
                return .file(file)
            }
        }
        progress?.markFinished()
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
