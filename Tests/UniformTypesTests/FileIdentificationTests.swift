import Foundation
import Testing
@testable import UniformTypes

@Suite("The type of a file, by name and by contents")
struct FileIdentificationTests {
    static let pngBytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]

    private func temporaryFile(_ name: String, _ bytes: [UInt8]) throws -> URL {
        let directory = try ScratchFolders.make("files")
        let url = directory.appendingPathComponent(name)
        try Data(bytes).write(to: url)
        return url
    }

    @Test func nameDecides() throws {
        let url = try temporaryFile("notes.txt", Array("hello".utf8))
        let found = UTType.identifyFile(at: url)
        #expect(found.type == .plainText)
        #expect(found.method == .fileName)
        #expect(found.detail.contains("txt"))
    }

    @Test func contentsDecideWithoutAKnownName() throws {
        let url = try temporaryFile("picture", Self.pngBytes)
        let found = UTType.identifyFile(at: url)
        #expect(found.type == .png)
        #expect(found.method == .contents)
        #expect(found.detail.contains("image/png"))
        #expect(UTType.identifyFile(at: url, readingContents: false).method == .fallback)
    }

    @Test func nameWinsOverUnrelatedContents() throws {
        let url = try temporaryFile("report.txt", Self.pngBytes)
        let found = UTType.identifyFile(at: url)
        #expect(found.type == .plainText)
        #expect(found.method == .fileName)
    }

    @Test func contentsRefineTheName() throws {
        let svg = Array("<?xml version=\"1.0\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\"></svg>\n".utf8)
        let url = try temporaryFile("drawing.xml", svg)
        let found = UTType.identifyFile(at: url)
        #expect(found.type == .svg, "SVG is XML, so the contents say more than the name")
        #expect(found.method == .contents)
    }

    @Test func textWithoutAnyRuleIsPlainText() throws {
        let url = try temporaryFile("zqx-words-\(UUID().uuidString.prefix(4))", Array("just some words\n".utf8))
        let found = UTType.identifyFile(at: url)
        #expect(found.type == .plainText)
        #expect(found.method == .contents)
    }

    @Test func unknownBinaryWithUnknownExtensionIsDynamic() throws {
        let url = try temporaryFile("blob.qqqx", [0, 1, 2, 3, 0xFE, 0xFF])
        let found = UTType.identifyFile(at: url)
        #expect(found.type.isDynamic)
        #expect(found.type.preferredFilenameExtension == "qqqx")
        #expect(found.method == .fallback)
        let bare = try temporaryFile("blob", [0, 1, 2, 3])
        #expect(UTType.identifyFile(at: bare).type == .data)
    }

    @Test func directoryIsAFolder() throws {
        let found = UTType.identifyFile(at: FileManager.default.temporaryDirectory)
        #expect(found.type == .folder)
        #expect(found.method == .directory)
    }

    @Test func devicesAndPipesAreNeverRead() throws {
        let device = UTType.identifyFile(at: URL(fileURLWithPath: "/dev/null"))
        #expect(device.type.identifier == "public.character-special")
        #expect(device.method == .fileSystemNode)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("dragkit-fifo-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let fifo = directory.appendingPathComponent("pipe.png")
        #expect(mkfifo(fifo.path, 0o600) == 0)
        let found = UTType.identifyFile(at: fifo)
        #expect(found.type.identifier == "public.named-pipe", "not opened, so no read blocks")
        #expect(found.type.conforms(to: .item))
    }

    @Test func fileNameAlone() {
        #expect(UTType(fileName: "photo.JPG") == .jpeg)
        #expect(UTType(fileName: "Package.swift") == .swiftSource)
        #expect(UTType(fileName: "main.c") == .cSource)
        #expect(UTType(fileName: "Makefile").preferredMIMEType == "text/x-makefile")
        #expect(UTType(fileName: "noextension") == .data)
        #expect(UTType(fileName: ".hidden") == .data)
        #expect(UTType(fileName: "thing.qqqy").isDynamic)
    }

    /// The extension is what follows the last dot, if anything does and
    /// the dot does not start the name; read the same on the bytes of an
    /// ASCII name as on the characters of any other.
    @Test func theExtensionIsWhatFollowsTheLastDot() {
        let cases: [(String, String?)] = [
            ("a.tar.gz", "gz"), ("photo.JPG", "JPG"), (".hidden", nil), ("trailing.", nil), ("none", nil), ("", nil),
            ("..", nil), ("a.b", "b"), ("über.txt", "txt"), ("a.é", "é"), ("x.e\u{301}", "e\u{301}"), ("x.\u{301}", nil),
            ("line\r\n.txt", "txt"),
        ]
        for (name, expected) in cases {
            #expect(TypeRegistry.pathExtension(of: name) == expected, "\(name)")
        }
    }

    @Test func looksLikeText() {
        #expect(TypeRegistry.looksLikeText(Array("plain\ttext\r\n".utf8)))
        #expect(TypeRegistry.looksLikeText(Array("café".utf8)))
        #expect(TypeRegistry.looksLikeText(Array(Array("aé".utf8).prefix(2))), "a character cut at the end")
        #expect(!TypeRegistry.looksLikeText([0x00, 0x41]))
        #expect(!TypeRegistry.looksLikeText([0xFF, 0xFE, 0x41]))
    }
}
