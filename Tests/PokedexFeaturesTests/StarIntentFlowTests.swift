import Composable
import ComposableTesting
import FavoritesClient
import PokedexFeatures
import PokedexModels
import XCTest

/// Stars as intents on every screen, the Favorites view's activity and order, and undo.
@MainActor
final class StarIntentFlowTests: XCTestCase {
    let accounts = InMemoryFavorites()

    func makeStore(route: String = "/") -> TestStore<AppFeature> { accounts.store(route: route) }

    func view(_ listID: String, sort: FavoritesSort = .number) -> FavoritesFeature.State {
        modify(FavoritesFeature.State(listID: listID)) {
            $0.roster = self.accounts.rostersByList[listID]
            $0.activity = self.accounts.activityByList[listID]
            $0.sort = sort
        }
    }

    func testAnIntentIsSentAsItIsWhateverTheStarShows() async {
        let store = makeStore()
        // Unsetting a star that is not set is still an unset: never turned into a set.
        await store.send(.favoriteSet(listID: "ash-list", id: 3, on: false))
        await store.finish()
        await store.send(.favoriteSet(listID: "ash-list", id: 3, on: true))
        await store.finish()
        XCTAssertTrue(store.state.favorites.wrappedValue.contains(3))
        XCTAssertEqual(accounts.calls.withLock { $0 }, ["unset 3 in ash-list", "set 3 in ash-list"])
    }

    func testATypeCardsStarIsTheSameRootAction() async {
        let store = makeStore(route: "/pokemon/1/type/grass")
        store.exhaustivity = .off
        await store.send(.onAppear)
        store.skipReceivedActions()
        store.exhaustivity = .on
        await store.send(.favoriteSet(listID: "ash-list", id: 2, on: true))
        await store.finish()
        XCTAssertTrue(store.state.favorites.wrappedValue.contains(2))
        XCTAssertEqual(accounts.favoritesByList["ash-list"]!.wrappedValue, [2])
    }

    func testTheFavoritesViewHoldsTheActivityAndUnstarsAFavorite() async {
        let store = makeStore()
        accounts.favoritesByList["ash-list"]!.withLock { $0 = [25] }
        await store.send(.favoritesTapped) { $0.destination = .favorites(FavoritesFeature.State(listID: "ash-list")) }
        await store.receive(.destination(.presented(.favorites(.onAppear)))) {
            $0.destination = .favorites(self.view("ash-list"))
        }
        XCTAssertEqual(store.state.shownActivity, ListActivity())
        await store.send(.favoriteSet(listID: "ash-list", id: 25, on: false))
        await store.finish()
        XCTAssertFalse(store.state.favorites.wrappedValue.contains(25))
        XCTAssertEqual(accounts.calls.withLock { $0 }, ["unset 25 in ash-list"])
    }

    /// Issue 33, (1): a detail's star replayed after the detail was closed (the server was away
    /// meanwhile) still stars the Pokémon it was made for.
    func testAStarMadeInADetailLandsOnItsPokemonAfterTheDetailClosed() async {
        let store = makeStore(route: "/pokemon/25")
        store.exhaustivity = .off
        await store.send(.onAppear)
        store.skipReceivedActions()
        await store.send(.destination(.dismiss))
        store.skipReceivedActions()
        store.exhaustivity = .on
        XCTAssertNil(store.state.destination)
        await store.send(.favoriteSet(listID: "ash-list", id: 25, on: true))
        await store.finish()
        XCTAssertTrue(store.state.favorites.wrappedValue.contains(25))
        XCTAssertEqual(accounts.calls.withLock { $0 }, ["set 25 in ash-list"])
    }

    /// Issue 33, (2): a star made in Bulbasaur's detail, replayed after a link led on to
    /// Charmander's, stars Bulbasaur, not whatever detail is shown.
    func testAStarMadeInADetailLandsOnItsPokemonAfterNavigatingToAnother() async {
        let store = makeStore(route: "/pokemon/1")
        store.exhaustivity = .off
        await store.send(.onAppear)
        store.skipReceivedActions()
        await store.send(.navigate(route: "/pokemon/4"))
        store.skipReceivedActions()
        store.exhaustivity = .on
        XCTAssertEqual(store.state.route, "/pokemon/4")
        await store.send(.favoriteSet(listID: "ash-list", id: 1, on: true))
        await store.finish()
        XCTAssertTrue(store.state.favorites.wrappedValue.contains(1))
        XCTAssertEqual(accounts.favoritesByList["ash-list"]!.wrappedValue, [1])
        XCTAssertEqual(accounts.calls.withLock { $0 }, ["set 1 in ash-list"])
    }

    /// A star names its list: replayed after the user made another list active, it still goes
    /// to the list it was made for, and the stars on screen (the active list's) do not move.
    func testAStarGoesToTheListItNamesWhicheverIsActive() async {
        let store = makeStore(route: "/join/join-me")
        store.exhaustivity = .off
        await store.send(.onAppear)
        await store.receive(.joined(InMemoryFavorites.cerulean))
        store.skipReceivedActions()
        store.exhaustivity = .on
        XCTAssertEqual(store.state.account.activeListID, "cerulean")
        await store.send(.favoriteSet(listID: "ash-list", id: 3, on: true))
        await store.finish()
        XCTAssertEqual(accounts.favoritesByList["ash-list"]!.wrappedValue, [3])
        XCTAssertEqual(store.state.favorites.wrappedValue, [1, 7], "the active list's stars, unchanged")
        XCTAssertEqual(accounts.calls.withLock { $0 }, ["set 3 in ash-list"])
    }

    func testTheOrderIsStateAndSurvivesARestore() async {
        let store = makeStore(route: "/favorites")
        await store.send(.destination(.presented(.favorites(.onAppear)))) { $0.destination = .favorites(self.view("ash-list")) }
        await store.send(.destination(.presented(.favorites(.sortChanged(.added))))) {
            $0.destination = .favorites(self.view("ash-list", sort: .added))
        }
        XCTAssertEqual(store.state.shownFavoritesSort, .added)
        let saved = store.state.restorable
        XCTAssertEqual(saved.favoritesSort, .added)
        let restored = AppFeature.State(restoring: saved, account: accounts.account) { self.accounts.favoritesByList[$0]! }
        XCTAssertEqual(restored.shownFavoritesSort, .added)
    }

    func testUndoWalksBackMyStarsThenSaysThereIsNothingLeft() async {
        let store = makeStore()
        await store.send(.favoriteSet(listID: "ash-list", id: 1, on: true))
        await store.finish()
        XCTAssertTrue(store.state.favorites.wrappedValue.contains(1))
        await store.send(.favoriteSet(listID: "ash-list", id: 4, on: true))
        await store.finish()
        XCTAssertTrue(store.state.favorites.wrappedValue.contains(4))

        await store.send(.undo)
        await store.receive(.undone(UndoneStar(eventID: 2, pokemonID: 4, isFavorite: false))) {
            $0.favorites.withLock { _ = $0.remove(4) }
        }
        await store.send(.undo)
        await store.receive(.undone(UndoneStar(eventID: 1, pokemonID: 1, isFavorite: false))) {
            $0.favorites.withLock { _ = $0.remove(1) }
        }
        await store.send(.undo)
        await store.receive(.undone(nil)) { $0.notice = "There is nothing of yours to undo in this list." }
        XCTAssertEqual(accounts.calls.withLock { $0 }, ["set 1 in ash-list", "set 4 in ash-list", "undo in ash-list", "undo in ash-list", "undo in ash-list"])
    }
}
