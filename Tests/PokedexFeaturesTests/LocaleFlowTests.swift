import Composable
import ComposableTesting
import PokedexFeatures
import PokedexModels
import PokemonClient
import XCTest

/// Switching the session's language: every screen on show is fetched again in it, in place,
/// and what the server says itself (notices, alerts) is said in it from then on.
@MainActor
final class LocaleFlowTests: XCTestCase {
    let clock = TestClock()
    let accounts = InMemoryFavorites()

    func makeStore(_ state: AppFeature.State) -> TestStore<AppFeature> {
        TestStore(initialState: state, reducer: AppFeature()) {
            $0.favoritesClient = self.accounts.client
            $0.pokemonClient = Fixtures.client()
            $0.clock = self.clock
        }
    }

    var favorites: Shared<Set<Int>> { accounts.favoritesByList[InMemoryFavorites.personal.id]! }

    func testSwitchingRefetchesTheLoadedRowsAndTheOpenDetailInTheNewLanguage() async {
        let store = makeStore(AppFeature.State(account: accounts.account, favorites: favorites))
        await store.send(.list(.onAppear)) { $0.list.loadState = .loading }
        await store.receive(.list(.pageLoaded(offset: 0, Fixtures.page(PokemonQuery(), limit: 20, offset: 0)))) {
            $0.list.rows = IdentifiedArray(Array(Fixtures.dex.prefix(20)))
            $0.list.loadState = .loaded(45)
        }
        await store.send(.list(.reachedEnd)) { $0.list.isLoadingMore = true }
        await store.receive(.list(.pageLoaded(offset: 20, Fixtures.page(PokemonQuery(), limit: 20, offset: 20)))) {
            $0.list.rows.append(contentsOf: Fixtures.dex[20..<40])
            $0.list.isLoadingMore = false
        }
        await store.send(.list(.rowTapped(Fixtures.dex[24]))) {
            $0.destination = .detail(PokemonDetailFeature.State(pokemon: Fixtures.dex[24], favorites: self.favorites))
        }
        await store.receive(.destination(.presented(.detail(.onAppear)))) {
            $0.destination = .detail(modify(PokemonDetailFeature.State(pokemon: Fixtures.dex[24], favorites: self.favorites)) {
                $0.detail = .loading
            })
        }
        await store.receive(.destination(.presented(.detail(.detailLoaded(Fixtures.detail(25)))))) {
            $0.destination = .detail(modify(PokemonDetailFeature.State(pokemon: Fixtures.dex[24], favorites: self.favorites)) {
                $0.detail = .loaded(Fixtures.detail(25))
            })
        }

        await store.send(.setLocale(.es)) {
            $0.locale = .es
        }
        // Both screens change language in place: nothing goes back to loading.
        await store.receive(.list(.localeChanged(.es))) { $0.list.locale = .es }
        await store.receive(.destination(.presented(.detail(.localeChanged(.es))))) {
            $0.destination = .detail(modify(PokemonDetailFeature.State(pokemon: Fixtures.dex[24], favorites: self.favorites, locale: .es)) {
                $0.detail = .loaded(Fixtures.detail(25))
            })
        }
        let spanishRows = Fixtures.page(PokemonQuery(locale: .es), limit: 40, offset: 0)
        XCTAssertEqual(spanishRows.pokemon.first?.name, "mon-1-es")
        await store.receive(.list(.pageLoaded(offset: 0, spanishRows))) {
            $0.list.rows = IdentifiedArray(spanishRows.pokemon)
        }
        await store.receive(.destination(.presented(.detail(.detailLoaded(Fixtures.detail(25, .es)))))) {
            $0.destination = .detail(
                modify(PokemonDetailFeature.State(pokemon: Fixtures.dex(.es)[24], favorites: self.favorites, locale: .es)) {
                    $0.detail = .loaded(Fixtures.detail(25, .es))
                })
        }
        XCTAssertEqual(store.state.restorable.locale, .es, "saved with the session")

        await store.send(.setLocale(.es))  // The same language again changes nothing.
    }

    func testNoticesAndAlertsAreInTheSessionsLanguage() async {
        let lost = AppFeature.State(route: "/nowhere", account: accounts.account, favorites: favorites, locale: .es)
        XCTAssertEqual(lost.notice, "No hay nada en «/nowhere», así que aquí está la lista.")
        let english = AppFeature.State(route: "/nowhere", account: accounts.account, favorites: favorites)
        XCTAssertEqual(english.notice, "There is nothing at “/nowhere”, so here is the list.")

        let store = makeStore(AppFeature.State(account: accounts.account, favorites: favorites, locale: .es))
        store.exhaustivity = .off
        await store.send(.navigate(route: "/nowhere")) {
            $0.notice = "No hay nada en «/nowhere»."
        }
        await store.send(.setLocale(.en)) { $0.locale = .en }
        await store.send(.navigate(route: "/nowhere")) {
            $0.notice = "There is nothing at “/nowhere”."
        }
    }

    func testATypeScreenIsRefetchedAndAFailureIsInTheLanguage() async {
        var client = Fixtures.client()
        client.fetchType = { _, _ in throw PokemonClientError.server(status: 503) }
        let store = TestStore(
            initialState: AppFeature.State(route: "/pokemon/5/type/grass", account: accounts.account, favorites: favorites, locale: .es),
            reducer: AppFeature()
        ) {
            $0.favoritesClient = self.accounts.client
            $0.pokemonClient = client
        }
        store.exhaustivity = .off
        await store.send(.onAppear)
        await store.finish()
        store.skipReceivedActions()
        guard case let .type(screen)? = store.state.path.elements.last else { return XCTFail("no type screen") }
        XCTAssertEqual(screen.members, .failed("El servicio de la Pokédex falló (HTTP 503)."))
    }
}
