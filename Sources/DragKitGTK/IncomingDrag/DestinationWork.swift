import DragAndDrop

/// Waits for a destination's work on a GTK drop before the drop is
/// finished: the loads made through the drop session's items and the Tasks
/// its `performDrop` started (``DropSession/waitForLoads()``), however late
/// they begin to read.
///
/// The wait gives up once that work has read nothing from the drop for the
/// stall time (``DesktopDragDrop/transferStallTimeout``): a destination
/// whose work never ends must not keep the drag, and the source behind it,
/// waiting for ever. A read in flight ends by itself (with its data, or as
/// stalled), so time counts only while no read is in flight. Loads that
/// start after the drop was finished fail with `.dropFinished`.
@MainActor
final class DestinationWork {
    private let session: DropSession
    private let reads: DropReadTracker?
    private let stallTimeout: Duration
    private var quietSince = ContinuousClock.now
    private var isOver = false

    /// Watches `session`'s work; `reads` are the drop's reads for a drag
    /// from another process, nil for one of this process.
    init(session: DropSession, reads: DropReadTracker?, stallTimeout: Duration) {
        self.session = session
        self.reads = reads
        self.stallTimeout = stallTimeout
    }

    /// Returns when the work is done or has gone quiet for the stall time.
    func wait() async {
        let session = session
        let work = Task { @MainActor in await session.waitForLoads() }
        watch(work)
        await work.value
        isOver = true
    }

    private func watch(_ work: Task<Void, Never>) {
        MainLoop.after(milliseconds: 250) { [self] in
            guard !isOver else { return }
            if reads?.isReading == true {
                quietSince = .now
            } else if quietSince.duration(to: .now) > stallTimeout {
                work.cancel()
                return
            }
            watch(work)
        }
    }
}
