import Foundation
import PokeAPI
import XCTest

/// Decodes the real PokeAPI documents in ../shared when present (never copied into the repo).
final class RealDocumentTests: XCTestCase {
    private func document(_ name: String) throws -> [UInt8] {
        // `../shared` beside the checkout, as the benchmarks find it; POKEDEX_SHARED overrides.
        let checkout = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let shared = ProcessInfo.processInfo.environment["POKEDEX_SHARED"] ?? checkout.path + "/../shared"
        let directory = shared + "/pokeapi/json"
        guard let data = FileManager.default.contents(atPath: directory + "/" + name) else {
            throw XCTSkip("\(directory)/\(name) is not here")
        }
        return Array(data)
    }

    func testTheRealDetailsAgreeWithTheEmbeddedCatalog() throws {
        for id in [1, 25, 150] {
            var decoded = try PokeAPIDecoder.detail(document("pokemon-\(id).json"))
            let embedded = try XCTUnwrap(Catalog.embedded.entry(id: id))
            XCTAssertNil(decoded.genus, "the detail document has no genus")
            decoded.genus = embedded.genus
            XCTAssertEqual(decoded, embedded)
        }
    }

    func testTheRealListAndType() throws {
        let list = try PokeAPIDecoder.index(document("pokemon-list.json"))
        XCTAssertEqual(list.count, 1351)
        XCTAssertEqual(list.entries.count, 1351)
        XCTAssertEqual(list.entries.prefix(151).map(\.name), Catalog.embedded.entries.map(\.name))

        let grass = try PokeAPIDecoder.typeMembers(document("type-12.json"))
        let embeddedGrass = Catalog.embedded.entries.filter { $0.types.contains("grass") }.map(\.id)
        XCTAssertEqual(grass.map(\.id).filter { $0 <= 151 }.sorted(), embeddedGrass)
    }
}
