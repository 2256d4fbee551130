import Composable
import ComposableTesting
import PokedexFeatures
import PokedexModels
import PokemonClient
import XCTest

/// The seeds' flows: open a detail, dismiss it, cancel its request, share the star.
@MainActor
final class AppFeatureTests: XCTestCase {
    let clock = TestClock()
    let accounts = InMemoryFavorites()

    func makeStore(_ state: AppFeature.State? = nil, slow: Bool = false) -> TestStore<AppFeature> {
        let favorites = accounts.favoritesByList[InMemoryFavorites.personal.id]!
        return TestStore(initialState: state ?? AppFeature.State(account: accounts.account, favorites: favorites), reducer: AppFeature()) {
            $0.favoritesClient = self.accounts.client
            $0.pokemonClient = Fixtures.client(clock: slow ? TestClockLike(clock: self.clock) : nil)
            $0.clock = self.clock
        }
    }

    func detail(_ id: Int, in store: TestStore<AppFeature>) -> PokemonDetailFeature.State {
        PokemonDetailFeature.State(pokemon: Fixtures.dex[id - 1], favorites: store.state.favorites)
    }

    func testTappingARowOpensExactlyThatDetailAndDismissClearsIt() async {
        let store = makeStore()
        let pikachu = Fixtures.dex[24]
        await store.send(.list(.rowTapped(pikachu))) {
            $0.destination = .detail(self.detail(25, in: store))
        }
        await store.receive(.destination(.presented(.detail(.onAppear)))) {
            $0.destination = .detail(modify(self.detail(25, in: store)) { $0.detail = .loading })
        }
        await store.receive(.destination(.presented(.detail(.detailLoaded(Fixtures.detail(25)))))) {
            $0.destination = .detail(modify(self.detail(25, in: store)) { $0.detail = .loaded(Fixtures.detail(25)) })
        }
        XCTAssertEqual(store.state.route, "/pokemon/25")
        await store.send(.destination(.dismiss)) { $0.destination = nil }
        XCTAssertEqual(store.state.route, "/")
    }

    func testDismissingWhileTheDetailLoadsCancelsTheRequest() async {
        let store = makeStore(slow: true)
        await store.send(.list(.rowTapped(Fixtures.dex[0]))) { $0.destination = .detail(self.detail(1, in: store)) }
        await store.receive(.destination(.presented(.detail(.onAppear)))) {
            $0.destination = .detail(modify(self.detail(1, in: store)) { $0.detail = .loading })
        }
        await store.send(.destination(.dismiss)) { $0.destination = nil }
        await clock.advance(by: .seconds(1))
        // detailLoaded never arrives: the exhaustive store would fail on it.
        await store.finish()
    }

    func testCloseButtonDismissesThroughTheDependency() async {
        let store = makeStore()
        await store.send(.list(.rowTapped(Fixtures.dex[0]))) { $0.destination = .detail(self.detail(1, in: store)) }
        store.exhaustivity = .off
        await store.receive(.destination(.presented(.detail(.detailLoaded(Fixtures.detail(1))))))
        store.exhaustivity = .on
        await store.send(.destination(.presented(.detail(.closeTapped))))
        await store.receive(.destination(.dismiss)) { $0.destination = nil }
    }

    func testAStarSetInTheDetailShowsInTheListState() async {
        let store = makeStore()
        store.exhaustivity = .off
        await store.send(.list(.rowTapped(Fixtures.dex[6])))
        // Let the detail finish loading, so nothing arrives after the store turns exhaustive.
        await store.receive(.destination(.presented(.detail(.detailLoaded(Fixtures.detail(7))))))
        store.exhaustivity = .on
        // The star is an intent: the state changes when the commit comes back, and the change
        // is asserted with the action the effect then sends.
        await store.send(.favoriteSet(listID: "ash-list", id: 7, on: true))
        await store.finish()
        XCTAssertTrue(store.state.favorites.wrappedValue.contains(7))
        XCTAssertEqual(store.state.list.favorites.wrappedValue, [7])
        XCTAssertTrue(store.state.list.favorites == store.state.favorites)
    }

    func testDrillingIntoATypeAndBackIntoADetailStacksScreens() async {
        let store = makeStore()
        store.exhaustivity = .off
        await store.send(.list(.rowTapped(Fixtures.dex[4])))
        await store.send(.destination(.presented(.detail(.typeTapped("grass")))))
        await store.receive(.destination(.presented(.detail(.delegate(.showType("grass"))))))
        XCTAssertEqual(store.state.route, "/pokemon/5/type/grass")
        let typeID = store.state.path.ids[0]
        await store.receive(.path(.element(id: typeID, action: .type(.membersLoaded(Fixtures.dex.filter { $0.types == ["grass"] })))))
        await store.send(.path(.element(id: typeID, action: .type(.rowTapped(Fixtures.dex[9])))))
        await store.receive(.path(.element(id: typeID, action: .type(.delegate(.showPokemon(Fixtures.dex[9]))))))
        XCTAssertEqual(store.state.route, "/pokemon/5/type/grass/pokemon/10")
        await store.send(.path(.popFrom(id: typeID)))
        XCTAssertEqual(store.state.route, "/pokemon/5")
        store.skipReceivedActions()
    }
}

/// A modified copy of a value.
func modify<T>(_ value: T, _ change: (inout T) -> Void) -> T {
    var copy = value
    change(&copy)
    return copy
}
