import PokeAPI
import PokedexModels
import XCTest

/// A Pokémon is found by its id wherever it sits: at `id - 1` in a dex numbered without gaps
/// (the lookup tried first), elsewhere in one with gaps, forms or a repeated id (the table).
final class CatalogLookupTests: XCTestCase {
    private func detail(_ id: Int, _ name: String) -> PokemonDetail {
        PokemonDetail(id: id, name: name, types: ["normal"], height: 1, weight: 1, abilities: [], stats: [], baseExperience: nil)
    }

    func testAnIdIsFoundWithGapsFormsAndRepeatsAsWithoutThem() {
        let catalog = Catalog([
            detail(1, "one"), detail(2, "two"), detail(4, "four"), detail(4, "four again"), detail(7, "seven"),
            detail(10_001, "a form"),
        ])
        XCTAssertEqual(catalog.detail(id: 1)?.name, "one")
        XCTAssertEqual(catalog.detail(id: 2)?.name, "two")
        XCTAssertNil(catalog.detail(id: 3))
        XCTAssertEqual(catalog.detail(id: 4)?.name, "four", "the first of a repeated id, as before")
        XCTAssertEqual(catalog.entry(id: 7)?.name, "seven")
        XCTAssertEqual(catalog.row(id: 10_001)?.name, "a form")
        XCTAssertNil(catalog.detail(id: 0))
        XCTAssertNil(catalog.detail(id: -1))
        XCTAssertNil(catalog.detail(id: 6))
        XCTAssertEqual(Catalog.embedded.detail(id: 151)?.id, 151)
        XCTAssertNil(Catalog.embedded.detail(id: 152))
    }
}
