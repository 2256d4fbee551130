import Composable
import ComposableTesting
import PokedexFeatures
import PokedexModels
import XCTest

@MainActor
final class RouteTests: XCTestCase {
    let accounts = InMemoryFavorites()

    func testRoutesParseIntoScreensAndBack() {
        XCTAssertEqual(Route.screens(from: "/"), [])
        XCTAssertEqual(Route.screens(from: ""), [])
        XCTAssertEqual(Route.screens(from: "/pokemon/25"), [.pokemon(25)])
        XCTAssertEqual(Route.screens(from: "/pokemon/1/type/grass/pokemon/2"), [.pokemon(1), .type("grass"), .pokemon(2)])
        for invalid in ["/pokemon", "/pokemon/abc", "/type/grass", "/pokemon/1/type/plasma", "/berries/1", "/pokemon/0"] {
            XCTAssertNil(Route.screens(from: invalid), invalid)
        }
        XCTAssertEqual(Route.path(for: [.pokemon(1), .type("grass"), .pokemon(2)]), "/pokemon/1/type/grass/pokemon/2")
    }

    /// A route is read on its bytes: a Pokémon's id as `Int(_:)` reads it, names by their bytes,
    /// in a route long enough not to be a small string.
    func testARouteIsReadOnItsBytesAsTheStringWas() {
        XCTAssertEqual(Route.screens(from: "/pokemon/+25"), [.pokemon(25)])
        XCTAssertEqual(Route.screens(from: "/pokemon/0025//type/grass/"), [.pokemon(25), .type("grass")])
        for invalid in ["/pokemon/-25", "/pokemon/+", "/pokemon/-", "/pokemon/99999999999999999999", "/pokemon/9223372036854775808",
                        "/pokemon/2x", "/pokemon/1/type/gras", "/pokemon/1/type/grasss", "/pokemon/1/types/grass", "/pokémon/1",
                        "/pokemon/1/type/Grass", "/favoritesx/pokemon/1"] {
            XCTAssertNil(Route.screens(from: invalid), invalid)
        }
        XCTAssertEqual(Route.screens(from: "/pokemon/9223372036854775807"), [.pokemon(Int.max)])
        XCTAssertEqual(Route.screens(from: "/favorites/type/fire/pokemon/6"), [.favorites, .type("fire"), .pokemon(6)])
    }

    func testAJoinRouteCarriesACodeOfURLSafeASCIIOnly() {
        let hex = String(repeating: "0f", count: 32)
        XCTAssertEqual(Route.joinCode(from: "/join/\(hex)"), hex)
        XCTAssertEqual(Route.joinCode(from: "/join/Ab-9_z"), "Ab-9_z")
        XCTAssertEqual(Route.joinCode(from: "/join/" + String(repeating: "a", count: 128)), String(repeating: "a", count: 128))
        for invalid in ["/join", "/join/", "/join/a/b", "/pokemon/1", "/join/" + String(repeating: "a", count: 129),
                        "/join/caf\u{E9}", "/join/\u{0661}\u{0662}", "/join/a%20b", "/join/a.b"] {
            XCTAssertNil(Route.joinCode(from: invalid), invalid)
        }
    }

    func testADeepLinkBuildsTheStackAndLoadsEveryScreen() async {
        let favorites = Shared<Set<Int>>([])
        let state = AppFeature.State(route: "/pokemon/1/type/grass/pokemon/10", account: accounts.account, favorites: favorites)
        XCTAssertEqual(state.route, "/pokemon/1/type/grass/pokemon/10")
        XCTAssertNil(state.notice)
        let store = TestStore(initialState: state, reducer: AppFeature()) { $0.pokemonClient = Fixtures.client() }
        store.exhaustivity = .off
        await store.send(.onAppear)
        await store.receive(matching: { if case .destination(.presented(.detail(.detailLoaded))) = $0 { true } else { false } })
        await store.finish()
        store.skipReceivedActions()
        guard case let .detail(detail) = store.state.destination else { return XCTFail("no detail") }
        XCTAssertEqual(detail.pokemon, Fixtures.dex[0])
        XCTAssertEqual(detail.detail, .loaded(Fixtures.detail(1)))
        guard case let .detail(top) = store.state.path.last else { return XCTFail("no stacked detail") }
        XCTAssertEqual(top.detail, .loaded(Fixtures.detail(10)))
    }

    func testAnInvalidRouteLandsOnTheListWithANotice() {
        let state = AppFeature.State(route: "/pokemon/pikachu", account: accounts.account, favorites: Shared([]))
        XCTAssertNil(state.destination)
        XCTAssertEqual(state.route, "/")
        XCTAssertNotNil(state.notice)
    }

    func testNavigatingBackKeepsLoadedScreensAndCancelsTheRest() async {
        let clock = TestClock()
        let store = TestStore(
            initialState: AppFeature.State(route: "/pokemon/1", account: accounts.account, favorites: Shared([])), reducer: AppFeature()
        ) {
            $0.pokemonClient = Fixtures.client(clock: TestClockLike(clock: clock))
            $0.clock = clock
        }
        store.exhaustivity = .off
        await store.send(.navigate(route: "/pokemon/1/type/grass"))
        XCTAssertEqual(store.state.route, "/pokemon/1/type/grass")
        await store.send(.navigate(route: "/pokemon/1"))
        XCTAssertEqual(store.state.route, "/pokemon/1")
        await store.send(.navigate(route: "/"))
        XCTAssertNil(store.state.destination)
        // Nothing is left in flight: the type screen's and the detail's requests were cancelled.
        await clock.advance(by: .seconds(2))
        await store.finish()
        await store.send(.navigate(route: "/nowhere")) { $0.notice = "There is nothing at “/nowhere”." }
        await store.send(.dismissNotice) { $0.notice = nil }
    }
}
