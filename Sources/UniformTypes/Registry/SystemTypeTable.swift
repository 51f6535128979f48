/// The system types Apple declares, under Apple's identifiers, with their
/// parents and tags. Parents come before children, so the table can be
/// turned into records in one pass.
///
/// Two Apple sources describe these types and they do not always agree: the
/// declarations macOS ships (the `UTExportedTypeDeclarations` of CoreTypes:
/// `UTTypeConformsTo`, `UTTypeTagSpecification`) and the comments of the
/// `UTCoreTypes.h` header that the documentation repeats. Tags follow the
/// shipped declarations, in their order. Where the two name different
/// parents, a type gets the parents of both, leaving out one the others
/// already imply, so `conforms(to:)` is true whenever either source says so
/// (comma-separated values are plain text as shipped and delimited text as
/// documented; MPEG-4 audio is audio as shipped and also MPEG-4 as
/// documented). Types newer than the shipped set at hand (public.heic,
/// public.jpeg-xl) take the documented parents and their formats'
/// registered tags.
///
/// Where DragKit departs from the shipped declarations it says so next to
/// the entry.
///
/// The table is also compiled as constant C data with its index
/// (``SystemTypeIndex``, for a process's first query): after changing
/// ``entries`` or the freedesktop pairs, run
/// `scripts/generate-system-type-index` (the tests fail, saying so, until
/// it has run).
enum SystemTypeTable {
    /// One built-in type. Its fields are static strings, lists separated
    /// by spaces, written out in full in the table (the memberwise
    /// initializer, no defaults): the compiler then lays the whole table
    /// down as constant data, so a process's first query reads it without
    /// running code to build hundreds of arrays and strings.
    struct Entry: Sendable {
        /// The identifier.
        let id: StaticString
        /// The parents' identifiers.
        let conformsTo: StaticString
        /// The MIME tags, in Apple's order.
        let mime: StaticString
        /// The filename extension tags, in Apple's order.
        let ext: StaticString
        /// The English description.
        let about: StaticString

        var identifier: String { id.description }
        var parents: [String] { Self.words(conformsTo) }
        var mimeTypes: [String] { Self.words(mime) }
        var filenameExtensions: [String] { Self.words(ext) }
        var description: String { about.description }

        var tags: [UTTagClass: [String]] {
            var tags: [UTTagClass: [String]] = [:]
            if mime.utf8CodeUnitCount > 0 { tags[.mimeType] = mimeTypes }
            if ext.utf8CodeUnitCount > 0 { tags[.filenameExtension] = filenameExtensions }
            return tags
        }

        /// The words of a space-separated list.
        private static func words(_ list: StaticString) -> [String] {
            var words: [String] = []
            forEachWord(of: list) { words.append(String(decoding: $0, as: UTF8.self)) }
            return words
        }

        /// The bytes of a static string (the table's are ASCII).
        static func bytes(_ text: StaticString) -> UnsafeBufferPointer<UInt8> {
            UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount)
        }

        /// Calls `body` with the bytes of each word of a space-separated
        /// list, in order.
        @inline(__always)
        static func forEachWord(of list: StaticString, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
            let bytes = bytes(list)
            var start = 0
            var index = 0
            while index <= bytes.count {
                if index == bytes.count || bytes[index] == UInt8(ascii: " ") {
                    if index > start { body(UnsafeBufferPointer(rebasing: bytes[start..<index])) }
                    start = index + 1
                }
                index += 1
            }
        }
    }

    /// freedesktop MIME types that stand for a system type although Apple
    /// gives that type no MIME tag (or none the database uses): the
    /// file-system node kinds and a few formats Apple tags by extension only.
    static let freedesktopEquivalents: [MIMEPair] = [
        MIMEPair(mime: "inode/directory", system: "public.folder"),
        MIMEPair(mime: "inode/mount-point", system: "public.volume"),
        MIMEPair(mime: "inode/symlink", system: "public.symlink"),
        MIMEPair(mime: "inode/blockdevice", system: "public.block-special"),
        MIMEPair(mime: "inode/chardevice", system: "public.character-special"),
        MIMEPair(mime: "inode/fifo", system: "public.named-pipe"),
        MIMEPair(mime: "inode/socket", system: "public.socket"),
        MIMEPair(mime: "video/mp2t", system: "public.mpeg-2-transport-stream"),
        MIMEPair(mime: "font/ttf", system: "public.truetype-ttf-font"),
        MIMEPair(mime: "font/otf", system: "public.opentype-font"),
        MIMEPair(mime: "application/pkix-cert", system: "public.x509-certificate"),
        MIMEPair(mime: "text/x-log", system: "com.apple.log"),
    ]

    /// freedesktop types that keep a type of their own but are a kind of a
    /// system type the database does not name: the database files C source
    /// under text/x-csrc, Apple under public.c-source. The database type gets
    /// the system type as an extra parent, so text/x-csrc is source code.
    static let freedesktopParents: [MIMEPair] = [
        MIMEPair(mime: "text/x-csrc", system: "public.c-source"),
        MIMEPair(mime: "text/x-chdr", system: "public.c-header"),
        MIMEPair(mime: "text/x-c++src", system: "public.c-plus-plus-source"),
        MIMEPair(mime: "text/x-c++hdr", system: "public.c-plus-plus-header"),
        MIMEPair(mime: "text/x-objcsrc", system: "public.objective-c-source"),
        MIMEPair(mime: "text/x-objc++src", system: "public.objective-c-plus-plus-source"),
        MIMEPair(mime: "text/x-java", system: "com.sun.java-source"),
        MIMEPair(mime: "text/x-python", system: "public.python-script"),
        MIMEPair(mime: "application/x-shellscript", system: "public.shell-script"),
        MIMEPair(mime: "application/x-perl", system: "public.perl-script"),
        MIMEPair(mime: "application/x-ruby", system: "public.ruby-script"),
        MIMEPair(mime: "application/x-php", system: "public.php-script"),
        MIMEPair(mime: "text/x-makefile", system: "public.make-source"),
    ]

    /// The system type `mimeType` (folded) stands for, if it is one of
    /// ``freedesktopEquivalents``.
    static func freedesktopEquivalent(of mimeType: String) -> String? {
        freedesktopEquivalents.first { $0.mimeType == mimeType }?.identifier
    }

    /// A freedesktop MIME type and a system type's identifier, as static
    /// strings so the lists are constant data (see ``Entry``).
    struct MIMEPair: Sendable {
        let mime: StaticString
        let system: StaticString

        var mimeType: String { mime.description }
        var identifier: String { system.description }
    }

    /// The system type `mimeType` (folded) is a kind of, if it is one of
    /// ``freedesktopParents``.
    static func freedesktopParent(of mimeType: String) -> String? {
        freedesktopParents.first { $0.mimeType == mimeType }?.identifier
    }

    /// The system type a media type (its bytes) implies: image/* is an
    /// image, audio/* audio, video/* a movie, font/* a font and model/* 3D
    /// content.
    static func mediaParent(ofMedia media: UnsafeRawBufferPointer) -> StaticString? {
        if TypeNaming.equal(media, "image") { return "public.image" }
        if TypeNaming.equal(media, "audio") { return "public.audio" }
        if TypeNaming.equal(media, "video") { return "public.movie" }
        if TypeNaming.equal(media, "font") { return "public.font" }
        if TypeNaming.equal(media, "model") { return "public.3d-content" }
        return nil
    }

    static let entries: [Entry] = [
        // MARK: - Abstract base types
        Entry(id: "public.item", conformsTo: "", mime: "", ext: "", about: "item"),
        Entry(id: "public.content", conformsTo: "", mime: "", ext: "", about: "content"),
        Entry(id: "public.composite-content", conformsTo: "public.content", mime: "", ext: "", about: "composite content"),
        Entry(id: "public.data", conformsTo: "public.item", mime: "application/octet-stream", ext: "", about: "data"),
        Entry(id: "public.directory", conformsTo: "public.item", mime: "", ext: "", about: "directory"),
        Entry(id: "com.apple.resolvable", conformsTo: "", mime: "", ext: "", about: "resolvable item"),
        Entry(id: "public.symlink", conformsTo: "public.item com.apple.resolvable", mime: "", ext: "", about: "symbolic link"),
        // Shipped without a parent; the header documents public.item.
        Entry(id: "public.executable", conformsTo: "public.item", mime: "", ext: "", about: "executable"),
        Entry(id: "com.apple.mount-point", conformsTo: "public.item com.apple.resolvable", mime: "", ext: "", about: "mount point"),
        Entry(id: "com.apple.alias-file", conformsTo: "public.data com.apple.resolvable", mime: "", ext: "", about: "alias"),
        Entry(id: "com.apple.bookmark", conformsTo: "public.data com.apple.resolvable", mime: "", ext: "", about: "URL bookmark data"),
        // Not Apple types: the file-system node kinds the desktop names
        // (inode/blockdevice and so on) need somewhere to go.
        Entry(id: "public.block-special", conformsTo: "public.item", mime: "", ext: "", about: "block device"),
        Entry(id: "public.character-special", conformsTo: "public.item", mime: "", ext: "", about: "character device"),
        Entry(id: "public.named-pipe", conformsTo: "public.item", mime: "", ext: "", about: "named pipe"),
        Entry(id: "public.socket", conformsTo: "public.item", mime: "", ext: "", about: "socket"),
        Entry(id: "public.url", conformsTo: "public.data", mime: "", ext: "", about: "URL"),
        Entry(id: "public.file-url", conformsTo: "public.url", mime: "", ext: "", about: "file URL"),
        Entry(id: "public.stored-url", conformsTo: "", mime: "", ext: "", about: "stored URL"),
        Entry(id: "com.apple.internet-location", conformsTo: "public.stored-url public.data", mime: "", ext: "", about: "internet location"),
        Entry(id: "com.microsoft.internet-shortcut", conformsTo: "public.stored-url public.data", mime: "",
              ext: "url", about: "Windows internet shortcut"),

        // MARK: - Text
        Entry(id: "public.text", conformsTo: "public.data public.content", mime: "", ext: "", about: "text"),
        Entry(id: "public.plain-text", conformsTo: "public.text", mime: "text/plain", ext: "txt text", about: "plain text"),
        // Apple declares no MIME type here; the charset parameter is how the
        // rest of the world says UTF-8, so the tag makes
        // text/plain;charset=utf-8 find this type.
        Entry(id: "public.utf8-plain-text", conformsTo: "public.plain-text", mime: "text/plain;charset=utf-8",
              ext: "", about: "UTF-8 plain text"),
        Entry(id: "public.utf16-external-plain-text", conformsTo: "public.plain-text", mime: "",
              ext: "", about: "UTF-16 plain text (big-endian unless marked)"),
        Entry(id: "public.utf16-plain-text", conformsTo: "public.plain-text", mime: "", ext: "", about: "UTF-16 plain text"),
        Entry(id: "public.delimited-values-text", conformsTo: "public.text", mime: "", ext: "", about: "delimited values text"),
        Entry(id: "public.comma-separated-values-text", conformsTo: "public.plain-text public.delimited-values-text", mime: "text/csv text/comma-separated-values",
              ext: "csv", about: "comma-separated values"),
        Entry(id: "public.tab-separated-values-text", conformsTo: "public.plain-text public.delimited-values-text", mime: "text/tab-separated-values",
              ext: "tsv", about: "tab-separated values"),
        Entry(id: "public.utf8-tab-separated-values-text", conformsTo: "public.tab-separated-values-text public.utf8-plain-text", mime: "",
              ext: "", about: "UTF-8 tab-separated values"),
        Entry(id: "public.rtf", conformsTo: "public.text", mime: "text/rtf", ext: "rtf", about: "rich text (RTF)"),
        Entry(id: "public.html", conformsTo: "public.text", mime: "text/html", ext: "html htm shtml shtm", about: "HTML text"),
        Entry(id: "public.xml", conformsTo: "public.text", mime: "application/xml text/xml", ext: "xml", about: "XML text"),
        Entry(id: "public.xhtml", conformsTo: "public.xml", mime: "application/xhtml+xml", ext: "xhtml xhtm xht", about: "XHTML text"),
        Entry(id: "public.yaml", conformsTo: "public.text", mime: "application/x-yaml", ext: "yaml yml", about: "YAML text"),
        Entry(id: "public.css", conformsTo: "public.text", mime: "text/css", ext: "css", about: "CSS style sheet"),
        Entry(id: "public.json", conformsTo: "public.text", mime: "application/json", ext: "json", about: "JSON text"),
        Entry(id: "public.log", conformsTo: "", mime: "", ext: "", about: "log"),
        Entry(id: "com.apple.log", conformsTo: "public.plain-text public.log", mime: "", ext: "log", about: "log file"),

        // MARK: - Source code
        Entry(id: "public.source-code", conformsTo: "public.plain-text", mime: "", ext: "", about: "source code"),
        Entry(id: "public.assembly-source", conformsTo: "public.source-code", mime: "", ext: "s", about: "assembly source code"),
        Entry(id: "public.c-source", conformsTo: "public.source-code", mime: "", ext: "c", about: "C source code"),
        Entry(id: "public.objective-c-source", conformsTo: "public.source-code", mime: "", ext: "m", about: "Objective-C source code"),
        Entry(id: "public.swift-source", conformsTo: "public.source-code", mime: "", ext: "swift", about: "Swift source code"),
        Entry(id: "public.c-plus-plus-source", conformsTo: "public.source-code", mime: "",
              ext: "cp cpp c++ cc cxx", about: "C++ source code"),
        Entry(id: "public.objective-c-plus-plus-source", conformsTo: "public.source-code", mime: "",
              ext: "mm", about: "Objective-C++ source code"),
        Entry(id: "public.c-header", conformsTo: "public.source-code", mime: "", ext: "h", about: "C header"),
        Entry(id: "public.c-plus-plus-header", conformsTo: "public.source-code", mime: "",
              ext: "hh hp hpp hxx h++ ipp", about: "C++ header"),
        Entry(id: "com.sun.java-source", conformsTo: "public.source-code", mime: "", ext: "java jav", about: "Java source code"),
        Entry(id: "public.script", conformsTo: "public.source-code", mime: "", ext: "", about: "script"),
        Entry(id: "com.apple.applescript.text", conformsTo: "public.script", mime: "", ext: "applescript", about: "AppleScript text"),
        Entry(id: "com.apple.applescript.script", conformsTo: "public.data public.script", mime: "",
              ext: "scpt", about: "compiled AppleScript"),
        Entry(id: "com.netscape.javascript-source", conformsTo: "public.script public.executable", mime: "text/javascript",
              ext: "js jscript javascript", about: "JavaScript source code"),
        Entry(id: "public.shell-script", conformsTo: "public.script", mime: "", ext: "sh", about: "shell script"),
        Entry(id: "public.perl-script", conformsTo: "public.shell-script", mime: "text/x-perl-script", ext: "pl pm", about: "Perl script"),
        Entry(id: "public.python-script", conformsTo: "public.shell-script", mime: "text/x-python-script",
              ext: "py", about: "Python script"),
        Entry(id: "public.ruby-script", conformsTo: "public.shell-script", mime: "text/x-ruby-script", ext: "rb rbw", about: "Ruby script"),
        Entry(id: "public.php-script", conformsTo: "public.shell-script", mime: "text/php text/x-php-script application/php",
              ext: "php php3 php4 ph3 ph4 phtml", about: "PHP script"),
        Entry(id: "public.make-source", conformsTo: "public.script", mime: "", ext: "make mak gmk mk", about: "makefile"),

        // MARK: - Property lists and documents
        Entry(id: "com.apple.property-list", conformsTo: "public.data", mime: "", ext: "plist", about: "property list"),
        Entry(id: "com.apple.xml-property-list", conformsTo: "public.xml com.apple.property-list", mime: "",
              ext: "plist", about: "XML property list"),
        Entry(id: "com.apple.binary-property-list", conformsTo: "com.apple.property-list", mime: "",
              ext: "plist", about: "binary property list"),
        Entry(id: "com.adobe.pdf", conformsTo: "public.data public.composite-content", mime: "application/pdf",
              ext: "pdf", about: "PDF document"),
        Entry(id: "com.apple.flat-rtfd", conformsTo: "public.data public.composite-content", mime: "",
              ext: "", about: "rich text with attachments (flat RTFD)"),
        Entry(id: "com.apple.webarchive", conformsTo: "public.data public.composite-content", mime: "application/x-webarchive",
              ext: "webarchive", about: "web archive"),
        Entry(id: "org.idpf.epub-container", conformsTo: "public.data public.composite-content", mime: "application/epub+zip",
              ext: "epub", about: "EPUB document"),
        Entry(id: "public.spreadsheet", conformsTo: "public.content", mime: "", ext: "", about: "spreadsheet"),
        Entry(id: "public.presentation", conformsTo: "public.composite-content", mime: "", ext: "", about: "presentation"),
        Entry(id: "public.database", conformsTo: "", mime: "", ext: "", about: "database"),

        // MARK: - Images
        Entry(id: "public.image", conformsTo: "public.data public.content", mime: "", ext: "", about: "image"),
        Entry(id: "public.jpeg", conformsTo: "public.image", mime: "image/jpeg image/jpg", ext: "jpeg jpg jpe", about: "JPEG image"),
        Entry(id: "public.jpeg-2000", conformsTo: "public.image", mime: "image/jp2", ext: "jp2 jpf jpx j2k j2c", about: "JPEG 2000 image"),
        Entry(id: "public.tiff", conformsTo: "public.image", mime: "image/tiff", ext: "tiff tif", about: "TIFF image"),
        Entry(id: "com.compuserve.gif", conformsTo: "public.image", mime: "image/gif", ext: "gif", about: "GIF image"),
        Entry(id: "public.png", conformsTo: "public.image", mime: "image/png", ext: "png", about: "PNG image"),
        Entry(id: "com.apple.icns", conformsTo: "public.image", mime: "", ext: "icns", about: "Apple icon image"),
        Entry(id: "com.microsoft.bmp", conformsTo: "public.image", mime: "image/bmp", ext: "bmp", about: "Windows bitmap image"),
        Entry(id: "com.microsoft.ico", conformsTo: "public.image", mime: "image/vnd.microsoft.icon",
              ext: "ico", about: "Windows icon image"),
        Entry(id: "public.camera-raw-image", conformsTo: "public.image", mime: "", ext: "", about: "camera raw image"),
        Entry(id: "com.adobe.raw-image", conformsTo: "public.image", mime: "", ext: "dng", about: "DNG image"),
        Entry(id: "public.svg-image", conformsTo: "public.image", mime: "image/svg+xml", ext: "svg svgz", about: "SVG image"),
        Entry(id: "com.apple.live-photo", conformsTo: "", mime: "", ext: "", about: "Live Photo"),
        Entry(id: "public.heif-standard", conformsTo: "public.image", mime: "", ext: "", about: "HEIF standard image"),
        Entry(id: "public.heif", conformsTo: "public.heif-standard", mime: "image/heif", ext: "heif hif", about: "HEIF image"),
        Entry(id: "public.heic", conformsTo: "public.heif-standard", mime: "image/heic", ext: "heic", about: "HEIC image"),
        Entry(id: "public.heics", conformsTo: "public.heif-standard", mime: "image/heic-sequence",
              ext: "heics", about: "HEIC image sequence"),
        Entry(id: "org.webmproject.webp", conformsTo: "public.image", mime: "image/webp", ext: "webp", about: "WebP image"),
        Entry(id: "public.jpeg-xl", conformsTo: "public.image", mime: "image/jxl", ext: "jxl", about: "JPEG XL image"),
        Entry(id: "com.ilm.openexr-image", conformsTo: "public.image", mime: "", ext: "exr", about: "OpenEXR image"),

        // MARK: - 3D content
        Entry(id: "public.3d-content", conformsTo: "public.content", mime: "", ext: "", about: "3D content"),
        Entry(id: "com.pixar.universal-scene-description", conformsTo: "public.3d-content public.data", mime: "",
              ext: "usd usda usdc", about: "Universal Scene Description"),
        Entry(id: "com.pixar.universal-scene-description-mobile", conformsTo: "public.3d-content public.data", mime: "model/vnd.usdz+zip",
              ext: "usdz", about: "USDZ scene"),
        Entry(id: "com.apple.reality", conformsTo: "public.data", mime: "", ext: "reality", about: "Reality file"),
        Entry(id: "com.apple.scenekit.scene", conformsTo: "public.3d-content public.data", mime: "", ext: "scn", about: "SceneKit scene"),
        Entry(id: "com.apple.arobject", conformsTo: "public.data", mime: "", ext: "arobject", about: "AR reference object"),

        // MARK: - Audio and video
        Entry(id: "public.audiovisual-content", conformsTo: "public.data public.content", mime: "", ext: "", about: "audiovisual content"),
        Entry(id: "public.movie", conformsTo: "public.audiovisual-content", mime: "", ext: "", about: "movie"),
        Entry(id: "public.video", conformsTo: "public.movie", mime: "", ext: "", about: "video"),
        Entry(id: "public.audio", conformsTo: "public.audiovisual-content", mime: "", ext: "", about: "audio"),
        Entry(id: "com.apple.quicktime-movie", conformsTo: "public.movie", mime: "video/quicktime", ext: "mov qt", about: "QuickTime movie"),
        Entry(id: "public.mpeg", conformsTo: "public.movie", mime: "video/mpeg video/mpg video/x-mpeg video/x-mpg",
              ext: "mpg mpeg mpe m75 m15", about: "MPEG movie"),
        Entry(id: "public.mpeg-2-video", conformsTo: "public.video", mime: "video/mpeg2 video/mpeg2-video",
              ext: "m2v", about: "MPEG-2 video"),
        Entry(id: "public.mpeg-2-transport-stream", conformsTo: "public.movie", mime: "", ext: "ts", about: "MPEG-2 transport stream"),
        Entry(id: "public.mpeg-4", conformsTo: "public.movie", mime: "video/mp4 video/mp4v-es", ext: "mp4 mpg4", about: "MPEG-4 movie"),
        Entry(id: "com.apple.m4v-video", conformsTo: "public.mpeg-4", mime: "video/x-m4v", ext: "m4v", about: "Apple MPEG-4 movie"),
        Entry(id: "com.apple.protected-mpeg-4-video", conformsTo: "com.apple.m4v-video", mime: "", ext: "", about: "protected MPEG-4 movie"),
        Entry(id: "public.avi", conformsTo: "public.movie", mime: "video/avi video/msvideo video/x-msvideo",
              ext: "avi vfw", about: "AVI movie"),
        Entry(id: "public.mp3", conformsTo: "public.audio", mime: "audio/mpeg audio/mpeg3 audio/mpg audio/mp3 audio/x-mpeg audio/x-mpeg3 audio/x-mpg audio/x-mp3",
              ext: "mp3 mpga", about: "MP3 audio"),
        Entry(id: "public.mpeg-4-audio", conformsTo: "public.mpeg-4 public.audio", mime: "audio/mp4 audio/mp4a-latm",
              ext: "mp4 mpg4", about: "MPEG-4 audio"),
        Entry(id: "com.apple.m4a-audio", conformsTo: "public.mpeg-4-audio", mime: "audio/x-m4a", ext: "m4a", about: "Apple MPEG-4 audio"),
        Entry(id: "com.apple.protected-mpeg-4-audio", conformsTo: "public.audio", mime: "", ext: "m4p m4b", about: "protected MPEG-4 audio"),
        Entry(id: "public.aac-audio", conformsTo: "public.audio", mime: "audio/aac audio/x-aac", ext: "aac adts", about: "AAC audio"),
        // Shipped also with aiff, aif, audio/aiff and audio/x-aiff, the tags
        // of its child public.aiff-audio; they are left to the child so that
        // a lookup by them finds ``UTType/aiff`` rather than its parent.
        Entry(id: "public.aifc-audio", conformsTo: "public.audio", mime: "", ext: "aifc cdda", about: "AIFF-C audio"),
        Entry(id: "public.aiff-audio", conformsTo: "public.aifc-audio", mime: "audio/aiff audio/x-aiff",
              ext: "aiff aif", about: "AIFF audio"),
        Entry(id: "com.microsoft.waveform-audio", conformsTo: "public.audio", mime: "audio/wav audio/wave",
              ext: "wav wave bwf", about: "Waveform audio"),
        Entry(id: "public.midi-audio", conformsTo: "public.audio", mime: "audio/midi audio/x-midi",
              ext: "midi mid smf kar", about: "MIDI audio"),
        Entry(id: "public.playlist", conformsTo: "", mime: "", ext: "", about: "playlist"),
        Entry(id: "public.m3u-playlist", conformsTo: "public.plain-text public.playlist", mime: "audio/mpegurl application/vnd.apple.mpegurl audio/x-mpegurl",
              ext: "m3u m3u8", about: "M3U playlist"),

        // MARK: - Directories and bundles
        Entry(id: "public.folder", conformsTo: "public.directory", mime: "", ext: "", about: "folder"),
        Entry(id: "public.volume", conformsTo: "public.folder", mime: "", ext: "", about: "volume"),
        Entry(id: "com.apple.package", conformsTo: "public.directory", mime: "", ext: "", about: "package"),
        Entry(id: "com.apple.bundle", conformsTo: "public.directory", mime: "", ext: "", about: "bundle"),
        Entry(id: "com.apple.localizable-name-bundle", conformsTo: "com.apple.bundle", mime: "",
              ext: "", about: "bundle with a localizable name"),
        Entry(id: "com.apple.framework", conformsTo: "com.apple.bundle", mime: "", ext: "framework", about: "framework"),
        Entry(id: "com.apple.rtfd", conformsTo: "com.apple.package public.composite-content", mime: "",
              ext: "rtfd", about: "rich text with attachments (RTFD)"),
        Entry(id: "com.apple.application", conformsTo: "public.executable", mime: "", ext: "", about: "application"),
        Entry(id: "com.apple.application-bundle", conformsTo: "com.apple.application com.apple.localizable-name-bundle com.apple.package", mime: "",
              ext: "app", about: "application bundle"),
        Entry(id: "com.apple.plugin", conformsTo: "com.apple.bundle com.apple.package", mime: "", ext: "plugin", about: "plug-in"),
        Entry(id: "com.apple.metadata-importer", conformsTo: "com.apple.plugin", mime: "", ext: "mdimporter", about: "Spotlight importer"),
        Entry(id: "com.apple.quicklook-generator", conformsTo: "com.apple.plugin", mime: "",
              ext: "qlgenerator", about: "Quick Look preview generator"),
        Entry(id: "com.apple.xpc-service", conformsTo: "com.apple.bundle com.apple.package", mime: "", ext: "xpc", about: "XPC service"),
        Entry(id: "com.apple.application-and-system-extension", conformsTo: "com.apple.xpc-service", mime: "",
              ext: "appex", about: "app extension"),
        Entry(id: "com.apple.systempreference.prefpane", conformsTo: "com.apple.package com.apple.bundle", mime: "",
              ext: "prefPane", about: "System Settings pane"),
        Entry(id: "com.apple.applescript.script-bundle", conformsTo: "com.apple.bundle com.apple.package public.script", mime: "",
              ext: "scptd", about: "AppleScript bundle"),

        // MARK: - Executables
        Entry(id: "public.unix-executable", conformsTo: "public.data public.executable", mime: "", ext: "", about: "Unix executable"),
        Entry(id: "public.elf-binary", conformsTo: "public.data public.executable", mime: "", ext: "", about: "ELF binary"),
        Entry(id: "com.microsoft.windows-executable", conformsTo: "public.data public.executable", mime: "application/x-msdownload",
              ext: "exe", about: "Windows executable"),

        // MARK: - Archives
        Entry(id: "public.archive", conformsTo: "", mime: "", ext: "", about: "archive"),
        Entry(id: "public.disk-image", conformsTo: "public.archive", mime: "", ext: "", about: "disk image"),
        Entry(id: "org.gnu.gnu-zip-archive", conformsTo: "public.data public.archive", mime: "application/x-gzip application/gzip",
              ext: "gz gzip", about: "gzip archive"),
        Entry(id: "public.bzip2-archive", conformsTo: "public.data public.archive", mime: "application/x-bzip2 application/x-bzip application/bzip2 application/bzip application/x-bz2",
              ext: "bz2 bz", about: "bzip2 archive"),
        Entry(id: "org.gnu.gnu-tar-archive", conformsTo: "public.data public.archive", mime: "application/x-gtar",
              ext: "gtar", about: "GNU tar archive"),
        Entry(id: "public.tar-archive", conformsTo: "org.gnu.gnu-tar-archive", mime: "application/x-tar application/tar",
              ext: "tar", about: "tar archive"),
        Entry(id: "com.pkware.zip-archive", conformsTo: "public.data public.archive", mime: "", ext: "", about: "PKZip archive"),
        Entry(id: "public.zip-archive", conformsTo: "com.pkware.zip-archive", mime: "application/zip application/x-zip-compressed",
              ext: "zip", about: "zip archive"),
        Entry(id: "com.sun.java-archive", conformsTo: "public.zip-archive public.executable", mime: "application/java-archive",
              ext: "jar", about: "Java archive"),
        Entry(id: "com.apple.archive", conformsTo: "public.data public.archive", mime: "", ext: "aar yaa", about: "Apple Archive"),

        // MARK: - Messages, contacts, calendars
        Entry(id: "public.message", conformsTo: "", mime: "", ext: "", about: "message"),
        Entry(id: "public.email-message", conformsTo: "public.message", mime: "", ext: "", about: "email message"),
        Entry(id: "public.contact", conformsTo: "", mime: "", ext: "", about: "contact"),
        // Shipped as text/directory, text/vcard, text/x-vcard; text/vcard
        // (RFC 6350, and the desktop's name for the type) is offered first.
        Entry(id: "public.vcard", conformsTo: "public.text public.contact", mime: "text/vcard text/directory text/x-vcard",
              ext: "vcf vcard", about: "vCard"),
        Entry(id: "public.to-do-item", conformsTo: "", mime: "", ext: "", about: "to-do item"),
        Entry(id: "public.calendar-event", conformsTo: "", mime: "", ext: "", about: "calendar event"),
        Entry(id: "com.apple.ical.ics", conformsTo: "public.text public.calendar-event", mime: "text/calendar",
              ext: "ics", about: "iCalendar file"),
        Entry(id: "public.bookmark", conformsTo: "", mime: "", ext: "", about: "bookmark"),

        // MARK: - Fonts and security
        Entry(id: "public.font", conformsTo: "public.data", mime: "", ext: "", about: "font"),
        Entry(id: "public.truetype-font", conformsTo: "public.font", mime: "", ext: "", about: "TrueType font"),
        Entry(id: "public.truetype-ttf-font", conformsTo: "public.truetype-font", mime: "", ext: "ttf", about: "TrueType font file"),
        Entry(id: "public.opentype-font", conformsTo: "public.font", mime: "", ext: "otf", about: "OpenType font"),
        Entry(id: "com.rsa.pkcs-12", conformsTo: "public.data", mime: "application/x-pkcs12", ext: "p12 pfx", about: "PKCS #12 data"),
        Entry(id: "public.x509-certificate", conformsTo: "public.data", mime: "application/x-x509-ca-cert",
              ext: "cer der crt pem", about: "X.509 certificate"),
    ]
}
