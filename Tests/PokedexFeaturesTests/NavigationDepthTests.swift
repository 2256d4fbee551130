import Composable
import ComposableTesting
import PokedexFeatures
import PokedexModels
import PokemonClient
import Synchronization
import XCTest

/// A route (or a user tapping on) stacks at most `Route.maxScreens` screens, and the work a
/// route causes is bounded whatever its length: counted as segments parsed and loads started.
@MainActor
final class NavigationDepthTests: XCTestCase {
    let accounts = InMemoryFavorites()
    /// Detail and type loads started (each screen that appears starts one).
    let loads = Counter()

    final class Counter: Sendable {
        private let value = Mutex(0)
        func increment() { value.withLock { $0 += 1 } }
        func withLock<T>(_ body: (inout Int) -> T) -> T { value.withLock { body(&$0) } }
    }

    /// `/pokemon/1/type/grass/pokemon/1…`, about `bytes` long.
    static func deepRoute(bytes: Int) -> String {
        let step = "/type/grass/pokemon/1"
        return "/pokemon/1" + String(repeating: step, count: bytes / step.utf8.count)
    }

    func makeStore(_ state: AppFeature.State) -> TestStore<AppFeature> {
        let fixtures = Fixtures.client()
        var client = fixtures
        client.fetchDetail = { [loads] id, locale in
            loads.increment()
            return try await fixtures.fetchDetail(id, locale)
        }
        client.fetchType = { [loads] type, locale in
            loads.increment()
            return try await fixtures.fetchType(type, locale)
        }
        let store = TestStore(initialState: state, reducer: AppFeature()) { $0.pokemonClient = client }
        store.exhaustivity = .off
        return store
    }

    func testA60KBRouteIsParsedOnlyUpToTheLimit() throws {
        let route = Self.deepRoute(bytes: 60_000)
        XCTAssertGreaterThan(route.utf8.count, 59_000)
        let parsed = try XCTUnwrap(Route.parse(route))
        XCTAssertEqual(parsed.screens.count, Route.maxScreens)
        XCTAssertTrue(parsed.isTruncated)
        // One kind and one value per screen, the Favorites marker, and the one that overflowed.
        XCTAssertLessThanOrEqual(parsed.segmentsRead, 2 * Route.maxScreens + 2)
        let exact = try XCTUnwrap(Route.parse(Route.path(for: parsed.screens)))
        XCTAssertEqual(exact.screens, parsed.screens)
        XCTAssertFalse(exact.isTruncated)
        XCTAssertEqual(exact.segmentsRead, 2 * Route.maxScreens)
    }

    func testNavigatingToA60KBRouteBuildsAtMostTheLimitAndSaysSo() async {
        let store = makeStore(AppFeature.State(account: accounts.account, favorites: Shared([])))
        await store.send(.navigate(route: Self.deepRoute(bytes: 60_000)))
        await store.finish()
        store.skipReceivedActions()
        XCTAssertEqual(store.state.screens.count, Route.maxScreens)
        XCTAssertEqual(store.state.screens.first, .pokemon(1))
        XCTAssertEqual(store.state.screens.last, .type("grass"))
        XCTAssertEqual(store.state.notice, "That link goes deeper than 12 screens, so it opens at the 12th.")
        XCTAssertEqual(loads.withLock { $0 }, Route.maxScreens, "one load per screen built")
    }

    func testADeepHelloRouteOpensAtTheLimitAndLoadsOnlyThoseScreens() async {
        let state = AppFeature.State(route: Self.deepRoute(bytes: 60_000), account: accounts.account, favorites: Shared([]))
        XCTAssertEqual(state.screens.count, Route.maxScreens)
        XCTAssertEqual(state.notice, "That link goes deeper than 12 screens, so it opens at the 12th.")
        let store = makeStore(state)
        await store.send(.onAppear)
        await store.finish()
        store.skipReceivedActions()
        XCTAssertEqual(loads.withLock { $0 }, Route.maxScreens)
    }

    func testDrillingDownOnAFullStackPushesNothingAndSaysSo() async throws {
        let screens = Array(Route.parse(Self.deepRoute(bytes: 1_000))!.screens.dropLast())
        XCTAssertEqual(screens.count, Route.maxScreens - 1)
        let state = AppFeature.State(route: Route.path(for: screens), account: accounts.account, favorites: Shared([]))
        XCTAssertNil(state.notice)
        let store = makeStore(state)
        await store.send(.onAppear)
        await store.finish()
        store.skipReceivedActions()
        // The top screen is a detail; its type makes the 12th screen.
        let top = try XCTUnwrap(store.state.path.ids.last)
        await store.send(.path(.element(id: top, action: .detail(.typeTapped("grass")))))
        await store.finish()
        store.skipReceivedActions()
        XCTAssertEqual(store.state.screens.count, Route.maxScreens)
        XCTAssertNil(store.state.notice)
        // From the 12th screen, a row of the type: refused, nothing changes but the notice.
        let typeScreen = try XCTUnwrap(store.state.path.ids.last)
        let before = store.state.screens
        let loadsBefore = loads.withLock { $0 }
        await store.send(.path(.element(id: typeScreen, action: .type(.rowTapped(Fixtures.dex[4])))))
        await store.receive(.path(.element(id: typeScreen, action: .type(.delegate(.showPokemon(Fixtures.dex[4])))))) {
            $0.notice = "You are 12 screens deep. Go back before opening another."
        }
        await store.finish()
        XCTAssertEqual(store.state.screens, before)
        XCTAssertEqual(loads.withLock { $0 }, loadsBefore)
    }

    func testARouteToAPokemonTheSourceDoesNotHaveLandsOnTheListWithANotice() async {
        // The fixture source holds 1…45.
        let store = makeStore(AppFeature.State(route: "/pokemon/1", account: accounts.account, favorites: Shared([])))
        await store.send(.onAppear)
        await store.finish()
        store.skipReceivedActions()
        await store.send(.navigate(route: "/pokemon/999999")) { $0.notice = "There is nothing at “/pokemon/999999”." }
        XCTAssertEqual(store.state.route, "/pokemon/1")
        let opened = AppFeature.State(
            route: "/pokemon/46", account: accounts.account, favorites: Shared([]), pokemonIDs: PokemonIDs([1...45]))
        XCTAssertEqual(opened.route, "/")
        XCTAssertEqual(opened.notice, "There is nothing at “/pokemon/46”, so here is the list.")
    }

    func testANoticeQuotesOnlyTheStartOfALongRoute() async {
        let store = makeStore(AppFeature.State(account: accounts.account, favorites: Shared([])))
        let route = "/berries/" + String(repeating: "x", count: 50_000)
        await store.send(.navigate(route: route))
        XCTAssertLessThan(store.state.notice?.count ?? .max, 100)
    }
}
