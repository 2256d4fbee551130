@testable import PokedexServer
import PokedexModels
@testable import StateSync
import XCTest

final class RowJSONCacheTests: XCTestCase {
    let pikachu = Pokemon(id: 25, name: "pikachu", types: ["electric"])
    let raichu = Pokemon(id: 26, name: "raichu", types: ["electric"])

    func testARowIsBuiltOnceAndSharedByLaterLists() {
        let cache = RowJSONCache()
        let first = cache.json(for: [pikachu, raichu])
        let second = cache.json(for: [raichu])
        XCTAssertEqual(first, [ClientState.row(pikachu), ClientState.row(raichu)])
        guard case .object(let built) = first[1], case .object(let reused) = second[0] else {
            return XCTFail("rows are objects")
        }
        XCTAssertTrue(built.sharesStorage(with: reused), "the second list reuses the first one's row")
    }

    func testAPokemonWhoseDataChangedGetsItsNewRow() {
        let cache = RowJSONCache()
        _ = cache.json(for: [pikachu])
        var renamed = pikachu
        renamed.name = "pikachu-rock-star"
        XCTAssertEqual(cache.json(for: [renamed]), [ClientState.row(renamed)])
        XCTAssertEqual(cache.json(for: [renamed])[0]["name"], "pikachu-rock-star")
    }

    /// One Pokémon named in two languages has a row for each, both kept; other data under the
    /// same name takes that name's place; past its capacity the cache starts over.
    func testEachNameOfAPokemonKeepsItsOwnRowAndTheCacheStartsOverPastItsCapacity() {
        let cache = PokemonJSONCache<Pokemon>(capacity: 3)
        var builds = 0
        func row(_ pokemon: Pokemon) -> JSONValue {
            cache.json(for: [pokemon], pokemon: { ($0.id, $0.name) }) { builds += 1; return ClientState.row($0) }[0]
        }
        let spanish = Pokemon(id: 25, name: "pikachu-es", types: ["electric"])
        let english = row(pikachu), inSpanish = row(spanish)
        XCTAssertEqual(builds, 2)
        XCTAssertEqual(row(pikachu).objectValue?.sharesStorage(with: english.objectValue!), true)
        XCTAssertEqual(row(spanish).objectValue?.sharesStorage(with: inSpanish.objectValue!), true)
        XCTAssertEqual(builds, 2)
        var otherTypes = spanish
        otherTypes.types = ["electric", "fairy"]
        XCTAssertEqual(row(otherTypes), ClientState.row(otherTypes))
        XCTAssertEqual(builds, 3)
        XCTAssertEqual(row(pikachu).objectValue?.sharesStorage(with: english.objectValue!), true, "the other name's row stays")
        XCTAssertEqual(builds, 3)
        _ = row(raichu)  // the third entry
        XCTAssertEqual(builds, 4)
        _ = row(Pokemon(id: 27, name: "sandshrew", types: ["ground"]))  // a fourth: the cache starts over
        XCTAssertEqual(builds, 5)
        XCTAssertEqual(row(pikachu), english)
        XCTAssertEqual(builds, 6, "built again after the cache started over")
    }
}
