import Composable
@testable import PokedexFeatures
import PokedexModels
@testable import PokedexServer
@testable import StateSync
import XCTest

/// The list's JSON is built a page at a time, and a page whose rows did not change is reused.
final class ListPagesTests: XCTestCase {
    let client = ClientState(row: { _, _ in nil }, publicURL: { "http://127.0.0.1" })

    func pokemon(_ ids: ClosedRange<Int>, suffix: String = "") -> [Pokemon] {
        ids.map { Pokemon(id: $0, name: "mon-\($0)\(suffix)", types: ["normal"]) }
    }

    func list(_ rows: [Pokemon]) -> PokemonListFeature.State {
        var state = PokemonListFeature.State(favorites: Shared([]))
        state.rows = IdentifiedArray(rows)
        return state
    }

    func pages(_ json: JSONValue) -> [JSONValue] {
        json["pages"]?.arrayValue ?? []
    }

    func testAPageMoreReusesThePagesBeforeIt() throws {
        var memo = ClientState.ListPages()
        let first = client.list(list(pokemon(1...20)), reusing: &memo)
        let second = client.list(list(pokemon(1...40)), reusing: &memo)

        var fresh = ClientState.ListPages()
        XCTAssertEqual(second, client.list(list(pokemon(1...40)), reusing: &fresh))
        XCTAssertEqual(pages(second).count, 2)
        guard case .array(let reused) = pages(second)[0], case .array(let original) = pages(first)[0] else {
            return XCTFail("pages are arrays")
        }
        XCTAssertTrue(reused.sharesStorage(with: original), "the first page is the one built before")
    }

    /// A list whose every page is reused (a flag changed) hands back the pages' array the
    /// memo holds, so the diff passes the pages by identity.
    func testAListOfTheSamePagesIsThePagesArrayBuiltBefore() throws {
        var state = list(pokemon(1...40))
        var memo = ClientState.ListPages()
        let first = client.list(state, reusing: &memo)
        state.isLoadingMore = true
        let second = client.list(state, reusing: &memo)

        XCTAssertNotEqual(first, second)
        XCTAssertTrue(pages(second).sharesStorage(with: pages(first)), "the same pages' array")
    }

    /// The same rows under their revision, with pages taken from a list's JSON built
    /// elsewhere: a flag's change hands back those pages as they are, what a fresh build gives.
    func testAFlagChangeHandsBackThePagesItWasGiven() throws {
        var state = list(pokemon(1...30))
        var elsewhere = ClientState.ListPages()
        let json = client.list(state, reusing: &elsewhere)
        var memo = ClientState.ListPages(of: state, json: json)
        state.isLoadingMore = true
        let flagged = client.list(state, reusing: &memo)

        XCTAssertTrue(pages(flagged).sharesStorage(with: pages(json)), "the pages' array it was given")
        var fresh = ClientState.ListPages()
        XCTAssertEqual(flagged, client.list(state, reusing: &fresh))
        XCTAssertEqual(memo.rowCount, 30)
        XCTAssertEqual(memo.revision, state.rows.revision)
    }

    func testChangedRowsGetTheirOwnPages() throws {
        var memo = ClientState.ListPages()
        _ = client.list(list(pokemon(1...40)), reusing: &memo)
        let renamed = client.list(list(pokemon(1...20) + pokemon(21...40, suffix: "-x")), reusing: &memo)
        let shorter = client.list(list(pokemon(1...5)), reusing: &memo)

        var fresh = ClientState.ListPages()
        XCTAssertEqual(renamed, client.list(list(pokemon(1...20) + pokemon(21...40, suffix: "-x")), reusing: &fresh))
        XCTAssertEqual(pages(renamed)[1].arrayValue?.first?["name"], "mon-21-x")
        XCTAssertEqual(pages(shorter).count, 1)
        XCTAssertEqual(pages(shorter)[0].arrayValue?.count, 5)
    }

    /// Rows appended to those the pages were built from reuse every full page before them
    /// (told by the rows' revision, not by comparing them), and give what a fresh build gives.
    func testAppendedRowsReuseThePagesOfTheRowsTheyWereAppendedTo() throws {
        var state = list(pokemon(1...30))
        var memo = ClientState.ListPages()
        let first = client.list(state, reusing: &memo)
        state.rows.append(contentsOf: pokemon(31...50))
        let second = client.list(state, reusing: &memo)

        var fresh = ClientState.ListPages()
        XCTAssertEqual(second, client.list(state, reusing: &fresh))
        XCTAssertEqual(pages(second).map { $0.arrayValue?.count }, [20, 20, 10])
        let reused = try XCTUnwrap(pages(second)[0].arrayValue), original = try XCTUnwrap(pages(first)[0].arrayValue)
        XCTAssertTrue(reused.sharesStorage(with: original), "the full page before the new rows is the one built before")
        XCTAssertEqual(pages(second)[1].arrayValue?.first?["id"], 21, "the page the new rows completed is built again")
    }

    /// Pages taken from a list's JSON built elsewhere (another session's equal list) are
    /// those a page more then reuses.
    func testPagesOfAListsJSONAreReusedByTheNextPageMore() throws {
        var state = list(pokemon(1...20))
        var elsewhere = ClientState.ListPages()
        let json = client.list(state, reusing: &elsewhere)
        var memo = ClientState.ListPages(of: state, json: json)
        state.rows.append(contentsOf: pokemon(21...40))
        let more = client.list(state, reusing: &memo)
        let reused = try XCTUnwrap(pages(more)[0].arrayValue), original = try XCTUnwrap(pages(json)[0].arrayValue)
        XCTAssertTrue(reused.sharesStorage(with: original))
        var fresh = ClientState.ListPages()
        XCTAssertEqual(more, client.list(state, reusing: &fresh))
    }
}
