import Testing
@testable import UniformTypes

/// The built-in types against Apple's shipped declarations (CoreTypes'
/// `UTTypeConformsTo` and `UTTypeTagSpecification`) and the UTCoreTypes.h
/// header, and against the lookups a person tries first.
@Suite("Apple's declarations and the lookups people try")
struct AppleDeclarationsTests {
    // MARK: - Names and identifiers

    @Test(arguments: [
        (UTType.urlBookmarkData, "com.apple.bookmark"),
        (.css, "public.css"),
        (.osaScript, "com.apple.applescript.script"),
        (.osaScriptBundle, "com.apple.applescript.script-bundle"),
        (.dng, "com.adobe.raw-image"),
        (.livePhoto, "com.apple.live-photo"),
        (.heics, "public.heics"),
        (.jpegxl, "public.jpeg-xl"),
        (.exr, "com.ilm.openexr-image"),
        (.usd, "com.pixar.universal-scene-description"),
        (.realityFile, "com.apple.reality"),
        (.sceneKitScene, "com.apple.scenekit.scene"),
        (.arReferenceObject, "com.apple.arobject"),
        (.appleProtectedMPEG4Audio, "com.apple.protected-mpeg-4-audio"),
        (.appleProtectedMPEG4Video, "com.apple.protected-mpeg-4-video"),
        (.applicationBundle, "com.apple.application-bundle"),
        (.pluginBundle, "com.apple.plugin"),
        (.spotlightImporter, "com.apple.metadata-importer"),
        (.quickLookGenerator, "com.apple.quicklook-generator"),
        (.xpcService, "com.apple.xpc-service"),
        (.applicationExtension, "com.apple.application-and-system-extension"),
        (.systemPreferencesPane, "com.apple.systempreference.prefpane"),
        (.tarArchive, "public.tar-archive"),
        (.internetShortcut, "com.microsoft.internet-shortcut"),
    ])
    func appleConstantsUseApplesIdentifiers(type: UTType, identifier: String) {
        #expect(type.identifier == identifier)
        #expect(type.origin == .system)
    }

    // MARK: - Parents

    @Test(arguments: [
        ("public.svg-image", ["public.image"]),
        ("public.log", []),
        ("com.netscape.javascript-source", ["public.script", "public.executable"]),
        ("com.apple.internet-location", ["public.stored-url", "public.data"]),
        ("com.microsoft.internet-shortcut", ["public.stored-url", "public.data"]),
        ("public.mpeg-4-audio", ["public.mpeg-4", "public.audio"]),
        ("public.m3u-playlist", ["public.plain-text", "public.playlist"]),
        ("public.tab-separated-values-text", ["public.plain-text", "public.delimited-values-text"]),
        ("public.utf8-tab-separated-values-text", ["public.tab-separated-values-text", "public.utf8-plain-text"]),
        ("com.apple.application-bundle", ["com.apple.application", "com.apple.localizable-name-bundle", "com.apple.package"]),
        ("com.apple.application-and-system-extension", ["com.apple.xpc-service"]),
        ("com.apple.applescript.script", ["public.data", "public.script"]),
        ("com.apple.bookmark", ["public.data", "com.apple.resolvable"]),
        ("public.heics", ["public.heif-standard"]),
        ("public.tar-archive", ["org.gnu.gnu-tar-archive"]),
    ])
    func declaredParents(identifier: String, parents: [String]) throws {
        let type = try #require(UTType(identifier))
        #expect(type.directSupertypes.map(\.identifier) == parents)
    }

    @Test func conformanceAsOnApplePlatforms() {
        #expect(!UTType.svg.conforms(to: .xml), "Apple declares SVG an image only")
        #expect(UTType.svg.conforms(to: .image))
        #expect(UTType.javaScript.conforms(to: .sourceCode))
        #expect(UTType.javaScript.conforms(to: .executable))
        #expect(!UTType.json.conforms(to: .javaScript), "JSON is text, not JavaScript")
        #expect(!UTType.log.conforms(to: .item), "public.log is an abstract base type")
        #expect(UTType.commaSeparatedText.conforms(to: .plainText))
        #expect(UTType.commaSeparatedText.conforms(to: .delimitedText))
        #expect(!UTType.html.conforms(to: .plainText))
        #expect(UTType.tarArchive.conforms(to: .archive))
        #expect(UTType.tarArchive.conforms(to: .data))
        #expect(UTType.applicationBundle.conforms(to: .bundle))
        #expect(UTType.applicationBundle.conforms(to: .executable))
        #expect(!UTType.applicationBundle.conforms(to: .data))
        #expect(UTType.internetShortcut.conforms(to: .data))
        #expect(!UTType.internetShortcut.conforms(to: .url), "a stored URL file is not a URL")
        #expect(UTType.folder.conforms(to: .directory) && UTType.directory.conforms(to: .item))
    }

    // MARK: - Tags

    @Test func tagsInApplesOrder() {
        #expect(UTType.wav.preferredMIMEType == "audio/wav")
        #expect(UTType.wav.tags[.filenameExtension]?.prefix(3) == ["wav", "wave", "bwf"])
        #expect(UTType.x509Certificate.tags[.filenameExtension]?.prefix(4) == ["cer", "der", "crt", "pem"])
        #expect(UTType.x509Certificate.preferredMIMEType == "application/x-x509-ca-cert")
        #expect(UTType.bmp.preferredMIMEType == "image/bmp")
        #expect(UTType.ico.preferredMIMEType == "image/vnd.microsoft.icon")
        #expect(UTType.javaScript.tags[.filenameExtension]?.prefix(3) == ["js", "jscript", "javascript"])
        #expect(UTType.shellScript.preferredFilenameExtension == "sh")
        #expect(UTType.yaml.preferredFilenameExtension == "yaml")
        #expect(UTType.gzip.preferredMIMEType == "application/x-gzip")
        #expect(UTType.gzip.tags[.mimeType]?.contains("application/gzip") == true)
        #expect(UTType.mpeg2TransportStream.preferredFilenameExtension == "ts")
        #expect(UTType.css.preferredMIMEType == "text/css")
        #expect(UTType.tarArchive.preferredMIMEType == "application/x-tar")
    }

    @Test func utf16TextHasNoMIMEType() {
        #expect(UTType.utf16PlainText.tags[.mimeType] == nil, "Apple declares none")
        #expect(UTType.utf16ExternalPlainText.tags[.mimeType] == nil)
        #expect(UTType(mimeType: "text/plain;charset=utf-16") == .plainText)
        #expect(UTType.utf8PlainText.preferredMIMEType == "text/plain;charset=utf-8")
    }

    @Test func anotherTypesAppleTagStaysWithThatType() throws {
        // The desktop's image/heif lists image/heic as an alias and *.heic
        // as a glob; both are Apple's tags of public.heic.
        #expect(UTType(mimeType: "image/heic") == .heic)
        #expect(UTType(filenameExtension: "heic") == .heic)
        #expect(UTType(mimeType: "image/heif") == .heif)
        #expect(UTType.heif.tags[.mimeType]?.contains("image/heic") != true)
        #expect(UTType.heif.tags[.filenameExtension]?.contains("heic") != true)
        #expect(UTType.types(tag: "image/heic", tagClass: .mimeType) == [.heic])
        // *.m4v and video/x-m4v belong to the desktop's video/mp4.
        let m4v = try #require(UTType("com.apple.m4v-video"))
        #expect(UTType(filenameExtension: "m4v") == m4v)
        #expect(UTType(mimeType: "video/x-m4v") == m4v)
        #expect(UTType.mpeg4Movie.tags[.filenameExtension]?.contains("m4v") != true)
        // application/x-gtar is the desktop's alias of application/x-tar.
        let gnuTar = try #require(UTType("org.gnu.gnu-tar-archive"))
        #expect(UTType(mimeType: "application/x-gtar") == gnuTar)
        #expect(UTType(mimeType: "application/x-tar") == .tarArchive)
        #expect(UTType.tarArchive.tags[.filenameExtension]?.contains("gtar") != true)
    }

    @Test func aiffLookupsFindAIFF() {
        #expect(UTType(filenameExtension: "aiff") == .aiff)
        #expect(UTType(filenameExtension: "aif") == .aiff)
        #expect(UTType(mimeType: "audio/aiff") == .aiff)
        #expect(UTType(mimeType: "audio/x-aiff") == .aiff)
        #expect(UTType(filenameExtension: "aifc")?.identifier == "public.aifc-audio")
    }

    @Test func extensionOnlyFormatsTakeTheDesktopsMIMEType() {
        #expect(UTType(mimeType: "video/mp2t") == .mpeg2TransportStream)
        #expect(UTType(mimeType: "font/ttf")?.identifier == "public.truetype-ttf-font")
        #expect(UTType(mimeType: "font/otf")?.identifier == "public.opentype-font")
        #expect(UTType(mimeType: "application/pkix-cert") == .x509Certificate)
        #expect(UTType(mimeType: "text/x-log")?.identifier == "com.apple.log")
    }

    // MARK: - Round trips people try

    @Test func roundTrips() {
        #expect(UTType(mimeType: "image/png") == .png)
        #expect(UTType(filenameExtension: "jpg") == .jpeg)
        #expect(UTType(filenameExtension: "JPG") == .jpeg)
        #expect(UTType(mimeType: "IMAGE/JPEG") == .jpeg)
        #expect(UTType(mimeType: "text/plain;charset=utf-8") == .utf8PlainText)
        #expect(UTType(mimeType: "text/plain; charset=\"UTF-8\"") == .utf8PlainText)
        #expect(UTType(mimeType: "application/pdf") == .pdf)
        #expect(UTType(mimeType: "application/x-pdf") == .pdf, "the desktop's alias")
        #expect(UTType(filenameExtension: "vcf") == .vCard)
        #expect(UTType(filenameExtension: "vcard") == .vCard)
        #expect(UTType(mimeType: "text/x-vcard") == .vCard)
        #expect(UTType(mimeType: "text/directory") == .vCard)
        #expect(UTType(mimeType: "application/json") == .json)
        #expect(UTType(filenameExtension: "json") == .json)
        #expect(UTType(mimeType: "video/mp4") == .mpeg4Movie)
        #expect(UTType(mimeType: "audio/mpeg") == .mp3)
        #expect(UTType(mimeType: "application/zip") == .zip)
        #expect(UTType(mimeType: "application/gzip") == .gzip)
        #expect(UTType(mimeType: "image/svg+xml") == .svg)
        #expect(UTType(filenameExtension: "css") == .css)
        #expect(UTType(filenameExtension: ".png") == nil, "an extension is given without its dot")
        for type in [UTType.png, .jpeg, .gif, .tiff, .pdf, .json, .html, .xml, .rtf, .vCard, .mp3, .mpeg4Movie,
                     .zip, .gzip, .svg, .heic, .commaSeparatedText, .utf8PlainText] {
            #expect(UTType(mimeType: type.preferredMIMEType ?? "") == type, "\(type) by its preferred MIME type")
        }
        for type in [UTType.png, .jpeg, .gif, .tiff, .pdf, .json, .html, .xml, .rtf, .vCard, .mp3, .mpeg4Movie,
                     .zip, .gzip, .svg, .heic, .commaSeparatedText, .swiftSource, .yaml, .tarArchive] {
            #expect(UTType(filenameExtension: type.preferredFilenameExtension ?? "") == type,
                    "\(type) by its preferred extension")
        }
    }

    @Test func fileSystemNodesAreFoundWithTheDefaultSupertype() {
        #expect(UTType(mimeType: "inode/directory") == .folder, "not a dynamic type claiming a folder is data")
        #expect(UTType(mimeType: "inode/directory")?.conforms(to: .directory) == true)
        #expect(UTType(mimeType: "inode/symlink") == .symbolicLink)
        #expect(UTType(filenameExtension: "app") == .applicationBundle)
        #expect(UTType(filenameExtension: "app", conformingTo: .data)?.conforms(to: .data) != true)
        #expect(UTType(mimeType: "inode/directory", conformingTo: .image)?.isDynamic == true,
                "an explicit supertype other than data is still a filter")
        #expect(UTType.types(tag: "inode/directory", tagClass: .mimeType, conformingTo: .data).isEmpty)
    }

    @Test func desktopSourceCodeIsApplesSourceCode() throws {
        let c = try #require(UTType(mimeType: "text/x-csrc"))
        #expect(c.conforms(to: .plainText))
        #expect(c.conforms(to: .sourceCode))
        #expect(c.conforms(to: .cSource))
        #expect(UTType(mimeType: "text/x-c++src")?.conforms(to: .cPlusPlusSource) == true)
        #expect(UTType(mimeType: "text/x-chdr")?.conforms(to: .cHeader) == true)
        #expect(UTType(mimeType: "text/x-java")?.conforms(to: .sourceCode) == true)
        #expect(UTType(mimeType: "application/x-shellscript")?.conforms(to: .shellScript) == true)
        #expect(UTType(mimeType: "text/x-python3")?.conforms(to: .pythonScript) == true)
        #expect(UTType(mimeType: "text/markdown")?.conforms(to: .sourceCode) == false)
    }

    // MARK: - The whole desktop database

    @Test func everyDatabaseMIMETypeRoundTrips() throws {
        let database = TypeRegistry.shared.base.database
        try #require(database.types.count > 500, "Debian's shared-mime-info is installed")
        for mime in database.types {
            guard let type = UTType(mimeType: mime, conformingTo: .item) else {
                Issue.record("\(mime) gives no type")
                continue
            }
            #expect(!type.isDynamic, "\(mime) is known")
            #expect(type.tags[.mimeType]?.contains(where: { $0.lowercased() == mime.lowercased() }) == true,
                    "\(type) carries \(mime)")
            let preferred = try #require(type.preferredMIMEType, "\(type) has a MIME type")
            #expect(UTType(mimeType: preferred, conformingTo: .item) == type, "\(mime) -> \(type) -> \(preferred)")
            if type.origin == .freedesktop {
                #expect(preferred.lowercased() == mime.lowercased(), "a desktop type is offered under its own name")
            }
        }
    }

    @Test func databaseRelationsBecomeConformanceForDesktopTypes() throws {
        let base = TypeRegistry.shared.base
        var checked = 0
        for (child, parents) in base.databaseParents {
            let childType = try #require(UTType(mimeType: child, conformingTo: .item))
            guard childType.origin == .freedesktop else { continue }
            for parent in parents {
                let parentType = try #require(UTType(mimeType: parent, conformingTo: .item))
                #expect(childType.conforms(to: parentType), "\(child) is a \(parent)")
                checked += 1
            }
        }
        #expect(checked > 200)
        for mime in base.database.types {
            let type = try #require(UTType(mimeType: mime, conformingTo: .item))
            guard type.origin == .freedesktop else { continue }
            if mime.hasPrefix("text/") { #expect(type.conforms(to: .plainText), "\(mime): every text/* is text/plain") }
            if mime.hasPrefix("inode/") {
                #expect(!type.conforms(to: .data), "\(mime) is not a byte stream")
            } else {
                #expect(type.conforms(to: .data), "\(mime): all but inode/* is application/octet-stream")
            }
        }
    }

    @Test func theDatabaseStillKnowsSVGIsXML() {
        let base = TypeRegistry.shared.base
        #expect(base.databaseType("image/svg+xml", isA: "application/xml"))
        #expect(base.databaseType("text/x-csrc", isA: "text/plain"))
        #expect(base.databaseType("text/x-recipe-unknown", isA: "text/plain"), "the implicit text/plain rule")
        #expect(base.databaseType("image/png", isA: "application/octet-stream"))
        #expect(!base.databaseType("inode/directory", isA: "application/octet-stream"))
        #expect(!base.databaseType("image/png", isA: "application/xml"))
    }
}
