import PokeAPI
import PokedexModels
import XCTest

/// The unfiltered list's pages the catalog makes once (`Catalog.Storage.pages`) are the rows a
/// page read from the whole list has, in every language, up to the last partial page.
final class CatalogPagesTests: XCTestCase {
    func testEveryPageOfTheWholeListIsItsRowsInEachLanguage() {
        let catalog = Catalog.embedded
        for locale in [AppLocale.en, .es] {
            let query = PokemonQuery(locale: locale)
            let all = catalog.matching(query)
            XCTAssertEqual(all.count, 151)
            for offset in stride(from: 0, through: all.count + PokemonPage.rowCount, by: PokemonPage.rowCount) {
                let page = catalog.page(query, limit: PokemonPage.rowCount, offset: offset)
                let expected = offset < all.count ? Array(all[offset..<min(all.count, offset + PokemonPage.rowCount)]) : []
                XCTAssertEqual(page, PokemonPage(pokemon: expected, totalCount: all.count), "\(locale) offset \(offset)")
            }
        }
        XCTAssertEqual(catalog.page(PokemonQuery(), limit: PokemonPage.rowCount, offset: 140).pokemon.map(\.id), Array(141...151))
        XCTAssertEqual(catalog.page(PokemonQuery(locale: .es), limit: 2, offset: 0).pokemon.map(\.name), ["Bulbasaur", "Ivysaur"])
        XCTAssertEqual(catalog.page(PokemonQuery(), limit: PokemonPage.rowCount, offset: 5).pokemon.map(\.id), Array(6...25))
        XCTAssertEqual(catalog.page(PokemonQuery(), limit: PokemonPage.rowCount, offset: -20).pokemon, [])
    }

    func testAPageIsHandedOutAsTheSameRowsEveryTime() {
        let first = Catalog.embedded.page(PokemonQuery(), limit: PokemonPage.rowCount, offset: 40).pokemon
        let again = Catalog.embedded.page(PokemonQuery(), limit: PokemonPage.rowCount, offset: 40).pokemon
        first.withUnsafeBufferPointer { first in
            again.withUnsafeBufferPointer { again in XCTAssertEqual(first.baseAddress, again.baseAddress) }
        }
    }
}
