import Foundation
import Testing
import UniformTypes
@testable import ItemProviders

@Suite("BitmapImage")
struct BitmapImageTests {
    @Test("A PNG's size comes from its IHDR header")
    func png() throws {
        let image = try BitmapImage(data: Fixtures.png(width: 640, height: 480))
        #expect(image.format == .png)
        #expect(image.pixelWidth == 640)
        #expect(image.pixelHeight == 480)
        #expect(image.writableContentTypes == [.png])
    }

    @Test("A JPEG's size comes from its start-of-frame marker, past other segments")
    func jpeg() throws {
        let image = try BitmapImage(data: Fixtures.jpeg(width: 1024, height: 768))
        #expect(image.format == .jpeg)
        #expect(image.pixelWidth == 1024)
        #expect(image.pixelHeight == 768)
    }

    @Test("Bytes that are not an image say what they are instead", arguments: [
        (Data(), "no bytes"),
        (Data("GIF89a".utf8), "47 49 46 38"),
        (Fixtures.png(width: 1, height: 1).prefix(20), "before its IHDR"),
        (Fixtures.png(width: 0, height: 5), "impossible size"),
        (Data([0xFF, 0xD8, 0xFF, 0xDA, 0x00, 0x02]), "before any frame header"),
        (Data([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10, 0x00]), "ends"),
        (Data([0xFF, 0xD8, 0x12]), "expected a marker"),
    ])
    func badBytes(data: Data, expected: String) {
        #expect {
            _ = try BitmapImage(data: data)
        } throws: { error in
            guard let error = error as? ItemProviderError else { return false }
            return error.code == .decodingFailed && error.description.contains(expected)
        }
    }

    @Test("Images travel in their own format through providers, objects and Transferable")
    func throughProvider() async throws {
        let png = try BitmapImage(data: Fixtures.png(width: 2, height: 2))
        let jpeg = try BitmapImage(data: Fixtures.jpeg(width: 3, height: 3))
        #expect(ItemProvider(object: jpeg).registeredContentTypes == [.jpeg])
        #expect(ItemProvider(transferable: png).registeredContentTypes == [.png])
        #expect(ItemProvider(transferable: jpeg).registeredContentTypes == [.jpeg])
        #expect(try await ItemProvider(object: png).view(for: .otherProcess).loadObject(ofClass: BitmapImage.self) == png)
        #expect(try await ItemProvider(transferable: jpeg).loadTransferable(type: BitmapImage.self) == jpeg)
    }

    @Test("JPEG bytes delivered as PNG are refused")
    func mislabelled() async throws {
        let provider = ItemProvider()
        provider.registerDataRepresentation(for: .png) { Fixtures.jpeg(width: 1, height: 1) }
        let error = await providerError { _ = try await provider.loadObject(ofClass: BitmapImage.self) }
        #expect(error?.code == .decodingFailed)
        #expect(error?.description.contains("the bytes are JPEG but were delivered as public.png") == true)
    }
}
