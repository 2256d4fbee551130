import PokeAPI
import PokedexModels
import PokemonClient
import XCTest

final class CSVCatalogTests: XCTestCase {
    func testJoinsTheTablesIntoDefaultForms() throws {
        let directory = try TemporaryDirectory()
        try CSVDumpFixture.write(to: directory)
        let catalog = try Catalog.load(csvDirectory: directory.path)

        XCTAssertEqual(catalog.entries.map(\.id), [1, 2], "the alternate form 10033 is left out")
        let bulbasaur = try XCTUnwrap(catalog.entry(id: 1))
        XCTAssertEqual(bulbasaur.name, "bulbasaur")
        XCTAssertEqual(bulbasaur.types, ["grass", "poison"], "slot order, not file order")
        XCTAssertEqual(bulbasaur.height, 7)
        XCTAssertEqual(bulbasaur.weight, 69)
        XCTAssertEqual(bulbasaur.baseExperience, 64)
        XCTAssertEqual(bulbasaur.genus, "Seed Pokémon", "English, not the first language listed")
        XCTAssertEqual(bulbasaur.stats.map(\.name), ["hp", "attack", "defense", "special-attack", "special-defense", "speed"])
        XCTAssertEqual(bulbasaur.stats.map(\.base), [45, 49, 49, 65, 65, 45])
        XCTAssertEqual(bulbasaur.abilities, [
            .init(name: "overgrow", isHidden: false, slot: 1), .init(name: "chlorophyll", isHidden: true, slot: 3),
        ])
        XCTAssertEqual(bulbasaur.spriteURL, SpriteURL.pokeAPI(id: 1))

        let ivysaur = try XCTUnwrap(catalog.detail(id: 2))
        XCTAssertNil(ivysaur.baseExperience, "an empty field is no value")
        XCTAssertEqual(ivysaur.genus, "Seed, \"Big\" Pokémon")
    }

    func testNamesGenusAbilitiesAndTypesInEnglishAndSpanish() throws {
        let directory = try TemporaryDirectory()
        try CSVDumpFixture.write(to: directory)
        let catalog = try Catalog.load(csvDirectory: directory.path)

        let english = try XCTUnwrap(catalog.detail(id: 1, locale: .en))
        XCTAssertEqual(english.name, "Bulbasaur")
        XCTAssertEqual(english.genus, "Seed Pokémon")
        XCTAssertEqual(english.abilities.map(\.name), ["Overgrow", "Chlorophyll"])
        let spanish = try XCTUnwrap(catalog.detail(id: 1, locale: .es))
        XCTAssertEqual(spanish.genus, "Pokémon Semilla")
        XCTAssertEqual(spanish.abilities.map(\.name), ["Espesura", "Clorofila"])
        XCTAssertEqual(catalog.text.types["grass"], LocalizedText(en: "Grass", es: "Planta"))

        // A dump without the optional name tables still loads; abilities keep their identifier.
        try FileManager.default.removeItem(atPath: directory.path + "/ability_names.csv")
        let bare = try Catalog.load(csvDirectory: directory.path)
        XCTAssertEqual(bare.detail(id: 1, locale: .es)?.abilities.map(\.name), ["overgrow", "chlorophyll"])
    }

    func testAMissingFileOrUnknownReferenceIsAnError() throws {
        let directory = try TemporaryDirectory()
        try CSVDumpFixture.write(to: directory, replacing: ["pokemon_types.csv": "pokemon_id,type_id,slot\n1,99,1\n"])
        XCTAssertThrowsError(try Catalog.load(csvDirectory: directory.path)) { error in
            XCTAssertTrue("\(error)".contains("unknown type id 99"), "\(error)")
        }
        try FileManager.default.removeItem(atPath: directory.path + "/stats.csv")
        XCTAssertThrowsError(try Catalog.load(csvDirectory: directory.path)) { error in
            XCTAssertTrue("\(error)".contains("stats.csv"), "\(error)")
        }
    }

    func testTheCatalogClientAnswersFromTheCSVCatalog() async throws {
        let directory = try TemporaryDirectory()
        try CSVDumpFixture.write(to: directory)
        let client = PokemonClient.catalog(try Catalog.load(csvDirectory: directory.path))
        let page = try await client.fetchList(PokemonQuery(search: "IVY"), 20, 0)
        XCTAssertEqual(page.pokemon.map(\.name), ["Ivysaur"])
        XCTAssertEqual(page.totalCount, 1)
    }
}
