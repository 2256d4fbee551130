import Composable
import ComposableTesting
import PokedexFeatures
import PokedexModels
import PokemonClient
import Synchronization
import XCTest

@MainActor
final class PokemonListFeatureTests: XCTestCase {
    let clock = TestClock()

    func makeStore(client: PokemonClient = Fixtures.client()) -> TestStore<PokemonListFeature> {
        TestStore(initialState: PokemonListFeature.State(favorites: Shared([])), reducer: PokemonListFeature()) {
            $0.pokemonClient = client
            $0.clock = self.clock
        }
    }

    func testOnAppearLoadsTheFirstPageOnce() async {
        let store = makeStore()
        await store.send(.onAppear) { $0.loadState = .loading }
        let page = Fixtures.page(PokemonQuery(), limit: 20, offset: 0)
        await store.receive(.pageLoaded(offset: 0, page)) {
            $0.rows = IdentifiedArray(page.pokemon)
            $0.loadState = .loaded(45)
        }
        XCTAssertTrue(store.state.canLoadMore)
        await store.send(.onAppear)
    }

    func testReachedEndLoadsPagesUntilTheTotal() async {
        let store = makeStore()
        await store.send(.onAppear) { $0.loadState = .loading }
        await store.receive(.pageLoaded(offset: 0, Fixtures.page(PokemonQuery(), limit: 20, offset: 0))) {
            $0.rows = IdentifiedArray(Array(Fixtures.dex.prefix(20)))
            $0.loadState = .loaded(45)
        }
        await store.send(.reachedEnd) { $0.isLoadingMore = true }
        await store.receive(.pageLoaded(offset: 20, Fixtures.page(PokemonQuery(), limit: 20, offset: 20))) {
            $0.rows.append(contentsOf: Fixtures.dex[20..<40])
            $0.isLoadingMore = false
        }
        await store.send(.reachedEnd) { $0.isLoadingMore = true }
        await store.receive(.pageLoaded(offset: 40, Fixtures.page(PokemonQuery(), limit: 20, offset: 40))) {
            $0.rows.append(contentsOf: Fixtures.dex[40..<45])
            $0.isLoadingMore = false
        }
        XCTAssertFalse(store.state.canLoadMore)
        await store.send(.reachedEnd)
    }

    func testAFailureIsShownAndRetryLoadsAgain() async {
        let calls = Mutex(0)
        var client = Fixtures.client()
        client.fetchList = { query, limit, offset in
            // The first request fails, the retry succeeds.
            if calls.withLock({ $0 += 1; return $0 }) == 1 { throw PokemonClientError.server(status: 500) }
            return Fixtures.page(query, limit: limit, offset: offset)
        }
        let store = makeStore(client: client)
        await store.send(.onAppear) { $0.loadState = .loading }
        await store.receive(.pageFailed(offset: 0, "The Pokédex service failed (HTTP 500).")) {
            $0.loadState = .failed("The Pokédex service failed (HTTP 500).")
        }
        await store.send(.retryTapped) { $0.loadState = .loading }
        await store.receive(.pageLoaded(offset: 0, Fixtures.page(PokemonQuery(), limit: 20, offset: 0))) {
            $0.rows = IdentifiedArray(Array(Fixtures.dex.prefix(20)))
            $0.loadState = .loaded(45)
        }
    }

    func testSearchIsDebouncedAndCancelsThePageRequestInFlight() async {
        let store = makeStore(client: Fixtures.client(clock: TestClockLike(clock: clock)))
        await store.send(.onAppear) { $0.loadState = .loading }
        // The first page is still in flight when the user types.
        await store.send(.binding(.set(\.search, "mon-1"))) { $0.search = "mon-1" }
        await clock.advance(by: .milliseconds(100))
        await store.send(.binding(.set(\.search, "mon-4"))) { $0.search = "mon-4" }
        await clock.advance(by: .milliseconds(300))
        await store.receive(.searchDebounced)
        // The search request replaced the first page's request, which never answers.
        await clock.advance(by: .seconds(1))
        let page = Fixtures.page(PokemonQuery(search: "mon-4"), limit: 20, offset: 0)
        await store.receive(.pageLoaded(offset: 0, page)) {
            $0.rows = IdentifiedArray(page.pokemon)
            $0.loadState = .loaded(page.totalCount)
        }
        XCTAssertEqual(store.state.rows.map(\.name), ["mon-4", "mon-40", "mon-41", "mon-42", "mon-43", "mon-44", "mon-45"])
    }

    func testTypeFilterReloadsAtOnce() async {
        let store = makeStore()
        await store.send(.binding(.set(\.typeFilter, "grass"))) {
            $0.typeFilter = "grass"
            $0.loadState = .loading
        }
        let page = Fixtures.page(PokemonQuery(type: "grass"), limit: 20, offset: 0)
        await store.receive(.pageLoaded(offset: 0, page)) {
            $0.rows = IdentifiedArray(page.pokemon)
            $0.loadState = .loaded(9)
        }
        XCTAssertEqual(store.state.rows.map(\.id), [5, 10, 15, 20, 25, 30, 35, 40, 45])
    }
}
