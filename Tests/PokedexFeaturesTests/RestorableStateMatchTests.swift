import Composable
import PokedexFeatures
import PokedexModels
import XCTest

/// `RestorableState.matches` (the saver's check that a screen did not change, made in place)
/// says what comparing with a built `restorable` says, field by field.
final class RestorableStateMatchTests: XCTestCase {
    func testMatchingInPlaceAgreesWithComparingTheBuiltScreen() {
        let lists = Shared([
            ListSummary(list: InMemoryFavorites.personal, role: .owner), ListSummary(list: InMemoryFavorites.cerulean, role: .editor),
        ])
        let account = Account(me: InMemoryFavorites.ash, lists: lists, activeListID: InMemoryFavorites.personal.id)
        let screens = [
            RestorableState(route: "/", activeListID: "ash-list"),
            RestorableState(route: "/pokemon/4", activeListID: "ash-list"),
            RestorableState(route: "/", search: "char", activeListID: "ash-list"),
            RestorableState(route: "/", typeFilter: "fire", activeListID: "ash-list"),
            RestorableState(route: "/", activeListID: "cerulean"),
            RestorableState(route: "/", activeListID: "ash-list", locale: .es),
            RestorableState(route: "/favorites", activeListID: "ash-list"),
            RestorableState(route: "/favorites", activeListID: "ash-list", favoritesSort: .name),
        ]
        let states = screens.map { screen in
            AppFeature.State(restoring: screen, account: account) { _ in Shared([]) }
        }
        for (screen, state) in zip(screens, states) { XCTAssertEqual(state.restorable, screen, "restored as saved") }
        for saved in screens {
            for state in states {
                XCTAssertEqual(saved.matches(state, route: state.route), saved == state.restorable, "\(saved) against \(state.restorable)")
            }
        }
    }
}
