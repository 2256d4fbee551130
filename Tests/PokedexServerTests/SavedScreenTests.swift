import Composable
@testable import PokedexFeatures
import PokedexModels
@testable import PokedexServer
import XCTest

/// A saved screen changed from a state (`SavedScreen.change(to:route:)`, which sets only the
/// fields that differ) holds exactly the state's restorable screen, whichever field changed.
final class SavedScreenTests: XCTestCase {
    func testAChangeFromAStateHoldsItsRestorableScreen() {
        let lists = Shared([
            ListSummary(list: FavoritesList(id: "l1", name: "Mine", ownerID: "u1"), role: .owner),
            ListSummary(list: FavoritesList(id: "l2", name: "Shared", ownerID: "u2"), role: .editor),
        ])
        var state = AppFeature.State(account: Account(me: User(id: "u1", displayName: "Ash"), lists: lists, activeListID: "l1"), favorites: Shared([]))
        let screen = SavedScreen(sessionID: "s1", userID: "u1", first: state.restorable(route: "/"), urgent: false)
        _ = screen.takeForWrite()

        XCTAssertEqual(screen.change(to: state, route: "/"), .none)
        let changes: [(String, (inout AppFeature.State) -> Void)] = [
            ("search", { $0.list.search = "pi" }),
            ("filter", { $0.list.typeFilter = "grass" }),
            ("locale", { $0.locale = .es }),
            ("filter cleared", { $0.list.typeFilter = nil }),
            ("sort", {
                var view = FavoritesFeature.State(listID: "l1")
                view.sort = .name
                $0.destination = .favorites(view)
            }),
            ("list", { $0.account.activeListID = "l2" }),
            ("search cleared", { $0.list.search = "" }),
        ]
        for (index, (name, change)) in changes.enumerated() {
            change(&state)
            let route = "/route/\(index)"
            let handing = screen.change(to: state, route: route)
            XCTAssertEqual(handing, .queue(urgent: name == "list"), name)
            XCTAssertEqual(screen.takeForWrite(), state.restorable(route: route), name)
        }
    }
}
