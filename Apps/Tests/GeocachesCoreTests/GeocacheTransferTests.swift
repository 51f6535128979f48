import Foundation
import ItemProviders
import Testing
import UniformTypes
@testable import GeocachesCore

/// A geocache's representations: what it offers, best first, and what it
/// reads back, including refusals of bad data.
@Suite struct GeocacheTransferTests {
    let cache = Geocache(id: 7, name: "Old Oak", summary: "Under the roots", latitude: 52.09, longitude: 5.12,
                         image: tinyPNG)

    @Test func geocacheTypeIsJSONWithItsOwnMIMEType() {
        #expect(UTType.geocache.identifier == "org.dragkit.geocache")
        #expect(UTType.geocache.conforms(to: .json))
        #expect(UTType.geocache.preferredMIMEType == "application/x-dragkit-geocache+json")
        #expect(UTType(mimeType: "application/x-dragkit-geocache+json") == .geocache)
    }

    @Test func offersTheGeocacheThenItsPictureThenItsName() async throws {
        let provider = ItemProvider(object: cache)
        #expect(provider.registeredContentTypes == [.geocache, .png, .utf8PlainText])
        #expect(try await provider.loadDataRepresentation(for: .png) == tinyPNG)
        #expect(try await provider.loadObject(ofClass: String.self) == "Old Oak")
    }

    @Test func aGeocacheWithoutPictureOffersNoPNG() {
        var plain = cache
        plain.image = nil
        #expect(ItemProvider(object: plain).registeredContentTypes == [.geocache, .utf8PlainText])
    }

    @Test func theFullModelArrivesWithoutTheStoreIdentity() async throws {
        let provider = ItemProvider(object: cache).view(for: .otherProcess)
        let read = try await provider.loadObject(ofClass: Geocache.self)
        #expect(read == cache.detached)
        #expect(read.id == nil)
        #expect(read.image == tinyPNG)
    }

    @Test func plainTextBecomesANewGeocacheNamedByIt() async throws {
        let read = try await textProvider("  Lighthouse\n").loadObject(ofClass: Geocache.self)
        #expect(read == Geocache(name: "Lighthouse", summary: "Unknown", latitude: 0, longitude: 0))
    }

    @Test(arguments: [
        (#"{"name":"Oak","summary":"x","latitude":1}"#, GeocacheError.Code.invalidData, "\"longitude\" is missing"),
        (#"{"name":"Oak","summary":"x","latitude":"north","longitude":2}"#, .invalidData, "\"latitude\" has the wrong kind"),
        ("not json", .invalidData, "not valid JSON"),
        (#"{"name":"Oak","summary":"x","latitude":95,"longitude":2}"#, .invalidLatitude, "-90 to 90"),
        (#"{"name":"Oak","summary":"x","latitude":5,"longitude":200}"#, .invalidLongitude, "-180 to 180"),
        (#"{"name":" ","summary":"x","latitude":5,"longitude":2}"#, .emptyName, "needs a name"),
        (#"{"name":"Oak","summary":"x","latitude":5,"longitude":2,"image":"%%%"}"#, .invalidData, "base 64"),
        (#"{"name":"Oak","summary":"x","latitude":5,"longitude":2,"image":"aGVsbG8="}"#, .invalidImage, "not a PNG"),
    ])
    func badGeocacheDataIsRefusedWithAReason(json: String, code: GeocacheError.Code, reason: String) async throws {
        let error = try #require(await #expect(throws: ItemProviderError.self) {
            try await geocacheTypeProvider(Data(json.utf8)).loadObject(ofClass: Geocache.self)
        })
        #expect(error.code == .decodingFailed)
        let cause = try #require(error.underlyingError as? GeocacheError)
        #expect(cause.code == code)
        #expect(cause.description.contains(reason))
    }

    @Test func emptyTextIsRefused() async throws {
        let error = try #require(await #expect(throws: ItemProviderError.self) {
            try await textProvider(" \n").loadObject(ofClass: Geocache.self)
        })
        #expect((error.underlyingError as? GeocacheError)?.code == .invalidData)
    }

    @Test func theJSONCarriesEveryField() throws {
        let object = try #require(try JSONSerialization.jsonObject(with: cache.jsonData()) as? [String: Any])
        #expect(Set(object.keys) == ["name", "summary", "latitude", "longitude", "image"])
        #expect(object["image"] as? String == tinyPNG.base64EncodedString())
    }
}
