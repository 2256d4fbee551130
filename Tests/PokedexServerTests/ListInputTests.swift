import Composable
@testable import PokedexFeatures
import PokedexModels
@testable import PokedexServer
import XCTest

/// A list's memo input (`ListInput`) keeps the list's fields one by one, not the list: it must
/// name every one of them, or a change of the one left out would reuse the stale list JSON.
final class ListInputTests: XCTestCase {
    func testKeepsEveryStoredPropertyOfTheListButItsRows() {
        let state = PokemonListFeature.State(favorites: Shared([]))
        let listFields = Mirror(reflecting: state).children.compactMap(\.label).filter { $0 != "rows" }
        let inputFields = Mirror(reflecting: ListInput(state)).children.compactMap(\.label)
            .filter { !["rowCount", "rowsRevision", "unnumberedRows"].contains($0) }
        // A property added to the list's state must be kept and compared here too.
        XCTAssertEqual(inputFields, listFields)
    }

    func testAChangeOfAnyFieldIsAnotherInput() {
        var state = PokemonListFeature.State(favorites: Shared([]))
        state.rows = IdentifiedArray([Pokemon(id: 1, name: "one", types: [])])
        let input = ListInput(state)
        XCTAssertTrue(input.isInput(of: state))
        let changes: [(inout PokemonListFeature.State) -> Void] = [
            { $0.loadState = .loading }, { $0.isLoadingMore = true }, { $0.loadMoreError = "no" }, { $0.search = "a" },
            { $0.typeFilter = "fire" }, { $0.favorites = Shared([1]) }, { $0.locale = .es },
            { $0.rows.append(contentsOf: [Pokemon(id: 2, name: "two", types: [])]) },
            { $0.rows = IdentifiedArray([Pokemon(id: 1, name: "one", types: [])]) },
            { $0.rows = IdentifiedArray() }, { $0.rows.remove(id: 1) },
        ]
        for (index, change) in changes.enumerated() {
            var changed = state
            change(&changed)
            XCTAssertFalse(input.isInput(of: changed), "change \(index)")
        }
    }
}
