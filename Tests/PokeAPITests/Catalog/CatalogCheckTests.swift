import PokeAPI
import PokedexModels
import XCTest

final class CatalogCheckTests: XCTestCase {
    private func embeddedFirstTwo() -> Catalog { Catalog.embedded.prefix(2) }

    /// The fixture states bulbasaur as the embedded catalog does, so only planted errors show.
    private func reference(replacing overrides: [String: String] = [:]) throws -> Catalog {
        let directory = try TemporaryDirectory()
        try CSVDumpFixture.write(to: directory, replacing: overrides)
        return try Catalog.load(csvDirectory: directory.path)
    }

    func testFindsEachFactThatDiffers() throws {
        let reference = try reference()
        let mismatches = embeddedFirstTwo().mismatches(against: reference)
        // The fixture's ivysaur has no base experience and an invented genus.
        XCTAssertEqual(mismatches.count, 2, "\(mismatches)")
        XCTAssertTrue(mismatches.allSatisfy { $0.hasPrefix("#2 ivysaur: ") }, "\(mismatches)")
        XCTAssertTrue(mismatches.contains { $0.contains("base experience is 142, reference says none") }, "\(mismatches)")

        let heavier = try self.reference(replacing: ["pokemon.csv": """
            id,identifier,species_id,height,weight,base_experience,order,is_default
            1,bulbasaur,1,7,70,64,1,1

            """])
        XCTAssertEqual(Catalog.embedded.prefix(1).mismatches(against: heavier), [
            "#1 bulbasaur: weight is 69, reference says 70",
        ])
    }

    func testAnEntryMissingOnEitherSideIsAMismatch() throws {
        let reference = try reference()
        XCTAssertEqual(Catalog(Array(embeddedFirstTwo().entries.dropFirst())).mismatches(against: reference).first,
                       "#1 bulbasaur: missing from the catalog")
        XCTAssertTrue(Catalog.embedded.prefix(3).mismatches(against: reference).contains("#3 venusaur: not in the reference"))
    }
}
