import DragKitGTK
import Foundation

/// Writes every main-loop stall over 50 ms to a file, for
/// scripts/measure-contacts-drag: a timer that should fire every 5 ms
/// notes each gap longer than that, one line per stall,
/// `<CLOCK_MONOTONIC seconds at its end> <milliseconds>`. Set
/// `CONTACTS_STALL_LOG=FILE` to turn it on; without it nothing runs.
@MainActor
enum StallLog {
    private static let period: UInt32 = 5
    private static let threshold = 0.050
    private static var file: FileHandle?
    private static var last = 0.0

    /// Starts the log when the environment asks for it.
    static func startIfAsked(environment: [String: String] = ProcessInfo.processInfo.environment) {
        guard file == nil, let path = environment["CONTACTS_STALL_LOG"], !path.isEmpty,
              FileManager.default.createFile(atPath: path, contents: nil),
              let handle = FileHandle(forWritingAtPath: path) else { return }
        file = handle
        last = now()
        tick()
    }

    private static func tick() {
        MainLoop.after(milliseconds: period) {
            let time = now()
            let late = time - last - Double(period) / 1000
            last = time
            if late > threshold {
                file?.write(Data(String(format: "%.4f %.1f\n", time, late * 1000).utf8))
            }
            tick()
        }
    }

    private static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
