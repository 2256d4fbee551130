import Foundation
import PokeAPI
import PokedexModels
import XCTest

/// The real PokeAPI CSV dump in ../shared when present (never copied into the repo): the names
/// and genera of the whole dex in both languages, and the embedded catalog agreeing with it.
/// `CSVCatalogTests` runs the same loader over a small fixture of our own every time.
final class RealDumpTests: XCTestCase {
    private static let catalog: Result<Catalog, Error>? = {
        // `../shared` beside the checkout, as the benchmarks find it; POKEDEX_SHARED overrides.
        let checkout = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let shared = ProcessInfo.processInfo.environment["POKEDEX_SHARED"] ?? checkout.path + "/../shared"
        let directory = shared + "/pokeapi/csv"
        guard FileManager.default.fileExists(atPath: directory + "/pokemon_species_names.csv") else { return nil }
        return Result { try Catalog.load(csvDirectory: directory) }
    }()

    private func dump() throws -> Catalog {
        guard let catalog = Self.catalog else { throw XCTSkip("no PokeAPI CSV dump in ../shared/pokeapi/csv") }
        return try catalog.get()
    }

    func testEveryPokemonHasItsDisplayNameAndGenusInBothLanguages() throws {
        let catalog = try dump()
        XCTAssertEqual(catalog.entries.count, 1025)
        XCTAssertEqual(catalog.entries.filter { catalog.text.names[$0.id] == nil }.map(\.id), [])
        let names = [29, 32, 83, 122, 250, 772, 669].map { catalog.row(id: $0)?.name }
        XCTAssertEqual(names, ["Nidoran♀", "Nidoran♂", "Farfetch’d", "Mr. Mime", "Ho-Oh", "Type: Null", "Flabébé"])
        XCTAssertEqual(catalog.detail(id: 1, locale: .es)?.genus, "Pokémon Semilla")
        XCTAssertEqual(catalog.detail(id: 25, locale: .es)?.abilities.map(\.name), ["Electricidad Estática", "Pararrayos"])
        XCTAssertEqual(catalog.text.types["fairy"], LocalizedText(en: "Fairy", es: "Hada"))
    }

    func testSearchOverTheWholeDex() throws {
        let catalog = try dump()
        func names(_ search: String) -> [String] { catalog.matching(PokemonQuery(search: search)).map(\.name) }
        XCTAssertEqual(names("type null"), ["Type: Null"])
        XCTAssertEqual(names("ho oh"), ["Ho-Oh"])
        XCTAssertEqual(names("flabebe"), ["Flabébé"])
        XCTAssertEqual(names("#1025"), ["Pecharunt"])
    }

    func testTheEmbeddedCatalogAgreesWithTheDump() throws {
        // Read first: a skip thrown inside XCTAssertEqual's argument counts as a failure.
        let dump = try dump()
        XCTAssertEqual(Catalog.embedded.mismatches(against: dump), [])
    }
}
