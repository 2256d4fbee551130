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
}
