import Foundation

extension CacheDetail {
    /// Shows the geocache in the first of `urls` (a geocache JSON file the
    /// desktop or the command line handed to CacheEditor), stored as a
    /// dropped geocache is. A file that cannot be read or is not a geocache
    /// is reported through ``onError`` and the shown geocache stays; the
    /// editor shows one geocache, so further files are reported as left
    /// unopened.
    ///
    /// ```swift
    /// application.onOpen { urls in detail.open(urls) }
    /// ```
    public func open(_ urls: [URL]) {
        guard let url = urls.first else { return }
        if urls.count > 1 {
            let others = urls.dropFirst().map(\.lastPathComponent).joined(separator: ", ")
            report(GeocacheError(.tooManyItems,
                                 "CacheEditor shows one geocache at a time: it opened \(url.lastPathComponent) and left \(others) unopened."))
        }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            report(GeocacheError(.loadFailed, "Could not read \(url.path): \(error.localizedDescription). The editor still shows what it showed."))
            return
        }
        do {
            try show(Geocache(jsonData: data, source: url.lastPathComponent))
        } catch {
            report(error)
        }
    }
}
