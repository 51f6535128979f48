import DragKitGTK
import DragKitWidgets
import Foundation

/// Looks at a load's `Progress` on the main loop every few milliseconds, as
/// a progress bar would, and keeps each distinct fraction seen, in order.
@MainActor
final class ProgressSampler {
    private let progress: Progress
    private let interval: UInt32
    private var isSampling = true
    /// The distinct fractions seen so far, oldest first.
    private(set) var fractions: [Double] = []

    /// Starts sampling `progress` every `interval` milliseconds.
    init(_ progress: Progress, everyMilliseconds interval: UInt32 = 5) {
        self.progress = progress
        self.interval = interval
        sample()
    }

    /// Takes a last sample and stops; returns every fraction seen.
    func stop() -> [Double] {
        isSampling = false
        record()
        return fractions
    }

    private func sample() {
        guard isSampling else { return }
        record()
        MainLoop.after(milliseconds: interval) { [weak self] in self?.sample() }
    }

    private func record() {
        let fraction = progress.fractionCompleted
        if fractions.last != fraction { fractions.append(fraction) }
    }
}
