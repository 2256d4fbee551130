import Composable
@testable import PokedexFeatures
@testable import PokedexServer
import PokedexModels
@testable import StateSync
import XCTest

/// A list's pages are shared by every session showing the same rows, one storage each.
final class PageJSONCacheTests: XCTestCase {
    func pokemon(_ ids: ClosedRange<Int>, suffix: String = "") -> [Pokemon] {
        ids.map { Pokemon(id: $0, name: "mon-\($0)\(suffix)", types: ["normal"]) }
    }

    func storage(_ page: JSONValue) -> [JSONValue]? { page.arrayValue }

    func testEqualRowsGiveTheSamePageAndOthersTheirOwn() throws {
        let rows = RowJSONCache()
        let cache = PageJSONCache(rows: rows, capacity: 3)
        let first = cache.json(for: pokemon(1...20)[...])
        XCTAssertEqual(first, .array(rows.json(for: pokemon(1...20)[...])))
        let again = try XCTUnwrap(storage(cache.json(for: pokemon(1...20)[...])))
        XCTAssertTrue(again.sharesStorage(with: try XCTUnwrap(storage(first))), "equal rows, the page built before")
        // Led by the same Pokémon: rows renamed (another language), or fewer of them.
        let renamed = cache.json(for: pokemon(1...20, suffix: "-es")[...])
        XCTAssertEqual(renamed.arrayValue?.first?["name"], "mon-1-es")
        XCTAssertEqual(cache.json(for: pokemon(1...5)[...]).arrayValue?.count, 5)
        let kept = try XCTUnwrap(storage(cache.json(for: pokemon(1...20)[...])))
        XCTAssertTrue(kept.sharesStorage(with: try XCTUnwrap(storage(first))), "each page of the same first row is kept")
        // Past its capacity the cache starts over: an equal page, built again.
        _ = cache.json(for: pokemon(21...40)[...])
        let rebuilt = cache.json(for: pokemon(1...20)[...])
        XCTAssertEqual(rebuilt, first)
        XCTAssertFalse(try XCTUnwrap(storage(rebuilt)).sharesStorage(with: try XCTUnwrap(storage(first))))
        XCTAssertEqual(cache.json(for: []), [])
    }

    /// Pages dropped when the cache starts over are forgotten by the encodings' memo too:
    /// searches make pages without bound, and they would fill the memo shared with rows and
    /// details until it started over.
    func testPagesDroppedAreForgottenByTheMemo() {
        let encodings = EncodedJSONMemo()
        let cache = PageJSONCache(rows: RowJSONCache(), encodings: encodings, capacity: 2)
        for start in stride(from: 1, through: 200, by: 20) { _ = cache.json(for: pokemon(start...(start + 19))[...]) }
        XCTAssertEqual(encodings.count, 2, "the pages kept, no more")
    }

    /// Two sessions' lists of the same rows (rows of their own, another revision each) show
    /// the same pages' storage; a page more is the page the other session was given.
    func testListsOfTwoSessionsShareTheirPages() throws {
        let client = ClientState(row: { _, _ in nil }, publicURL: { "http://127.0.0.1" })
        func list(_ rows: [Pokemon]) -> PokemonListFeature.State {
            var state = PokemonListFeature.State(favorites: Shared([]))
            state.rows = IdentifiedArray(rows)
            return state
        }
        var one = ClientState.ListPages(), other = ClientState.ListPages()
        let scrolled = client.list(list(pokemon(1...40)), reusing: &one)
        var state = list(pokemon(1...20))
        _ = client.list(state, reusing: &other)
        state.rows.append(contentsOf: pokemon(21...40))
        let more = client.list(state, reusing: &other)
        XCTAssertEqual(more, scrolled)
        for index in 0..<2 {
            let mine = try XCTUnwrap(more["pages"]?.arrayValue?[index].arrayValue)
            let theirs = try XCTUnwrap(scrolled["pages"]?.arrayValue?[index].arrayValue)
            XCTAssertTrue(mine.sharesStorage(with: theirs), "page \(index)")
        }
    }
}
