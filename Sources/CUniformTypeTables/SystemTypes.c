// The built-in types: the types Apple declares, under Apple's identifiers,
// with their parents and tags, and the freedesktop MIME types paired with
// them. SystemTypeIndex reads them in place; after changing them, run
// scripts/generate-system-type-index to rebuild their index in
// UniformTypeTables.c (the UniformTypes tests fail until it has run).
//
// Two Apple sources describe these types and they do not always agree: the
// declarations macOS ships (UTTypeConformsTo, UTTypeTagSpecification of
// CoreTypes) and the comments of UTCoreTypes.h that the documentation
// repeats. Tags follow the shipped declarations, in their order. Where the
// two name different parents, a type gets the parents of both, leaving out
// one the others imply, so conforms(to:) is true whenever either says so.
// Types newer than the shipped set (public.heic, public.jpeg-xl) take the
// documented parents and their formats' registered tags. Where DragKit
// departs from the shipped declarations it says so next to the entry.
//
// Five fields an entry: identifier, parents, MIME types, filename
// extensions (lists separated by spaces), description. Parents come before
// their children.

#include "UniformTypeTables.h"

static const char *const fields[] = {
    // Abstract base types
    "public.item", "", "", "", "item",
    "public.content", "", "", "", "content",
    "public.composite-content", "public.content", "", "", "composite content",
    "public.data", "public.item", "application/octet-stream", "", "data",
    "public.directory", "public.item", "", "", "directory",
    "com.apple.resolvable", "", "", "", "resolvable item",
    "public.symlink", "public.item com.apple.resolvable", "", "", "symbolic link",
    // Shipped without a parent; the header documents public.item.
    "public.executable", "public.item", "", "", "executable",
    "com.apple.mount-point", "public.item com.apple.resolvable", "", "", "mount point",
    "com.apple.alias-file", "public.data com.apple.resolvable", "", "", "alias",
    "com.apple.bookmark", "public.data com.apple.resolvable", "", "", "URL bookmark data",
    // Not Apple types: the file-system node kinds the desktop names
    // (inode/blockdevice and so on) need somewhere to go.
    "public.block-special", "public.item", "", "", "block device",
    "public.character-special", "public.item", "", "", "character device",
    "public.named-pipe", "public.item", "", "", "named pipe",
    "public.socket", "public.item", "", "", "socket",
    "public.url", "public.data", "", "", "URL",
    "public.file-url", "public.url", "", "", "file URL",
    "public.stored-url", "", "", "", "stored URL",
    "com.apple.internet-location", "public.stored-url public.data", "", "", "internet location",
    "com.microsoft.internet-shortcut", "public.stored-url public.data", "", "url", "Windows internet shortcut",
    // Text
    "public.text", "public.data public.content", "", "", "text",
    "public.plain-text", "public.text", "text/plain", "txt text", "plain text",
    // Apple declares no MIME type here; the charset parameter is how the
    // rest of the world says UTF-8, so the tag makes
    // text/plain;charset=utf-8 find this type.
    "public.utf8-plain-text", "public.plain-text", "text/plain;charset=utf-8", "", "UTF-8 plain text",
    "public.utf16-external-plain-text", "public.plain-text", "", "", "UTF-16 plain text (big-endian unless marked)",
    "public.utf16-plain-text", "public.plain-text", "", "", "UTF-16 plain text",
    "public.delimited-values-text", "public.text", "", "", "delimited values text",
    "public.comma-separated-values-text", "public.plain-text public.delimited-values-text", "text/csv text/comma-separated-values", "csv", "comma-separated values",
    "public.tab-separated-values-text", "public.plain-text public.delimited-values-text", "text/tab-separated-values", "tsv", "tab-separated values",
    "public.utf8-tab-separated-values-text", "public.tab-separated-values-text public.utf8-plain-text", "", "", "UTF-8 tab-separated values",
    "public.rtf", "public.text", "text/rtf", "rtf", "rich text (RTF)",
    "public.html", "public.text", "text/html", "html htm shtml shtm", "HTML text",
    "public.xml", "public.text", "application/xml text/xml", "xml", "XML text",
    "public.xhtml", "public.xml", "application/xhtml+xml", "xhtml xhtm xht", "XHTML text",
    "public.yaml", "public.text", "application/x-yaml", "yaml yml", "YAML text",
    "public.css", "public.text", "text/css", "css", "CSS style sheet",
    "public.json", "public.text", "application/json", "json", "JSON text",
    "public.log", "", "", "", "log",
    "com.apple.log", "public.plain-text public.log", "", "log", "log file",
    // Source code
    "public.source-code", "public.plain-text", "", "", "source code",
    "public.assembly-source", "public.source-code", "", "s", "assembly source code",
    "public.c-source", "public.source-code", "", "c", "C source code",
    "public.objective-c-source", "public.source-code", "", "m", "Objective-C source code",
    "public.swift-source", "public.source-code", "", "swift", "Swift source code",
    "public.c-plus-plus-source", "public.source-code", "", "cp cpp c++ cc cxx", "C++ source code",
    "public.objective-c-plus-plus-source", "public.source-code", "", "mm", "Objective-C++ source code",
    "public.c-header", "public.source-code", "", "h", "C header",
    "public.c-plus-plus-header", "public.source-code", "", "hh hp hpp hxx h++ ipp", "C++ header",
    "com.sun.java-source", "public.source-code", "", "java jav", "Java source code",
    "public.script", "public.source-code", "", "", "script",
    "com.apple.applescript.text", "public.script", "", "applescript", "AppleScript text",
    "com.apple.applescript.script", "public.data public.script", "", "scpt", "compiled AppleScript",
    "com.netscape.javascript-source", "public.script public.executable", "text/javascript", "js jscript javascript", "JavaScript source code",
    "public.shell-script", "public.script", "", "sh", "shell script",
    "public.perl-script", "public.shell-script", "text/x-perl-script", "pl pm", "Perl script",
    "public.python-script", "public.shell-script", "text/x-python-script", "py", "Python script",
    "public.ruby-script", "public.shell-script", "text/x-ruby-script", "rb rbw", "Ruby script",
    "public.php-script", "public.shell-script", "text/php text/x-php-script application/php", "php php3 php4 ph3 ph4 phtml", "PHP script",
    "public.make-source", "public.script", "", "make mak gmk mk", "makefile",
    // Property lists and documents
    "com.apple.property-list", "public.data", "", "plist", "property list",
    "com.apple.xml-property-list", "public.xml com.apple.property-list", "", "plist", "XML property list",
    "com.apple.binary-property-list", "com.apple.property-list", "", "plist", "binary property list",
    "com.adobe.pdf", "public.data public.composite-content", "application/pdf", "pdf", "PDF document",
    "com.apple.flat-rtfd", "public.data public.composite-content", "", "", "rich text with attachments (flat RTFD)",
    "com.apple.webarchive", "public.data public.composite-content", "application/x-webarchive", "webarchive", "web archive",
    "org.idpf.epub-container", "public.data public.composite-content", "application/epub+zip", "epub", "EPUB document",
    "public.spreadsheet", "public.content", "", "", "spreadsheet",
    "public.presentation", "public.composite-content", "", "", "presentation",
    "public.database", "", "", "", "database",
    // Images
    "public.image", "public.data public.content", "", "", "image",
    "public.jpeg", "public.image", "image/jpeg image/jpg", "jpeg jpg jpe", "JPEG image",
    "public.jpeg-2000", "public.image", "image/jp2", "jp2 jpf jpx j2k j2c", "JPEG 2000 image",
    "public.tiff", "public.image", "image/tiff", "tiff tif", "TIFF image",
    "com.compuserve.gif", "public.image", "image/gif", "gif", "GIF image",
    "public.png", "public.image", "image/png", "png", "PNG image",
    "com.apple.icns", "public.image", "", "icns", "Apple icon image",
    "com.microsoft.bmp", "public.image", "image/bmp", "bmp", "Windows bitmap image",
    "com.microsoft.ico", "public.image", "image/vnd.microsoft.icon", "ico", "Windows icon image",
    "public.camera-raw-image", "public.image", "", "", "camera raw image",
    "com.adobe.raw-image", "public.image", "", "dng", "DNG image",
    "public.svg-image", "public.image", "image/svg+xml", "svg svgz", "SVG image",
    "com.apple.live-photo", "", "", "", "Live Photo",
    "public.heif-standard", "public.image", "", "", "HEIF standard image",
    "public.heif", "public.heif-standard", "image/heif", "heif hif", "HEIF image",
    "public.heic", "public.heif-standard", "image/heic", "heic", "HEIC image",
    "public.heics", "public.heif-standard", "image/heic-sequence", "heics", "HEIC image sequence",
    "org.webmproject.webp", "public.image", "image/webp", "webp", "WebP image",
    "public.jpeg-xl", "public.image", "image/jxl", "jxl", "JPEG XL image",
    "com.ilm.openexr-image", "public.image", "", "exr", "OpenEXR image",
    // 3D content
    "public.3d-content", "public.content", "", "", "3D content",
    "com.pixar.universal-scene-description", "public.3d-content public.data", "", "usd usda usdc", "Universal Scene Description",
    "com.pixar.universal-scene-description-mobile", "public.3d-content public.data", "model/vnd.usdz+zip", "usdz", "USDZ scene",
    "com.apple.reality", "public.data", "", "reality", "Reality file",
    "com.apple.scenekit.scene", "public.3d-content public.data", "", "scn", "SceneKit scene",
    "com.apple.arobject", "public.data", "", "arobject", "AR reference object",
    // Audio and video
    "public.audiovisual-content", "public.data public.content", "", "", "audiovisual content",
    "public.movie", "public.audiovisual-content", "", "", "movie",
    "public.video", "public.movie", "", "", "video",
    "public.audio", "public.audiovisual-content", "", "", "audio",
    "com.apple.quicktime-movie", "public.movie", "video/quicktime", "mov qt", "QuickTime movie",
    "public.mpeg", "public.movie", "video/mpeg video/mpg video/x-mpeg video/x-mpg", "mpg mpeg mpe m75 m15", "MPEG movie",
    "public.mpeg-2-video", "public.video", "video/mpeg2 video/mpeg2-video", "m2v", "MPEG-2 video",
    "public.mpeg-2-transport-stream", "public.movie", "", "ts", "MPEG-2 transport stream",
    "public.mpeg-4", "public.movie", "video/mp4 video/mp4v-es", "mp4 mpg4", "MPEG-4 movie",
    "com.apple.m4v-video", "public.mpeg-4", "video/x-m4v", "m4v", "Apple MPEG-4 movie",
    "com.apple.protected-mpeg-4-video", "com.apple.m4v-video", "", "", "protected MPEG-4 movie",
    "public.avi", "public.movie", "video/avi video/msvideo video/x-msvideo", "avi vfw", "AVI movie",
    "public.mp3", "public.audio", "audio/mpeg audio/mpeg3 audio/mpg audio/mp3 audio/x-mpeg audio/x-mpeg3 audio/x-mpg audio/x-mp3", "mp3 mpga", "MP3 audio",
    "public.mpeg-4-audio", "public.mpeg-4 public.audio", "audio/mp4 audio/mp4a-latm", "mp4 mpg4", "MPEG-4 audio",
    "com.apple.m4a-audio", "public.mpeg-4-audio", "audio/x-m4a", "m4a", "Apple MPEG-4 audio",
    "com.apple.protected-mpeg-4-audio", "public.audio", "", "m4p m4b", "protected MPEG-4 audio",
    "public.aac-audio", "public.audio", "audio/aac audio/x-aac", "aac adts", "AAC audio",
    // Shipped also with aiff, aif, audio/aiff and audio/x-aiff, the tags
    // of its child public.aiff-audio; they are left to the child so that
    // a lookup by them finds ``UTType/aiff`` rather than its parent.
    "public.aifc-audio", "public.audio", "", "aifc cdda", "AIFF-C audio",
    "public.aiff-audio", "public.aifc-audio", "audio/aiff audio/x-aiff", "aiff aif", "AIFF audio",
    "com.microsoft.waveform-audio", "public.audio", "audio/wav audio/wave", "wav wave bwf", "Waveform audio",
    "public.midi-audio", "public.audio", "audio/midi audio/x-midi", "midi mid smf kar", "MIDI audio",
    "public.playlist", "", "", "", "playlist",
    "public.m3u-playlist", "public.plain-text public.playlist", "audio/mpegurl application/vnd.apple.mpegurl audio/x-mpegurl", "m3u m3u8", "M3U playlist",
    // Directories and bundles
    "public.folder", "public.directory", "", "", "folder",
    "public.volume", "public.folder", "", "", "volume",
    "com.apple.package", "public.directory", "", "", "package",
    "com.apple.bundle", "public.directory", "", "", "bundle",
    "com.apple.localizable-name-bundle", "com.apple.bundle", "", "", "bundle with a localizable name",
    "com.apple.framework", "com.apple.bundle", "", "framework", "framework",
    "com.apple.rtfd", "com.apple.package public.composite-content", "", "rtfd", "rich text with attachments (RTFD)",
    "com.apple.application", "public.executable", "", "", "application",
    "com.apple.application-bundle", "com.apple.application com.apple.localizable-name-bundle com.apple.package", "", "app", "application bundle",
    "com.apple.plugin", "com.apple.bundle com.apple.package", "", "plugin", "plug-in",
    "com.apple.metadata-importer", "com.apple.plugin", "", "mdimporter", "Spotlight importer",
    "com.apple.quicklook-generator", "com.apple.plugin", "", "qlgenerator", "Quick Look preview generator",
    "com.apple.xpc-service", "com.apple.bundle com.apple.package", "", "xpc", "XPC service",
    "com.apple.application-and-system-extension", "com.apple.xpc-service", "", "appex", "app extension",
    "com.apple.systempreference.prefpane", "com.apple.package com.apple.bundle", "", "prefPane", "System Settings pane",
    "com.apple.applescript.script-bundle", "com.apple.bundle com.apple.package public.script", "", "scptd", "AppleScript bundle",
    // Executables
    "public.unix-executable", "public.data public.executable", "", "", "Unix executable",
    "public.elf-binary", "public.data public.executable", "", "", "ELF binary",
    "com.microsoft.windows-executable", "public.data public.executable", "application/x-msdownload", "exe", "Windows executable",
    // Archives
    "public.archive", "", "", "", "archive",
    "public.disk-image", "public.archive", "", "", "disk image",
    "org.gnu.gnu-zip-archive", "public.data public.archive", "application/x-gzip application/gzip", "gz gzip", "gzip archive",
    "public.bzip2-archive", "public.data public.archive", "application/x-bzip2 application/x-bzip application/bzip2 application/bzip application/x-bz2", "bz2 bz", "bzip2 archive",
    "org.gnu.gnu-tar-archive", "public.data public.archive", "application/x-gtar", "gtar", "GNU tar archive",
    "public.tar-archive", "org.gnu.gnu-tar-archive", "application/x-tar application/tar", "tar", "tar archive",
    "com.pkware.zip-archive", "public.data public.archive", "", "", "PKZip archive",
    "public.zip-archive", "com.pkware.zip-archive", "application/zip application/x-zip-compressed", "zip", "zip archive",
    "com.sun.java-archive", "public.zip-archive public.executable", "application/java-archive", "jar", "Java archive",
    "com.apple.archive", "public.data public.archive", "", "aar yaa", "Apple Archive",
    // Messages, contacts, calendars
    "public.message", "", "", "", "message",
    "public.email-message", "public.message", "", "", "email message",
    "public.contact", "", "", "", "contact",
    // Shipped as text/directory, text/vcard, text/x-vcard; text/vcard
    // (RFC 6350, and the desktop's name for the type) is offered first.
    "public.vcard", "public.text public.contact", "text/vcard text/directory text/x-vcard", "vcf vcard", "vCard",
    "public.to-do-item", "", "", "", "to-do item",
    "public.calendar-event", "", "", "", "calendar event",
    "com.apple.ical.ics", "public.text public.calendar-event", "text/calendar", "ics", "iCalendar file",
    "public.bookmark", "", "", "", "bookmark",
    // Fonts and security
    "public.font", "public.data", "", "", "font",
    "public.truetype-font", "public.font", "", "", "TrueType font",
    "public.truetype-ttf-font", "public.truetype-font", "", "ttf", "TrueType font file",
    "public.opentype-font", "public.font", "", "otf", "OpenType font",
    "com.rsa.pkcs-12", "public.data", "application/x-pkcs12", "p12 pfx", "PKCS #12 data",
    "public.x509-certificate", "public.data", "application/x-x509-ca-cert", "cer der crt pem", "X.509 certificate",
};

// freedesktop MIME types that stand for a system type although Apple gives
// that type no MIME tag (or none the database uses): the file-system node
// kinds and a few formats Apple tags by extension only.
static const char *const equivalents[] = {
    "inode/directory", "public.folder",
    "inode/mount-point", "public.volume",
    "inode/symlink", "public.symlink",
    "inode/blockdevice", "public.block-special",
    "inode/chardevice", "public.character-special",
    "inode/fifo", "public.named-pipe",
    "inode/socket", "public.socket",
    "video/mp2t", "public.mpeg-2-transport-stream",
    "font/ttf", "public.truetype-ttf-font",
    "font/otf", "public.opentype-font",
    "application/pkix-cert", "public.x509-certificate",
    "text/x-log", "com.apple.log",
};

// freedesktop types that keep a type of their own but are a kind of a
// system type the database names differently: text/x-csrc gets
// public.c-source as an extra parent.
static const char *const parents[] = {
    "text/x-csrc", "public.c-source",
    "text/x-chdr", "public.c-header",
    "text/x-c++src", "public.c-plus-plus-source",
    "text/x-c++hdr", "public.c-plus-plus-header",
    "text/x-objcsrc", "public.objective-c-source",
    "text/x-objc++src", "public.objective-c-plus-plus-source",
    "text/x-java", "com.sun.java-source",
    "text/x-python", "public.python-script",
    "application/x-shellscript", "public.shell-script",
    "application/x-perl", "public.perl-script",
    "application/x-ruby", "public.ruby-script",
    "application/x-php", "public.php-script",
    "text/x-makefile", "public.make-source",
};

long dk_system_entry_count(void) { return sizeof fields / sizeof *fields / 5; }
const char *const *dk_system_fields(void) { return fields; }
const char *const *dk_freedesktop_equivalents(void) { return equivalents; }
long dk_freedesktop_equivalent_count(void) { return sizeof equivalents / sizeof *equivalents / 2; }
const char *const *dk_freedesktop_parents(void) { return parents; }
long dk_freedesktop_parent_count(void) { return sizeof parents / sizeof *parents / 2; }
