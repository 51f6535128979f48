import Foundation

/// What loads need from Foundation's `Progress` beyond its API.
extension Progress {
    /// A progress in no tree: `init(totalUnitCount:)` would make it a child
    /// of the thread's current progress, if some code made one current.
    static func unattached(totalUnitCount: Int64) -> Progress {
        let progress = Progress(parent: nil, userInfo: nil)
        progress.totalUnitCount = totalUnitCount
        return progress
    }

    /// Marks the work done, so `fractionCompleted` reads 1: an unknown or
    /// empty total becomes the completed count (at least one unit).
    func markFinished() {
        if totalUnitCount <= 0 { totalUnitCount = max(completedUnitCount, 1) }
        completedUnitCount = totalUnitCount
    }
}
