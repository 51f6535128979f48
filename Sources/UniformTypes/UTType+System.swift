extension UTType {
    /// A built-in type; the table guarantees it exists.
    static func system(_ identifier: String) -> UTType {
        guard let record = TypeRegistry.shared.baseRecord(forIdentifier: identifier) else {
            preconditionFailure("\(identifier) is missing from the built-in type table")
        }
        return UTType(record: record)
    }

    // MARK: - Abstract base types

    /// The base type of files, folders and most other things (`public.item`).
    public static let item = system("public.item")

    /// The base type of anything a person views: documents, images, media (`public.content`).
    public static let content = system("public.content")

    /// Content that embeds other content, such as PDF (`public.composite-content`).
    public static let compositeContent = system("public.composite-content")

    /// Any stream of bytes, in a file or in memory (`public.data`).
    public static let data = system("public.data")

    /// A file-system directory: folders and packages (`public.directory`).
    public static let directory = system("public.directory")

    /// Items that point elsewhere: symbolic links and aliases (`com.apple.resolvable`).
    public static let resolvable = system("com.apple.resolvable")

    /// A symbolic link (`public.symlink`).
    public static let symbolicLink = system("public.symlink")

    /// Anything that can be run (`public.executable`).
    public static let executable = system("public.executable")

    /// A volume's mount point (`com.apple.mount-point`).
    public static let mountPoint = system("com.apple.mount-point")

    /// An alias file (`com.apple.alias-file`).
    public static let aliasFile = system("com.apple.alias-file")

    /// Bookmark data that resolves to a file-system item (`com.apple.bookmark`).
    public static let urlBookmarkData = system("com.apple.bookmark")

    /// A URL (`public.url`).
    public static let url = system("public.url")

    /// A `file:` URL (`public.file-url`).
    public static let fileURL = system("public.file-url")

    // MARK: - Text

    /// Text of any kind, with or without markup (`public.text`).
    public static let text = system("public.text")

    /// Text without markup, encoding unspecified (`text/plain`, `.txt`) (`public.plain-text`).
    public static let plainText = system("public.plain-text")

    /// Plain text in UTF-8 (`text/plain;charset=utf-8`) (`public.utf8-plain-text`).
    public static let utf8PlainText = system("public.utf8-plain-text")

    /// Plain text in UTF-16, big-endian unless a byte order mark says otherwise
    /// (`public.utf16-external-plain-text`).
    public static let utf16ExternalPlainText = system("public.utf16-external-plain-text")

    /// Plain text in UTF-16 in native byte order. Apple gives it no MIME type, so
    /// `text/plain;charset=utf-16` (text that carries a byte order mark) finds ``plainText``
    /// (`public.utf16-plain-text`).
    public static let utf16PlainText = system("public.utf16-plain-text")

    /// Text holding delimited values (`public.delimited-values-text`).
    public static let delimitedText = system("public.delimited-values-text")

    /// Comma-separated values (`text/csv`, `.csv`) (`public.comma-separated-values-text`).
    public static let commaSeparatedText = system("public.comma-separated-values-text")

    /// Tab-separated values (`.tsv`) (`public.tab-separated-values-text`).
    public static let tabSeparatedText = system("public.tab-separated-values-text")

    /// Tab-separated values in UTF-8 (`public.utf8-tab-separated-values-text`).
    public static let utf8TabSeparatedText = system("public.utf8-tab-separated-values-text")

    /// Rich Text Format (`.rtf`) (`public.rtf`).
    public static let rtf = system("public.rtf")

    /// HTML (`text/html`, `.html`) (`public.html`).
    public static let html = system("public.html")

    /// XML (`application/xml`, `.xml`) (`public.xml`).
    public static let xml = system("public.xml")

    /// YAML (`.yaml`, `.yml`) (`public.yaml`).
    public static let yaml = system("public.yaml")

    /// JSON (`application/json`, `.json`) (`public.json`).
    public static let json = system("public.json")

    /// A CSS style sheet (`text/css`, `.css`) (`public.css`).
    public static let css = system("public.css")

    /// The base type of console logs (`public.log`).
    public static let log = system("public.log")

    // MARK: - Source code

    /// Source code in any language (`public.source-code`).
    public static let sourceCode = system("public.source-code")

    /// Assembly source (`.s`) (`public.assembly-source`).
    public static let assemblyLanguageSource = system("public.assembly-source")

    /// C source (`.c`) (`public.c-source`).
    public static let cSource = system("public.c-source")

    /// Objective-C source (`.m`) (`public.objective-c-source`).
    public static let objectiveCSource = system("public.objective-c-source")

    /// Swift source (`.swift`) (`public.swift-source`).
    public static let swiftSource = system("public.swift-source")

    /// C++ source (`.cpp` and others) (`public.c-plus-plus-source`).
    public static let cPlusPlusSource = system("public.c-plus-plus-source")

    /// Objective-C++ source (`.mm`) (`public.objective-c-plus-plus-source`).
    public static let objectiveCPlusPlusSource = system("public.objective-c-plus-plus-source")

    /// A C header (`.h`) (`public.c-header`).
    public static let cHeader = system("public.c-header")

    /// A C++ header (`.hpp` and others) (`public.c-plus-plus-header`).
    public static let cPlusPlusHeader = system("public.c-plus-plus-header")

    /// Source code of a scripting language (`public.script`).
    public static let script = system("public.script")

    /// AppleScript text (`.applescript`) (`com.apple.applescript.text`).
    public static let appleScript = system("com.apple.applescript.text")

    /// A compiled Open Scripting Architecture script (`.scpt`) (`com.apple.applescript.script`).
    public static let osaScript = system("com.apple.applescript.script")

    /// An Open Scripting Architecture script bundle (`.scptd`) (`com.apple.applescript.script-bundle`).
    public static let osaScriptBundle = system("com.apple.applescript.script-bundle")

    /// JavaScript (`text/javascript`, `.js`) (`com.netscape.javascript-source`).
    public static let javaScript = system("com.netscape.javascript-source")

    /// A shell script (`.sh`) (`public.shell-script`).
    public static let shellScript = system("public.shell-script")

    /// A Perl script (`.pl`) (`public.perl-script`).
    public static let perlScript = system("public.perl-script")

    /// A Python script (`.py`) (`public.python-script`).
    public static let pythonScript = system("public.python-script")

    /// A Ruby script (`.rb`) (`public.ruby-script`).
    public static let rubyScript = system("public.ruby-script")

    /// A PHP script (`.php`) (`public.php-script`).
    public static let phpScript = system("public.php-script")

    /// A makefile (`public.make-source`).
    public static let makefile = system("public.make-source")

    // MARK: - Documents

    /// The base type of property lists (`com.apple.property-list`).
    public static let propertyList = system("com.apple.property-list")

    /// An XML property list (`com.apple.xml-property-list`).
    public static let xmlPropertyList = system("com.apple.xml-property-list")

    /// A binary property list (`com.apple.binary-property-list`).
    public static let binaryPropertyList = system("com.apple.binary-property-list")

    /// PDF (`application/pdf`, `.pdf`) (`com.adobe.pdf`).
    public static let pdf = system("com.adobe.pdf")

    /// Rich text with attachments, as a package (`com.apple.rtfd`).
    public static let rtfd = system("com.apple.rtfd")

    /// Rich text with attachments, flattened into one stream (`com.apple.flat-rtfd`).
    public static let flatRTFD = system("com.apple.flat-rtfd")

    /// A web archive (`com.apple.webarchive`).
    public static let webArchive = system("com.apple.webarchive")

    /// EPUB (`application/epub+zip`, `.epub`) (`org.idpf.epub-container`).
    public static let epub = system("org.idpf.epub-container")

    /// The base type of spreadsheets (`public.spreadsheet`).
    public static let spreadsheet = system("public.spreadsheet")

    /// The base type of presentations (`public.presentation`).
    public static let presentation = system("public.presentation")

    /// A database store (`public.database`).
    public static let database = system("public.database")

    // MARK: - Images

    /// The base type of images (`public.image`).
    public static let image = system("public.image")

    /// JPEG (`image/jpeg`, `.jpg`) (`public.jpeg`).
    public static let jpeg = system("public.jpeg")

    /// TIFF (`image/tiff`, `.tiff`) (`public.tiff`).
    public static let tiff = system("public.tiff")

    /// GIF (`image/gif`, `.gif`) (`com.compuserve.gif`).
    public static let gif = system("com.compuserve.gif")

    /// PNG (`image/png`, `.png`) (`public.png`).
    public static let png = system("public.png")

    /// Apple icon data (`.icns`) (`com.apple.icns`).
    public static let icns = system("com.apple.icns")

    /// Windows bitmap (`image/bmp`, `.bmp`) (`com.microsoft.bmp`).
    public static let bmp = system("com.microsoft.bmp")

    /// Windows icon (`.ico`) (`com.microsoft.ico`).
    public static let ico = system("com.microsoft.ico")

    /// The base type of camera raw images (`public.camera-raw-image`).
    public static let rawImage = system("public.camera-raw-image")

    /// An Adobe DNG (digital negative) image (`.dng`) (`com.adobe.raw-image`).
    public static let dng = system("com.adobe.raw-image")

    /// SVG (`image/svg+xml`, `.svg`) (`public.svg-image`).
    public static let svg = system("public.svg-image")

    /// A Live Photo (`com.apple.live-photo`).
    public static let livePhoto = system("com.apple.live-photo")

    /// HEIF (`image/heif`, `.heif`) (`public.heif`).
    public static let heif = system("public.heif")

    /// HEIC (`image/heic`, `.heic`) (`public.heic`).
    public static let heic = system("public.heic")

    /// A HEIC image sequence (`image/heic-sequence`, `.heics`) (`public.heics`).
    public static let heics = system("public.heics")

    /// WebP (`image/webp`, `.webp`) (`org.webmproject.webp`).
    public static let webP = system("org.webmproject.webp")

    /// A JPEG XL image (`image/jxl`, `.jxl`) (`public.jpeg-xl`).
    public static let jpegxl = system("public.jpeg-xl")

    /// An OpenEXR image (`.exr`) (`com.ilm.openexr-image`).
    public static let exr = system("com.ilm.openexr-image")

    // MARK: - 3D content

    /// The base type of 3D content (`public.3d-content`).
    public static let threeDContent = system("public.3d-content")

    /// Universal Scene Description content (`.usd`, `.usda`, `.usdc`)
    /// (`com.pixar.universal-scene-description`).
    public static let usd = system("com.pixar.universal-scene-description")

    /// A USDZ scene package (`.usdz`) (`com.pixar.universal-scene-description-mobile`).
    public static let usdz = system("com.pixar.universal-scene-description-mobile")

    /// A Reality file (`.reality`) (`com.apple.reality`).
    public static let realityFile = system("com.apple.reality")

    /// A SceneKit scene (`.scn`) (`com.apple.scenekit.scene`).
    public static let sceneKitScene = system("com.apple.scenekit.scene")

    /// An augmented reality reference object (`.arobject`) (`com.apple.arobject`).
    public static let arReferenceObject = system("com.apple.arobject")

    // MARK: - Audio and video

    /// Any audio or video content (`public.audiovisual-content`).
    public static let audiovisualContent = system("public.audiovisual-content")

    /// Media that may hold both video and audio (`public.movie`).
    public static let movie = system("public.movie")

    /// Video without audio (`public.video`).
    public static let video = system("public.video")

    /// Audio without video (`public.audio`).
    public static let audio = system("public.audio")

    /// A QuickTime movie (`video/quicktime`, `.mov`) (`com.apple.quicktime-movie`).
    public static let quickTimeMovie = system("com.apple.quicktime-movie")

    /// An MPEG-1 or MPEG-2 movie (`public.mpeg`).
    public static let mpeg = system("public.mpeg")

    /// MPEG-2 video (`public.mpeg-2-video`).
    public static let mpeg2Video = system("public.mpeg-2-video")

    /// An MPEG-2 transport stream (`public.mpeg-2-transport-stream`).
    public static let mpeg2TransportStream = system("public.mpeg-2-transport-stream")

    /// MP3 audio (`audio/mpeg`, `.mp3`) (`public.mp3`).
    public static let mp3 = system("public.mp3")

    /// An MPEG-4 movie (`video/mp4`, `.mp4`) (`public.mpeg-4`).
    public static let mpeg4Movie = system("public.mpeg-4")

    /// MPEG-4 audio (`audio/mp4`) (`public.mpeg-4-audio`).
    public static let mpeg4Audio = system("public.mpeg-4-audio")

    /// Apple-protected MPEG-4 audio (`.m4p`, `.m4b`) (`com.apple.protected-mpeg-4-audio`).
    public static let appleProtectedMPEG4Audio = system("com.apple.protected-mpeg-4-audio")

    /// An Apple-protected MPEG-4 movie (`com.apple.protected-mpeg-4-video`).
    public static let appleProtectedMPEG4Video = system("com.apple.protected-mpeg-4-video")

    /// An AVI movie (`public.avi`).
    public static let avi = system("public.avi")

    /// AIFF audio (`public.aiff-audio`).
    public static let aiff = system("public.aiff-audio")

    /// Waveform audio (`.wav`) (`com.microsoft.waveform-audio`).
    public static let wav = system("com.microsoft.waveform-audio")

    /// MIDI audio (`public.midi-audio`).
    public static let midi = system("public.midi-audio")

    /// The base type of playlists (`public.playlist`).
    public static let playlist = system("public.playlist")

    /// An M3U or M3U8 playlist (`public.m3u-playlist`).
    public static let m3uPlaylist = system("public.m3u-playlist")

    // MARK: - Directories and bundles

    /// A folder a person browses (not a package); `inode/directory` on the desktop (`public.folder`).
    public static let folder = system("public.folder")

    /// The root folder of a volume (`public.volume`).
    public static let volume = system("public.volume")

    /// A directory shown to people as one file (`com.apple.package`).
    public static let package = system("com.apple.package")

    /// A directory with a bundle layout (`com.apple.bundle`).
    public static let bundle = system("com.apple.bundle")

    /// A framework bundle (`com.apple.framework`).
    public static let framework = system("com.apple.framework")

    /// The base type of applications (`com.apple.application`).
    public static let application = system("com.apple.application")

    /// An application bundle (`.app`) (`com.apple.application-bundle`).
    public static let applicationBundle = system("com.apple.application-bundle")

    /// The base type of bundle-based plug-ins (`.plugin`) (`com.apple.plugin`).
    public static let pluginBundle = system("com.apple.plugin")

    /// A Spotlight importer bundle (`.mdimporter`) (`com.apple.metadata-importer`).
    public static let spotlightImporter = system("com.apple.metadata-importer")

    /// A Quick Look preview generator bundle (`.qlgenerator`) (`com.apple.quicklook-generator`).
    public static let quickLookGenerator = system("com.apple.quicklook-generator")

    /// An XPC service bundle (`.xpc`) (`com.apple.xpc-service`).
    public static let xpcService = system("com.apple.xpc-service")

    /// An app extension (`.appex`) (`com.apple.application-and-system-extension`).
    public static let applicationExtension = system("com.apple.application-and-system-extension")

    /// A System Settings pane (`.prefPane`) (`com.apple.systempreference.prefpane`).
    public static let systemPreferencesPane = system("com.apple.systempreference.prefpane")

    /// A Unix executable file (`public.unix-executable`).
    public static let unixExecutable = system("public.unix-executable")

    /// A Windows executable (`.exe`) (`com.microsoft.windows-executable`).
    public static let exe = system("com.microsoft.windows-executable")

    // MARK: - Archives

    /// An archive of files and directories (`public.archive`).
    public static let archive = system("public.archive")

    /// A data item mountable as a volume (`public.disk-image`).
    public static let diskImage = system("public.disk-image")

    /// A gzip archive (`application/x-gzip`, `.gz`) (`org.gnu.gnu-zip-archive`).
    public static let gzip = system("org.gnu.gnu-zip-archive")

    /// A bzip2 archive (`.bz2`) (`public.bzip2-archive`).
    public static let bz2 = system("public.bzip2-archive")

    /// A tar archive (`application/x-tar`, `.tar`) (`public.tar-archive`).
    public static let tarArchive = system("public.tar-archive")

    /// A zip archive (`application/zip`, `.zip`) (`public.zip-archive`).
    public static let zip = system("public.zip-archive")

    /// An Apple Archive (`com.apple.archive`).
    public static let appleArchive = system("com.apple.archive")

    // MARK: - Messages, contacts, calendars

    /// The base type of messages (`public.message`).
    public static let message = system("public.message")

    /// An email message (`public.email-message`).
    public static let emailMessage = system("public.email-message")

    /// Contact information: a person, group or organization (`public.contact`).
    public static let contact = system("public.contact")

    /// A vCard (`text/vcard`, `.vcf`) (`public.vcard`).
    public static let vCard = system("public.vcard")

    /// A to-do item (`public.to-do-item`).
    public static let toDoItem = system("public.to-do-item")

    /// A calendar event (`public.calendar-event`).
    public static let calendarEvent = system("public.calendar-event")

    /// An internet location file (`com.apple.internet-location`).
    public static let internetLocation = system("com.apple.internet-location")

    /// A Microsoft internet shortcut (`.url`) (`com.microsoft.internet-shortcut`).
    public static let internetShortcut = system("com.microsoft.internet-shortcut")

    /// A bookmark (`public.bookmark`).
    public static let bookmark = system("public.bookmark")

    // MARK: - Fonts and security

    /// The base type of fonts (`public.font`).
    public static let font = system("public.font")

    /// PKCS #12 data (`com.rsa.pkcs-12`).
    public static let pkcs12 = system("com.rsa.pkcs-12")

    /// An X.509 certificate (`public.x509-certificate`).
    public static let x509Certificate = system("public.x509-certificate")
}
