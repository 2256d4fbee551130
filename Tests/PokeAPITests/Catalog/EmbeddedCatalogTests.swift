import PokeAPI
import PokedexModels
import PokemonClient
import XCTest

final class EmbeddedCatalogTests: XCTestCase {
    func testHoldsTheFirst151WithEveryField() {
        let entries = Catalog.embedded.entries
        XCTAssertEqual(entries.map(\.id), Array(1...151))
        for entry in entries {
            XCTAssertFalse(entry.name.isEmpty)
            XCTAssertTrue((1...2).contains(entry.types.count), "#\(entry.id) types")
            XCTAssertTrue(entry.types.allSatisfy(PokemonTypes.all.contains), "#\(entry.id) types")
            XCTAssertEqual(entry.stats.map(\.name), ["hp", "attack", "defense", "special-attack", "special-defense", "speed"])
            XCTAssertFalse(entry.abilities.isEmpty, "#\(entry.id) abilities")
            XCTAssertEqual(entry.abilities.map(\.slot), entry.abilities.map(\.slot).sorted())
            XCTAssertNotNil(entry.baseExperience)
            XCTAssertNotNil(entry.genus)
            XCTAssertEqual(entry.spriteURL, SpriteURL.pokeAPI(id: entry.id))
        }
        let pikachu = Catalog.embedded.detail(id: 25)
        XCTAssertEqual(pikachu?.name, "pikachu")
        XCTAssertEqual(pikachu?.genus, "Mouse Pokémon")
        XCTAssertEqual(pikachu?.abilities.last, .init(name: "lightning-rod", isHidden: true, slot: 3))
    }

    func testFetchListSearchesIgnoringCaseFiltersByTypeAndPaginates() async throws {
        let client = PokemonClient.embeddedCatalog
        let all = Catalog.embedded.entries

        let firstPage = try await client.fetchList(PokemonQuery(), 20, 0)
        XCTAssertEqual(firstPage.pokemon.map(\.id), Array(1...20))
        XCTAssertEqual(firstPage.totalCount, 151)
        XCTAssertEqual(firstPage.pokemon[0], all[0].pokemon)

        let search = try await client.fetchList(PokemonQuery(search: "SaUr"), 20, 0)
        XCTAssertEqual(search.pokemon.map(\.name), ["bulbasaur", "ivysaur", "venusaur"])
        XCTAssertEqual(search.totalCount, 3)

        let fire = all.filter { $0.types.contains("fire") }.map(\.pokemon)
        let secondFirePage = try await client.fetchList(PokemonQuery(type: "fire"), 5, 5)
        XCTAssertEqual(secondFirePage.pokemon, Array(fire[5..<10]))
        XCTAssertEqual(secondFirePage.totalCount, fire.count)

        let both = try await client.fetchList(PokemonQuery(search: "char", type: "flying"), 20, 0)
        XCTAssertEqual(both.pokemon.map(\.name), ["charizard"])

        let pastTheEnd = try await client.fetchList(PokemonQuery(), 20, 160)
        XCTAssertEqual(pastTheEnd, PokemonPage(pokemon: [], totalCount: 151))
    }

    func testFetchTypeDetailAndUnknownIDs() async throws {
        let client = PokemonClient.embeddedCatalog
        let grass = try await client.fetchType("grass")
        XCTAssertEqual(grass.map(\.id), grass.map(\.id).sorted())
        XCTAssertEqual(grass.count, Catalog.embedded.entries.filter { $0.types.contains("grass") }.count)
        XCTAssertTrue(grass.allSatisfy { $0.types.contains("grass") })

        let mewtwo = try await client.fetchDetail(150)
        XCTAssertEqual(mewtwo.name, "mewtwo")

        do {
            _ = try await client.fetchDetail(152)
            XCTFail("#152 is not in the embedded catalog")
        } catch {
            XCTAssertEqual(error as? PokemonClientError, .notFound("Pokémon #152"))
        }
    }
}
