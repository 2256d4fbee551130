@testable import PokedexServer
@testable import StateSync
import XCTest

final class FavoritesJSONCacheTests: XCTestCase {
    func testEverySessionAskingForTheSameSetSharesOneValue() throws {
        let cache = FavoritesJSONCache()
        let stars: Set<Int> = [1, 4, 7]
        let first = cache.json(for: stars)
        let second = cache.json(for: stars)
        let rebuiltElsewhere = cache.json(for: Set([7, 4, 1]))
        XCTAssertEqual(first, ClientState.favorites(stars))
        guard case .object(let built) = first, case .object(let again) = second, case .object(let equal) = rebuiltElsewhere else {
            return XCTFail("favorites are an object")
        }
        XCTAssertTrue(built.sharesStorage(with: again))
        XCTAssertTrue(built.sharesStorage(with: equal), "an equal set from other storage is found too")
    }

    func testAChangedSetGetsItsOwnValueAndAnOlderOneIsStillKept() throws {
        let cache = FavoritesJSONCache()
        let older = cache.json(for: [25])
        // More sets than the recent ones compared first: the oldest is then found in the table.
        for id in 100..<(100 + FavoritesJSONCache.recentCount) { _ = cache.json(for: [25, id]) }
        XCTAssertEqual(cache.json(for: [25, 100]), ClientState.favorites([25, 100]))
        guard case .object(let kept) = cache.json(for: [25]), case .object(let original) = older else {
            return XCTFail("favorites are an object")
        }
        XCTAssertTrue(kept.sharesStorage(with: original))
    }
}
