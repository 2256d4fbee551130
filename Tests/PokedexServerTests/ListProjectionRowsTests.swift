import Composable
@testable import PokedexFeatures
import PokedexModels
@testable import PokedexServer
@testable import StateSync
import XCTest

/// A session's projection remembers its list by the rows' revision, not the rows: the
/// reducer's next page more then appends in place instead of copying every row.
final class ListProjectionRowsTests: XCTestCase {
    let client = ClientState(row: { id, _ in Pokemon(id: id, name: "mon\(id)", types: ["normal"]) }, publicURL: { "http://127.0.0.1" })

    func makeState() -> AppFeature.State {
        AppFeature.State(
            account: Account(me: User(id: "u1", displayName: "Ash"), lists: Shared([]), activeListID: "l1"), favorites: Shared([]))
    }

    func pokemon(_ ids: ClosedRange<Int>, suffix: String = "") -> [Pokemon] {
        ids.map { Pokemon(id: $0, name: "mon\($0)\(suffix)", types: ["normal"]) }
    }

    func rowsAddress(_ state: AppFeature.State) -> UnsafeRawPointer? {
        state.list.rows.elements.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
    }

    func testAPageMoreAfterAProjectionAppendsInPlace() throws {
        var state = makeState()
        state.list.rows = IdentifiedArray(pokemon(1...20))
        state.list.loadState = .loaded(200)
        let projection = SessionProjection(client)
        // The first page is looked up among other sessions' lists (`listJSON`, which keeps
        // it); the pages more are built on the session's own pages.
        _ = projection.project(state)
        state.list.rows.append(contentsOf: pokemon(21...40))
        _ = projection.projectChanges(state)
        state.list.rows.append(contentsOf: pokemon(41...60))  // Room for 80 rows.
        _ = projection.projectChanges(state)

        let before = rowsAddress(state)
        state.list.rows.append(contentsOf: pokemon(61...80))
        XCTAssertEqual(rowsAddress(state), before, "the rows were copied: the projection kept a reference to them")

        let changes = projection.projectChanges(state)
        XCTAssertEqual(changes.parts.map(\.key), ["list"])
        XCTAssertEqual(changes.parts.first?.value, SessionProjection(client).project(state)["list"])
        state.list.rows.append(contentsOf: pokemon(81...100))
        XCTAssertEqual(projection.projectChanges(state).parts.first?.value, SessionProjection(client).project(state)["list"])
    }

    /// Rows changed other than by a build or an append have no revision: the memo keeps them
    /// and tells a change of a row from the same rows.
    func testRowsOfNoRevisionAreComparedWithTheOnesProjected() throws {
        var state = makeState()
        state.list.rows = IdentifiedArray(pokemon(1...25))
        let projection = SessionProjection(client)
        _ = projection.project(state)
        state.list.rows[id: 3] = Pokemon(id: 3, name: "renamed", types: ["normal"])
        XCTAssertEqual(state.list.rows.revision, 0)
        XCTAssertEqual(projection.projectChanges(state).parts.map(\.key), ["list"])
        XCTAssertEqual(projection.projectChanges(state).parts.map(\.key), [], "the same rows of no revision")
        state.list.rows[id: 3] = Pokemon(id: 3, name: "renamed again", types: ["normal"])
        let changes = projection.projectChanges(state)
        XCTAssertEqual(changes.parts.map(\.key), ["list"])
        XCTAssertEqual(changes.parts.first?.value, SessionProjection(client).project(state)["list"])
        XCTAssertEqual(changes.parts.first?.value["pages"]?[0]?[2]?["name"], "renamed again")
    }

    /// Equal rows of another revision (fetched again) give the pages the browser has: each
    /// full page is the one sent before.
    func testEqualRowsOfAnotherRevisionGiveThePagesSentBefore() throws {
        var state = makeState()
        state.list.rows = IdentifiedArray(pokemon(1...30))
        let projection = SessionProjection(client)
        let first = try XCTUnwrap(projection.project(state)["list"]?["pages"]?.arrayValue)
        state.list.rows = IdentifiedArray(pokemon(1...30))
        // Found unchanged (no part), or built again to the pages sent.
        guard let list = projection.projectChanges(state).parts.first(where: { $0.key == "list" })?.value else { return }
        let pages = try XCTUnwrap(list["pages"]?.arrayValue)
        XCTAssertEqual(pages, first)
        XCTAssertTrue(pages[0].arrayValue?.sharesStorage(with: first[0].arrayValue ?? []) == true)
    }
}
