import AppSupport
import Foundation

/// How both geocache apps start, before any window: open the app's store in
/// its data folder and, for `--export-json`, print the export and exit.
public enum StoreLaunch {
    /// Opens the store with `open` in the folder `options` name for
    /// `applicationID`. With `--export-json`, prints `export(store)` and
    /// exits 0. A store that cannot be opened or exported is reported on
    /// standard error (there is no window yet) and the process exits 1.
    public static func open<Store>(
        _ options: AppOptions, appName: String, applicationID: String,
        store open: (URL) throws -> Store, export: (Store) throws -> Data
    ) -> Store {
        do {
            let store = try open(options.dataDirectory(applicationID: applicationID))
            if options.exportJSON {
                FileHandle.standardOutput.write(try export(store) + Data("\n".utf8))
                exit(0)
            }
            return store
        } catch {
            fail(appName, error, status: 1)
        }
    }

    /// Reports `error` on standard error as `appName: ...` and exits.
    public static func fail(_ appName: String, _ error: any Error, status: Int32) -> Never {
        FileHandle.standardError.write(Data("\(appName): \(error)\n".utf8))
        exit(status)
    }
}
