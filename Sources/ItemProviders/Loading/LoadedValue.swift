import Foundation

/// What one handler run produced, handed to every request that shared it.
enum LoadedValue: Sendable {
    case data(Data)
    case file(TemporaryFile)
}

/// Thrown to requests that waited on a run whose leading request was
/// cancelled: the run stopped for someone else's reason, so they start over.
struct RetryLoad: Error {}
