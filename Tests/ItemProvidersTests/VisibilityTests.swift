import Foundation
import Testing
import UniformTypes
@testable import ItemProviders

@Suite("Visibility and sealing")
struct VisibilityTests {
    private let everyone = UTType(exportedAs: "com.example.dragkit-tests.everyone", conformingTo: .text)
    private let teammates = UTType(exportedAs: "com.example.dragkit-tests.teammates", conformingTo: .text)
    private let inside = UTType(exportedAs: "com.example.dragkit-tests.inside", conformingTo: .text)

    private func provider(team: String? = "TEAM1") -> ItemProvider {
        let provider = ItemProvider()
        provider.teamIdentifier = team
        provider.registerDataRepresentation(for: everyone, visibility: .all) { Data("all".utf8) }
        provider.registerDataRepresentation(for: teammates, visibility: .team) { Data("team".utf8) }
        provider.registerDataRepresentation(for: inside, visibility: .ownProcess) { Data("own".utf8) }
        return provider
    }

    @Test("Each audience lists only what it may see")
    func listing() {
        let provider = provider()
        #expect(provider.registeredContentTypes == [everyone, teammates, inside])
        #expect(provider.view(for: .ownProcess).registeredContentTypes == [everyone, teammates, inside])
        #expect(provider.view(for: .otherProcess).registeredContentTypes == [everyone])
        #expect(provider.view(for: .team("TEAM1")).registeredContentTypes == [everyone, teammates])
        #expect(provider.view(for: .team("TEAM2")).registeredContentTypes == [everyone])
        #expect(self.provider(team: nil).view(for: .team("TEAM1")).registeredContentTypes == [everyone])
        #expect(provider.view(for: .team("TEAM1")).view(for: .otherProcess).registeredContentTypes == [everyone])
        #expect(provider.view(for: .otherProcess).view(for: .ownProcess).registeredContentTypes == [everyone])
    }

    @Test("Queries through a view skip what it cannot see")
    func queries() {
        let outside = provider().view(for: .otherProcess)
        #expect(outside.hasItemConforming(to: .text))
        #expect(!outside.hasItemConforming(to: inside))
        #expect(outside.registeredContentTypes(conformingTo: .text) == [everyone])
    }

    @Test("Loads through a view deliver only visible representations; a supertype skips hidden ones")
    func loading() async throws {
        let provider = ItemProvider()
        provider.registerDataRepresentation(for: inside, visibility: .ownProcess) { Data("own".utf8) }
        provider.registerDataRepresentation(for: everyone) { Data("all".utf8) }
        #expect(try await provider.loadDataRepresentation(for: .text) == Data("own".utf8))
        #expect(try await provider.view(for: .otherProcess).loadDataRepresentation(for: .text) == Data("all".utf8))

        let error = await providerError { _ = try await provider.view(for: .otherProcess).loadDataRepresentation(for: inside) }
        #expect(error?.code == .notVisible)
        #expect(error?.description.contains("other processes") == true)
        #expect(try await self.provider().view(for: .team("TEAM1")).loadDataRepresentation(for: teammates) == Data("team".utf8))
    }

    @Test("An object's own per-type visibility is combined with the registration's")
    func objectVisibility() {
        struct Secretive: ItemProviderWriting {
            static var writableContentTypes: [UTType] { [.json, .utf8PlainText] }
            func itemProviderVisibility(for contentType: UTType) -> RepresentationVisibility {
                contentType == .json ? .ownProcess : .all
            }
            func loadData(for contentType: UTType) async throws -> Data { Data() }
        }
        let provider = ItemProvider()
        provider.registerObject(Secretive())
        #expect(provider.view(for: .otherProcess).registeredContentTypes == [.utf8PlainText])

        let teamOnly = ItemProvider()
        teamOnly.teamIdentifier = "T"
        teamOnly.registerObject(Secretive(), visibility: .team)
        #expect(teamOnly.view(for: .team("T")).registeredContentTypes == [.utf8PlainText])
        #expect(teamOnly.view(for: .otherProcess).registeredContentTypes.isEmpty)
    }

    @Test("A sealed view answers type queries but refuses loads until its gate opens")
    func sealing() async throws {
        let runs = Counter()
        let provider = ItemProvider()
        provider.registerDataRepresentation(for: .utf8PlainText) { runs.increment(); return Data("dropped".utf8) }
        let gate = LoadGate()
        let hovering = provider.view(for: .otherProcess).sealed(by: gate)

        #expect(!gate.isOpen)
        #expect(hovering.registeredContentTypes == [.utf8PlainText])
        #expect(hovering.hasItemConforming(to: .text))
        #expect(hovering.canLoadObject(ofClass: String.self))
        let error = await providerError { _ = try await hovering.loadObject(ofClass: String.self) }
        #expect(error?.code == .sealed)
        #expect(error?.description.contains("sealed until the drop is performed") == true)
        let fileError = await providerError { try await hovering.withFileRepresentation(for: .text) { _ in } }
        #expect(fileError?.code == .sealed)
        #expect(runs.count == 0)
        #expect(try await provider.loadObject(ofClass: String.self) == "dropped")

        gate.open()
        #expect(gate.isOpen)
        #expect(try await hovering.loadObject(ofClass: String.self) == "dropped")
        #expect(runs.count == 2)
    }
}
