import Composable
import PokedexFeatures
import PokedexModels
import StateSync

/// Writes the Swift `TestStore` test that reproduces a recording (`pokedex-replay FILE
/// --emit-test NAME`), for `Tests/PokedexFeaturesTests`: the recorded first state; each
/// browser's or session's action sent; each effect's result sent as the effect once did
/// (effects' clients never answer: `RecordedSession.dependencies`); each synchronous send
/// received, in order; the shared values set as recorded; and the route and notice the
/// replay showed, whenever an action changed them.
struct TestEmitter {
    let name: String
    let start: RecordingStart
    private var body: [String] = []
    /// The route and notice last asserted.
    private var shown: (route: String, notice: String?)?

    init(name: String, start: RecordingStart) {
        self.name = name
        self.start = start
    }

    /// One replayed line.
    mutating func step(_ step: ReplayStep) {
        switch step {
        case let .shared(favorites, lists):
            if let favorites { body.append("store.state.favorites.withLock { $0 = \(Self.literal(favorites)) }") }
            if let lists { body.append("store.state.account.lists.withLock { $0 = [\(lists.map(Self.literal).joined(separator: ", "))] }") }
        case let .action(number, source, action, state):
            let literal = Self.literal(action)
            let call = source == "send" ? "await store.receive(\(literal))" : "await store.send(\(literal))"
            body.append("// \(number): \(source)")
            body.append(call)
            if shown?.route != state.route { body.append("XCTAssertEqual(store.state.route, \(Self.literal(state.route)))") }
            if shown == nil || shown?.notice != state.notice {
                body.append("XCTAssertEqual(store.state.notice, \(state.notice.map(Self.literal) ?? "nil"))")
            }
            shown = (state.route, state.notice)
        }
    }

    func finish() -> String {
        let lists = "[\(start.lists.map(Self.literal).joined(separator: ", "))]"
        let ids = start.pokemonIDs.ranges.map { "\($0.lowerBound)...\($0.upperBound)" }.joined(separator: ", ")
        let initial: String
        if let restoring = start.restoring {
            initial = """
            AppFeature.State(
                        restoring: RestorableState(
                            route: \(Self.literal(restoring.route)), search: \(Self.literal(restoring.search)),
                            typeFilter: \(restoring.typeFilter.map(Self.literal) ?? "nil"), activeListID: \(Self.literal(restoring.activeListID)),
                            locale: .\(restoring.locale.rawValue), favoritesSort: .\(restoring.favoritesSort.rawValue)
                        ),
                        account: account, pokemonIDs: PokemonIDs([\(ids)])
                    ) { _ in favorites }
            """
        } else {
            initial = """
            AppFeature.State(
                        route: \(Self.literal(start.route)), account: account, favorites: favorites, pokemonIDs: PokemonIDs([\(ids)]),
                        locale: .\(start.locale.rawValue)
                    )
            """
        }
        return """
        // Emitted by `pokedex-replay --emit-test \(name)` from the recording of session \(start.session).
        import Composable
        import ComposableTesting
        import Foundation
        import PokedexFeatures
        import PokedexModels
        import XCTest

        /// Reproduces a recorded session: its actions in order, effects' results as recorded.
        @MainActor
        final class \(name)Tests: XCTestCase {
            func testReproducesTheRecordedSession() async {
                let lists = Shared<[ListSummary]>(\(lists))
                let favorites = Shared<Set<Int>>(\(Self.literal(start.favorites)))
                let account = Account(me: \(Self.literal(start.user)), lists: lists, activeListID: \(Self.literal(start.activeListID)))
                let initialState = \(initial)
                let store = TestStore(initialState: initialState, reducer: AppFeature()) {
                    RecordedSession.dependencies(&$0, lists: lists, pokemonIDs: PokemonIDs([\(ids)]))
                }
                // Effects' results are sent as recorded; what the reducers send is received.
                store.exhaustivity = .off
        \(body.map { "        " + $0 }.joined(separator: "\n"))
                store.skipReceivedActions()
                store.skipInFlightEffects()
            }
        }

        """
    }

    // MARK: Swift literals

    /// An action as Swift source. Models print as their initializers (`Pokemon(id: 1, …)`);
    /// the few values that print otherwise are written by hand.
    static func literal(_ action: AppFeature.Action) -> String {
        switch action {
        case let .list(.binding(binding)):
            if let search = binding.value(for: \.search) { return ".list(.binding(.set(\\.search, \(literal(search)))))" }
            if let type = binding.value(for: \.typeFilter) { return ".list(.binding(.set(\\.typeFilter, \(type.map(literal) ?? "nil"))))" }
            return "/* not expressible: \(binding) */ .onAppear"
        case let .path(.element(id, element)):
            return ".path(.element(id: StackElementID(\(id.rawValue)), action: \(String(reflecting: element))))"
        case let .path(.popFrom(id)):
            return ".path(.popFrom(id: StackElementID(\(id.rawValue))))"
        case let .account(.signInCodeCreated(code)):
            return ".account(.signInCodeCreated(SignInCode(code: \(literal(code.code)), expiresAt: Date(timeIntervalSince1970: \(code.expiresAt.timeIntervalSince1970)))))"
        default:
            return String(reflecting: action)
        }
    }

    static func literal(_ text: String) -> String { String(reflecting: text) }

    static func literal(_ ids: Set<Int>) -> String { "[\(ids.sorted().map(String.init).joined(separator: ", "))]" }

    static func literal(_ user: User) -> String { "User(id: \(literal(user.id)), displayName: \(literal(user.displayName)))" }

    static func literal(_ summary: ListSummary) -> String {
        "ListSummary(list: FavoritesList(id: \(literal(summary.list.id)), name: \(literal(summary.list.name)), ownerID: \(literal(summary.list.ownerID))), role: .\(summary.role.rawValue))"
    }
}

/// What a replay did at one line, for `TestEmitter`.
enum ReplayStep {
    case shared(favorites: Set<Int>?, lists: [ListSummary]?)
    case action(number: Int, source: String, action: AppFeature.Action, state: AppFeature.State)
}
