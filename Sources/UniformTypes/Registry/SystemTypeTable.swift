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
/// The index over this table is generated ahead: after changing
/// ``entries``, run `scripts/generate-system-type-index` (the tests fail,
/// saying so, until it has run).
enum SystemTypeTable {
    /// One built-in type. Its fields are static strings, lists separated
    /// by spaces, so the table is a run of stores when a process first
    /// uses it rather than hundreds of arrays and strings made (the first
    /// query of a process reads it).
    struct Entry: Sendable {
        let identifierText: StaticString
        let parentList: StaticString
        let mimeTypeList: StaticString
        let extensionList: StaticString
        let descriptionText: StaticString

        init(_ identifier: StaticString, _ parents: StaticString, mime: StaticString = "", ext: StaticString = "",
             _ description: StaticString) {
            identifierText = identifier
            parentList = parents
            mimeTypeList = mime
            extensionList = ext
            descriptionText = description
        }

        var identifier: String { identifierText.description }
        var parents: [String] { Self.words(parentList) }
        var mimeTypes: [String] { Self.words(mimeTypeList) }
        var filenameExtensions: [String] { Self.words(extensionList) }
        var description: String { descriptionText.description }

        var tags: [UTTagClass: [String]] {
            var tags: [UTTagClass: [String]] = [:]
            if mimeTypeList.utf8CodeUnitCount > 0 { tags[.mimeType] = mimeTypes }
            if extensionList.utf8CodeUnitCount > 0 { tags[.filenameExtension] = filenameExtensions }
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
    static let freedesktopEquivalents: [(mimeType: String, identifier: String)] = [
        ("inode/directory", "public.folder"),
        ("inode/mount-point", "public.volume"),
        ("inode/symlink", "public.symlink"),
        ("inode/blockdevice", "public.block-special"),
        ("inode/chardevice", "public.character-special"),
        ("inode/fifo", "public.named-pipe"),
        ("inode/socket", "public.socket"),
        ("video/mp2t", "public.mpeg-2-transport-stream"),
        ("font/ttf", "public.truetype-ttf-font"),
        ("font/otf", "public.opentype-font"),
        ("application/pkix-cert", "public.x509-certificate"),
        ("text/x-log", "com.apple.log"),
    ]

    /// freedesktop types that keep a type of their own but are a kind of a
    /// system type the database does not name: the database files C source
    /// under text/x-csrc, Apple under public.c-source. The database type gets
    /// the system type as an extra parent, so text/x-csrc is source code.
    static let freedesktopParents: [(mimeType: String, identifier: String)] = [
        ("text/x-csrc", "public.c-source"),
        ("text/x-chdr", "public.c-header"),
        ("text/x-c++src", "public.c-plus-plus-source"),
        ("text/x-c++hdr", "public.c-plus-plus-header"),
        ("text/x-objcsrc", "public.objective-c-source"),
        ("text/x-objc++src", "public.objective-c-plus-plus-source"),
        ("text/x-java", "com.sun.java-source"),
        ("text/x-python", "public.python-script"),
        ("application/x-shellscript", "public.shell-script"),
        ("application/x-perl", "public.perl-script"),
        ("application/x-ruby", "public.ruby-script"),
        ("application/x-php", "public.php-script"),
        ("text/x-makefile", "public.make-source"),
    ]

    /// The system type `mimeType` (folded) stands for, if it is one of
    /// ``freedesktopEquivalents``.
    static func freedesktopEquivalent(of mimeType: String) -> String? {
        freedesktopEquivalents.first { $0.mimeType == mimeType }?.identifier
    }

    /// The system type `mimeType` (folded) is a kind of, if it is one of
    /// ``freedesktopParents``.
    static func freedesktopParent(of mimeType: String) -> String? {
        freedesktopParents.first { $0.mimeType == mimeType }?.identifier
    }

    /// The system type a media type implies: image/* is an image.
    static func mediaParent(of media: Substring) -> String? {
        switch media {
        case "image": "public.image"
        case "audio": "public.audio"
        case "video": "public.movie"
        case "font": "public.font"
        case "model": "public.3d-content"
        default: nil
        }
    }

    static let entries: [Entry] = [
        // MARK: - Abstract base types
        Entry("public.item", "", "item"),
        Entry("public.content", "", "content"),
        Entry("public.composite-content", "public.content", "composite content"),
        Entry("public.data", "public.item", mime: "application/octet-stream", "data"),
        Entry("public.directory", "public.item", "directory"),
        Entry("com.apple.resolvable", "", "resolvable item"),
        Entry("public.symlink", "public.item com.apple.resolvable", "symbolic link"),
        // Shipped without a parent; the header documents public.item.
        Entry("public.executable", "public.item", "executable"),
        Entry("com.apple.mount-point", "public.item com.apple.resolvable", "mount point"),
        Entry("com.apple.alias-file", "public.data com.apple.resolvable", "alias"),
        Entry("com.apple.bookmark", "public.data com.apple.resolvable", "URL bookmark data"),
        // Not Apple types: the file-system node kinds the desktop names
        // (inode/blockdevice and so on) need somewhere to go.
        Entry("public.block-special", "public.item", "block device"),
        Entry("public.character-special", "public.item", "character device"),
        Entry("public.named-pipe", "public.item", "named pipe"),
        Entry("public.socket", "public.item", "socket"),
        Entry("public.url", "public.data", "URL"),
        Entry("public.file-url", "public.url", "file URL"),
        Entry("public.stored-url", "", "stored URL"),
        Entry("com.apple.internet-location", "public.stored-url public.data", "internet location"),
        Entry("com.microsoft.internet-shortcut", "public.stored-url public.data", ext: "url", "Windows internet shortcut"),

        // MARK: - Text
        Entry("public.text", "public.data public.content", "text"),
        Entry("public.plain-text", "public.text", mime: "text/plain", ext: "txt text", "plain text"),
        // Apple declares no MIME type here; the charset parameter is how the
        // rest of the world says UTF-8, so the tag makes
        // text/plain;charset=utf-8 find this type.
        Entry("public.utf8-plain-text", "public.plain-text", mime: "text/plain;charset=utf-8", "UTF-8 plain text"),
        Entry("public.utf16-external-plain-text", "public.plain-text", "UTF-16 plain text (big-endian unless marked)"),
        Entry("public.utf16-plain-text", "public.plain-text", "UTF-16 plain text"),
        Entry("public.delimited-values-text", "public.text", "delimited values text"),
        Entry("public.comma-separated-values-text", "public.plain-text public.delimited-values-text",
              mime: "text/csv text/comma-separated-values", ext: "csv", "comma-separated values"),
        Entry("public.tab-separated-values-text", "public.plain-text public.delimited-values-text",
              mime: "text/tab-separated-values", ext: "tsv", "tab-separated values"),
        Entry("public.utf8-tab-separated-values-text", "public.tab-separated-values-text public.utf8-plain-text",
              "UTF-8 tab-separated values"),
        Entry("public.rtf", "public.text", mime: "text/rtf", ext: "rtf", "rich text (RTF)"),
        Entry("public.html", "public.text", mime: "text/html", ext: "html htm shtml shtm", "HTML text"),
        Entry("public.xml", "public.text", mime: "application/xml text/xml", ext: "xml", "XML text"),
        Entry("public.xhtml", "public.xml", mime: "application/xhtml+xml", ext: "xhtml xhtm xht", "XHTML text"),
        Entry("public.yaml", "public.text", mime: "application/x-yaml", ext: "yaml yml", "YAML text"),
        Entry("public.css", "public.text", mime: "text/css", ext: "css", "CSS style sheet"),
        Entry("public.json", "public.text", mime: "application/json", ext: "json", "JSON text"),
        Entry("public.log", "", "log"),
        Entry("com.apple.log", "public.plain-text public.log", ext: "log", "log file"),

        // MARK: - Source code
        Entry("public.source-code", "public.plain-text", "source code"),
        Entry("public.assembly-source", "public.source-code", ext: "s", "assembly source code"),
        Entry("public.c-source", "public.source-code", ext: "c", "C source code"),
        Entry("public.objective-c-source", "public.source-code", ext: "m", "Objective-C source code"),
        Entry("public.swift-source", "public.source-code", ext: "swift", "Swift source code"),
        Entry("public.c-plus-plus-source", "public.source-code", ext: "cp cpp c++ cc cxx", "C++ source code"),
        Entry("public.objective-c-plus-plus-source", "public.source-code", ext: "mm", "Objective-C++ source code"),
        Entry("public.c-header", "public.source-code", ext: "h", "C header"),
        Entry("public.c-plus-plus-header", "public.source-code", ext: "hh hp hpp hxx h++ ipp", "C++ header"),
        Entry("com.sun.java-source", "public.source-code", ext: "java jav", "Java source code"),
        Entry("public.script", "public.source-code", "script"),
        Entry("com.apple.applescript.text", "public.script", ext: "applescript", "AppleScript text"),
        Entry("com.apple.applescript.script", "public.data public.script", ext: "scpt", "compiled AppleScript"),
        Entry("com.netscape.javascript-source", "public.script public.executable",
              mime: "text/javascript", ext: "js jscript javascript", "JavaScript source code"),
        Entry("public.shell-script", "public.script", ext: "sh", "shell script"),
        Entry("public.perl-script", "public.shell-script", mime: "text/x-perl-script", ext: "pl pm", "Perl script"),
        Entry("public.python-script", "public.shell-script", mime: "text/x-python-script", ext: "py", "Python script"),
        Entry("public.ruby-script", "public.shell-script", mime: "text/x-ruby-script", ext: "rb rbw", "Ruby script"),
        Entry("public.php-script", "public.shell-script", mime: "text/php text/x-php-script application/php",
              ext: "php php3 php4 ph3 ph4 phtml", "PHP script"),
        Entry("public.make-source", "public.script", ext: "make mak gmk mk", "makefile"),

        // MARK: - Property lists and documents
        Entry("com.apple.property-list", "public.data", ext: "plist", "property list"),
        Entry("com.apple.xml-property-list", "public.xml com.apple.property-list", ext: "plist", "XML property list"),
        Entry("com.apple.binary-property-list", "com.apple.property-list", ext: "plist", "binary property list"),
        Entry("com.adobe.pdf", "public.data public.composite-content", mime: "application/pdf", ext: "pdf", "PDF document"),
        Entry("com.apple.flat-rtfd", "public.data public.composite-content", "rich text with attachments (flat RTFD)"),
        Entry("com.apple.webarchive", "public.data public.composite-content",
              mime: "application/x-webarchive", ext: "webarchive", "web archive"),
        Entry("org.idpf.epub-container", "public.data public.composite-content",
              mime: "application/epub+zip", ext: "epub", "EPUB document"),
        Entry("public.spreadsheet", "public.content", "spreadsheet"),
        Entry("public.presentation", "public.composite-content", "presentation"),
        Entry("public.database", "", "database"),

        // MARK: - Images
        Entry("public.image", "public.data public.content", "image"),
        Entry("public.jpeg", "public.image", mime: "image/jpeg image/jpg", ext: "jpeg jpg jpe", "JPEG image"),
        Entry("public.jpeg-2000", "public.image", mime: "image/jp2", ext: "jp2 jpf jpx j2k j2c", "JPEG 2000 image"),
        Entry("public.tiff", "public.image", mime: "image/tiff", ext: "tiff tif", "TIFF image"),
        Entry("com.compuserve.gif", "public.image", mime: "image/gif", ext: "gif", "GIF image"),
        Entry("public.png", "public.image", mime: "image/png", ext: "png", "PNG image"),
        Entry("com.apple.icns", "public.image", ext: "icns", "Apple icon image"),
        Entry("com.microsoft.bmp", "public.image", mime: "image/bmp", ext: "bmp", "Windows bitmap image"),
        Entry("com.microsoft.ico", "public.image", mime: "image/vnd.microsoft.icon", ext: "ico", "Windows icon image"),
        Entry("public.camera-raw-image", "public.image", "camera raw image"),
        Entry("com.adobe.raw-image", "public.image", ext: "dng", "DNG image"),
        Entry("public.svg-image", "public.image", mime: "image/svg+xml", ext: "svg svgz", "SVG image"),
        Entry("com.apple.live-photo", "", "Live Photo"),
        Entry("public.heif-standard", "public.image", "HEIF standard image"),
        Entry("public.heif", "public.heif-standard", mime: "image/heif", ext: "heif hif", "HEIF image"),
        Entry("public.heic", "public.heif-standard", mime: "image/heic", ext: "heic", "HEIC image"),
        Entry("public.heics", "public.heif-standard", mime: "image/heic-sequence", ext: "heics", "HEIC image sequence"),
        Entry("org.webmproject.webp", "public.image", mime: "image/webp", ext: "webp", "WebP image"),
        Entry("public.jpeg-xl", "public.image", mime: "image/jxl", ext: "jxl", "JPEG XL image"),
        Entry("com.ilm.openexr-image", "public.image", ext: "exr", "OpenEXR image"),

        // MARK: - 3D content
        Entry("public.3d-content", "public.content", "3D content"),
        Entry("com.pixar.universal-scene-description", "public.3d-content public.data",
              ext: "usd usda usdc", "Universal Scene Description"),
        Entry("com.pixar.universal-scene-description-mobile", "public.3d-content public.data",
              mime: "model/vnd.usdz+zip", ext: "usdz", "USDZ scene"),
        Entry("com.apple.reality", "public.data", ext: "reality", "Reality file"),
        Entry("com.apple.scenekit.scene", "public.3d-content public.data", ext: "scn", "SceneKit scene"),
        Entry("com.apple.arobject", "public.data", ext: "arobject", "AR reference object"),

        // MARK: - Audio and video
        Entry("public.audiovisual-content", "public.data public.content", "audiovisual content"),
        Entry("public.movie", "public.audiovisual-content", "movie"),
        Entry("public.video", "public.movie", "video"),
        Entry("public.audio", "public.audiovisual-content", "audio"),
        Entry("com.apple.quicktime-movie", "public.movie", mime: "video/quicktime", ext: "mov qt", "QuickTime movie"),
        Entry("public.mpeg", "public.movie", mime: "video/mpeg video/mpg video/x-mpeg video/x-mpg",
              ext: "mpg mpeg mpe m75 m15", "MPEG movie"),
        Entry("public.mpeg-2-video", "public.video", mime: "video/mpeg2 video/mpeg2-video", ext: "m2v", "MPEG-2 video"),
        Entry("public.mpeg-2-transport-stream", "public.movie", ext: "ts", "MPEG-2 transport stream"),
        Entry("public.mpeg-4", "public.movie", mime: "video/mp4 video/mp4v-es", ext: "mp4 mpg4", "MPEG-4 movie"),
        Entry("com.apple.m4v-video", "public.mpeg-4", mime: "video/x-m4v", ext: "m4v", "Apple MPEG-4 movie"),
        Entry("com.apple.protected-mpeg-4-video", "com.apple.m4v-video", "protected MPEG-4 movie"),
        Entry("public.avi", "public.movie", mime: "video/avi video/msvideo video/x-msvideo", ext: "avi vfw", "AVI movie"),
        Entry("public.mp3", "public.audio",
              mime: "audio/mpeg audio/mpeg3 audio/mpg audio/mp3 audio/x-mpeg audio/x-mpeg3 audio/x-mpg audio/x-mp3",
              ext: "mp3 mpga", "MP3 audio"),
        Entry("public.mpeg-4-audio", "public.mpeg-4 public.audio", mime: "audio/mp4 audio/mp4a-latm", ext: "mp4 mpg4",
              "MPEG-4 audio"),
        Entry("com.apple.m4a-audio", "public.mpeg-4-audio", mime: "audio/x-m4a", ext: "m4a", "Apple MPEG-4 audio"),
        Entry("com.apple.protected-mpeg-4-audio", "public.audio", ext: "m4p m4b", "protected MPEG-4 audio"),
        Entry("public.aac-audio", "public.audio", mime: "audio/aac audio/x-aac", ext: "aac adts", "AAC audio"),
        // Shipped also with aiff, aif, audio/aiff and audio/x-aiff, the tags
        // of its child public.aiff-audio; they are left to the child so that
        // a lookup by them finds ``UTType/aiff`` rather than its parent.
        Entry("public.aifc-audio", "public.audio", ext: "aifc cdda", "AIFF-C audio"),
        Entry("public.aiff-audio", "public.aifc-audio", mime: "audio/aiff audio/x-aiff", ext: "aiff aif", "AIFF audio"),
        Entry("com.microsoft.waveform-audio", "public.audio", mime: "audio/wav audio/wave",
              ext: "wav wave bwf", "Waveform audio"),
        Entry("public.midi-audio", "public.audio", mime: "audio/midi audio/x-midi", ext: "midi mid smf kar", "MIDI audio"),
        Entry("public.playlist", "", "playlist"),
        Entry("public.m3u-playlist", "public.plain-text public.playlist",
              mime: "audio/mpegurl application/vnd.apple.mpegurl audio/x-mpegurl", ext: "m3u m3u8", "M3U playlist"),

        // MARK: - Directories and bundles
        Entry("public.folder", "public.directory", "folder"),
        Entry("public.volume", "public.folder", "volume"),
        Entry("com.apple.package", "public.directory", "package"),
        Entry("com.apple.bundle", "public.directory", "bundle"),
        Entry("com.apple.localizable-name-bundle", "com.apple.bundle", "bundle with a localizable name"),
        Entry("com.apple.framework", "com.apple.bundle", ext: "framework", "framework"),
        Entry("com.apple.rtfd", "com.apple.package public.composite-content", ext: "rtfd", "rich text with attachments (RTFD)"),
        Entry("com.apple.application", "public.executable", "application"),
        Entry("com.apple.application-bundle", "com.apple.application com.apple.localizable-name-bundle com.apple.package",
              ext: "app", "application bundle"),
        Entry("com.apple.plugin", "com.apple.bundle com.apple.package", ext: "plugin", "plug-in"),
        Entry("com.apple.metadata-importer", "com.apple.plugin", ext: "mdimporter", "Spotlight importer"),
        Entry("com.apple.quicklook-generator", "com.apple.plugin", ext: "qlgenerator", "Quick Look preview generator"),
        Entry("com.apple.xpc-service", "com.apple.bundle com.apple.package", ext: "xpc", "XPC service"),
        Entry("com.apple.application-and-system-extension", "com.apple.xpc-service", ext: "appex", "app extension"),
        Entry("com.apple.systempreference.prefpane", "com.apple.package com.apple.bundle", ext: "prefPane",
              "System Settings pane"),
        Entry("com.apple.applescript.script-bundle", "com.apple.bundle com.apple.package public.script", ext: "scptd",
              "AppleScript bundle"),

        // MARK: - Executables
        Entry("public.unix-executable", "public.data public.executable", "Unix executable"),
        Entry("public.elf-binary", "public.data public.executable", "ELF binary"),
        Entry("com.microsoft.windows-executable", "public.data public.executable",
              mime: "application/x-msdownload", ext: "exe", "Windows executable"),

        // MARK: - Archives
        Entry("public.archive", "", "archive"),
        Entry("public.disk-image", "public.archive", "disk image"),
        Entry("org.gnu.gnu-zip-archive", "public.data public.archive", mime: "application/x-gzip application/gzip",
              ext: "gz gzip", "gzip archive"),
        Entry("public.bzip2-archive", "public.data public.archive",
              mime: "application/x-bzip2 application/x-bzip application/bzip2 application/bzip application/x-bz2",
              ext: "bz2 bz", "bzip2 archive"),
        Entry("org.gnu.gnu-tar-archive", "public.data public.archive", mime: "application/x-gtar", ext: "gtar", "GNU tar archive"),
        Entry("public.tar-archive", "org.gnu.gnu-tar-archive", mime: "application/x-tar application/tar", ext: "tar", "tar archive"),
        Entry("com.pkware.zip-archive", "public.data public.archive", "PKZip archive"),
        Entry("public.zip-archive", "com.pkware.zip-archive", mime: "application/zip application/x-zip-compressed", ext: "zip",
              "zip archive"),
        Entry("com.sun.java-archive", "public.zip-archive public.executable", mime: "application/java-archive", ext: "jar",
              "Java archive"),
        Entry("com.apple.archive", "public.data public.archive", ext: "aar yaa", "Apple Archive"),

        // MARK: - Messages, contacts, calendars
        Entry("public.message", "", "message"),
        Entry("public.email-message", "public.message", "email message"),
        Entry("public.contact", "", "contact"),
        // Shipped as text/directory, text/vcard, text/x-vcard; text/vcard
        // (RFC 6350, and the desktop's name for the type) is offered first.
        Entry("public.vcard", "public.text public.contact", mime: "text/vcard text/directory text/x-vcard",
              ext: "vcf vcard", "vCard"),
        Entry("public.to-do-item", "", "to-do item"),
        Entry("public.calendar-event", "", "calendar event"),
        Entry("com.apple.ical.ics", "public.text public.calendar-event", mime: "text/calendar", ext: "ics", "iCalendar file"),
        Entry("public.bookmark", "", "bookmark"),

        // MARK: - Fonts and security
        Entry("public.font", "public.data", "font"),
        Entry("public.truetype-font", "public.font", "TrueType font"),
        Entry("public.truetype-ttf-font", "public.truetype-font", ext: "ttf", "TrueType font file"),
        Entry("public.opentype-font", "public.font", ext: "otf", "OpenType font"),
        Entry("com.rsa.pkcs-12", "public.data", mime: "application/x-pkcs12", ext: "p12 pfx", "PKCS #12 data"),
        Entry("public.x509-certificate", "public.data", mime: "application/x-x509-ca-cert",
              ext: "cer der crt pem", "X.509 certificate"),
    ]
}
