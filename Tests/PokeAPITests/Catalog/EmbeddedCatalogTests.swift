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
        XCTAssertEqual(Catalog.embedded.entry(id: 25)?.name, "pikachu", "entries keep PokeAPI's identifier")
        let pikachu = Catalog.embedded.detail(id: 25)
        XCTAssertEqual(pikachu?.name, "Pikachu")
        XCTAssertEqual(pikachu?.genus, "Mouse Pokémon")
        XCTAssertEqual(pikachu?.abilities.last, .init(name: "Lightning Rod", isHidden: true, slot: 3))
    }

    func testCarriesTheDisplayNamesAndGenusInEnglishAndSpanish() {
        let catalog = Catalog.embedded
        XCTAssertEqual(catalog.entries.filter { catalog.text.names[$0.id] == nil }.map(\.id), [], "every entry has names")
        XCTAssertEqual(catalog.entries.filter { catalog.text.genera[$0.id] == nil }.map(\.id), [], "every entry has a genus")
        let names = [29, 32, 83, 122].map { catalog.row(id: $0)?.name }
        XCTAssertEqual(names, ["Nidoran♀", "Nidoran♂", "Farfetch’d", "Mr. Mime"])

        let spanish = catalog.detail(id: 1, locale: .es)
        XCTAssertEqual(spanish?.name, "Bulbasaur")
        XCTAssertEqual(spanish?.genus, "Pokémon Semilla")
        XCTAssertEqual(spanish?.abilities.map(\.name), ["Espesura", "Clorofila"])
        XCTAssertEqual(catalog.text.types["grass"], LocalizedText(en: "Grass", es: "Planta"))
    }

    /// The catalog keeps the last query's matches: queries asked in turn (the same search with
    /// another type or language, another search) each get what a fresh catalog gives.
    func testQueriesInTurnGetTheirOwnMatches() {
        let catalog = Catalog.embedded
        let queries = [
            PokemonQuery(search: "pi"), PokemonQuery(search: "pi"), PokemonQuery(search: "pi", type: "electric"),
            PokemonQuery(search: "pi", locale: .es), PokemonQuery(search: "char"), PokemonQuery(type: "fire"),
            PokemonQuery(search: "pi"),
        ]
        for query in queries {
            let fresh = Catalog(Catalog.embedded.entries, text: Catalog.embedded.text)
            XCTAssertEqual(catalog.page(query, limit: 20, offset: 0), fresh.page(query, limit: 20, offset: 0), "\(query)")
            XCTAssertEqual(catalog.matching(query), fresh.matching(query), "\(query)")
        }
        XCTAssertTrue(catalog.page(PokemonQuery(search: "pi", type: "electric"), limit: 20, offset: 0).pokemon.map(\.id).contains(25))
    }

    func testSearchIgnoresCaseAccentsAndPunctuationInBothLanguagesAndFindsNumbers() async throws {
        let client = PokemonClient.embeddedCatalog
        func ids(_ search: String, _ locale: AppLocale = .en) async throws -> [Int] {
            try await client.fetchList(PokemonQuery(search: search, locale: locale), 20, 0).pokemon.map(\.id)
        }
        let mrMime = try await ids("mr mime")
        XCTAssertEqual(mrMime, [122])
        let mrMimeDotted = try await ids("MR. MIME")
        XCTAssertEqual(mrMimeDotted, [122])
        let farfetchd = try await ids("farfetchd")
        XCTAssertEqual(farfetchd, [83])
        let nidoran = try await ids("nidoran")
        XCTAssertEqual(nidoran, [29, 32])
        let number = try await ids("25")
        XCTAssertEqual(number, [25])
        let hashed = try await ids("#025")
        XCTAssertEqual(hashed, [25])
        let noSuchNumber = try await ids("#999")
        XCTAssertEqual(noSuchNumber, [])
        // Spanish-only names are found from either language; rows come named in the query's.
        let spanishName = try await client.fetchList(PokemonQuery(search: "Pokémon", locale: .es), 20, 0)
        XCTAssertEqual(spanishName.totalCount, 0, "genus is not a name")
    }

    func testFetchListSearchesIgnoringCaseFiltersByTypeAndPaginates() async throws {
        let client = PokemonClient.embeddedCatalog
        let all = Catalog.embedded.entries

        let firstPage = try await client.fetchList(PokemonQuery(), 20, 0)
        XCTAssertEqual(firstPage.pokemon.map(\.id), Array(1...20))
        XCTAssertEqual(firstPage.totalCount, 151)
        XCTAssertEqual(firstPage.pokemon[0], Pokemon(id: 1, name: "Bulbasaur", types: all[0].types, spriteURL: all[0].spriteURL))

        let search = try await client.fetchList(PokemonQuery(search: "SaUr"), 20, 0)
        XCTAssertEqual(search.pokemon.map(\.name), ["Bulbasaur", "Ivysaur", "Venusaur"])
        XCTAssertEqual(search.totalCount, 3)

        let fire = all.filter { $0.types.contains("fire") }.compactMap { Catalog.embedded.row(id: $0.id) }
        let secondFirePage = try await client.fetchList(PokemonQuery(type: "fire"), 5, 5)
        XCTAssertEqual(secondFirePage.pokemon, Array(fire[5..<10]))
        XCTAssertEqual(secondFirePage.totalCount, fire.count)

        let both = try await client.fetchList(PokemonQuery(search: "char", type: "flying"), 20, 0)
        XCTAssertEqual(both.pokemon.map(\.name), ["Charizard"])

        let pastTheEnd = try await client.fetchList(PokemonQuery(), 20, 160)
        XCTAssertEqual(pastTheEnd, PokemonPage(pokemon: [], totalCount: 151))
    }

    func testFetchTypeDetailAndUnknownIDs() async throws {
        let client = PokemonClient.embeddedCatalog
        let grass = try await client.fetchType("grass", .en)
        XCTAssertEqual(grass.map(\.id), grass.map(\.id).sorted())
        XCTAssertEqual(grass.count, Catalog.embedded.entries.filter { $0.types.contains("grass") }.count)
        XCTAssertTrue(grass.allSatisfy { $0.types.contains("grass") })

        let mewtwo = try await client.fetchDetail(150, .en)
        XCTAssertEqual(mewtwo.name, "Mewtwo")
        let spanishGrass = try await client.fetchType("grass", .es)
        XCTAssertEqual(spanishGrass.first?.name, "Bulbasaur")

        do {
            _ = try await client.fetchDetail(152, .en)
            XCTFail("#152 is not in the embedded catalog")
        } catch {
            XCTAssertEqual(error as? PokemonClientError, .notFound("Pokémon #152"))
        }
    }
}
