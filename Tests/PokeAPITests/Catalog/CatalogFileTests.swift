@testable import PokeAPI
import PokedexModels
import PokemonClient
import XCTest

final class CatalogFileTests: XCTestCase {
    func testRoundTripsEveryFieldIncludingAwkwardText() throws {
        let odd = PokemonDetail(
            id: 9999, name: "mr-\"quote\"\\back", types: ["psychic", "fairy"], height: 13, weight: 545,
            abilities: [.init(name: "soundproof", isHidden: false, slot: 1)],
            stats: [.init(name: "hp", base: 40)], baseExperience: nil, genus: "Barrier\nPokémon 🎭", spriteURL: nil
        )
        let catalog = Catalog(Catalog.embedded.entries.prefix(3) + [odd])
        XCTAssertEqual(try CatalogFile.decode(Array(catalog.fileText.utf8)), catalog)
    }

    func testTheShippedFileIsWhatTheEncoderWrites() throws {
        let shipped = try String(contentsOf: EmbeddedCatalog.fileURL, encoding: .utf8)
        XCTAssertEqual(shipped, Catalog.embedded.fileText)
    }

    func testMalformedOrForeignFilesAreRejected() {
        for text in ["", "{\"format\":\"other/1\",\"pokemon\":[]}", "{\"format\":\"pokedex-catalog/1\",\"pokemon\":[[1,\"x\"]]}"] {
            XCTAssertThrowsError(try CatalogFile.decode(Array(text.utf8))) { error in
                guard case .malformed? = error as? PokemonClientError else { return XCTFail("\(error)") }
            }
        }
    }
}
