import Foundation
import ItemProviders
import UniformTypes

/// What an ``IncomingDrag`` reads before its drop is handed over: another
/// app's files by name and a link's title.
extension IncomingDrag {
    /// Whether the drag offers files by name (other apps' file drags).
    var hasFileList: Bool { manifest == nil && drop.formats.contains(MIMETypeMapping.uriList) }

    /// The link representation, when the drag offers a format that carries
    /// the link's title too (browsers do).
    private var titledLink: ForeignFormatTable.Representation? {
        representations.first { representation in
            representation.type == .url && representation.formats.contains {
                [.mozURL, .netscapeURL].contains(ForeignFormatTable.interpret($0).conversion)
            }
        }
    }

    /// Whether something must be read before the drop is handed over
    /// (``prepare()``).
    var needsPreparation: Bool { !isPrepared && (hasFileList || titledLink != nil) }

    /// Before the drop is handed to the destination: a `text/uri-list` is
    /// read (it is only names) and each file is registered as a file
    /// representation typed by its name, so destinations can ask for
    /// `.png` or `.data` rather than parse URLs; a link's title becomes the
    /// provider's suggested name.
    func prepare() async {
        guard !isPrepared, let provider = providers?.first else { return }
        isPrepared = true
        await registerFiles(on: provider)
        if provider.suggestedName == nil, let link = titledLink,
           let (mime, data) = try? await reads.track({
               try await SelectionRead.read(preferring: link.formats, from: drop, stallTimeout: stallTimeout,
                                            observer: transferObserver)
           }),
           let title = (try? ForeignFormatTable.convert(data, readAs: mime, for: link))?.title {
            provider.suggestedName = title
        }
    }

    private func registerFiles(on provider: ItemProvider) async {
        guard hasFileList,
              let list = try? await reads.track({
                  try await SelectionRead.read(MIMETypeMapping.uriList, from: drop, stallTimeout: stallTimeout,
                                               observer: transferObserver)
              })
        else { return }
        let urls = String(decoding: list, as: UTF8.self)
            .split(whereSeparator: \.isNewline)
            .filter { !$0.hasPrefix("#") }
            .compactMap { URL(string: String($0).trimmingCharacters(in: .whitespaces)) }
            .filter(\.isFileURL)
        // Ahead of the formats registered while hovering: a file's type is
        // its file's, and its bytes are the file's, never the text of the
        // list that names it (Qt offers that list as text/plain too).
        var seen = Set<UTType>()
        var position = 0
        for url in urls {
            let type = UTType(filenameExtension: url.pathExtension) ?? .data
            guard seen.insert(type).inserted else { continue }
            if provider.suggestedName == nil {
                provider.suggestedName = url.deletingPathExtension().lastPathComponent
            }
            provider.insertFileRepresentation(for: type, at: position) { url }
            position += 1
        }
    }
}
