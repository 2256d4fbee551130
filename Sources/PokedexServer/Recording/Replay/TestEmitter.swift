import Composable
import PokedexFeatures
import PokedexModels
import StateSync

/// Writes the Swift `TestStore` test that reproduces a recording (`pokedex-replay FILE
/// --emit-test NAME`), for `Tests/PokedexFeaturesTests`: exhaustive, as a hand-written one is.
/// The recorded first state; each browser's or session's action sent and each effect's result
/// sent as the effect once did (effects' clients never answer: `RecordedSession.dependencies`),
/// each synchronous send received, in order, every one with the whole state change the replay
/// saw it make (`SwiftSource`); the shared values set as recorded; the effects still in flight
/// at the end skipped.
struct TestEmitter {
    let name: String
    let start: RecordingStart
    private var body: [String] = []
    /// The ids the reducers gave pushed screens, in order.
    private var stackIDs: [Int] = []

    init(name: String, start: RecordingStart) {
        self.name = name
        self.start = start
    }

    /// One replayed line.
    mutating func step(_ step: ReplayStep) {
        switch step {
        case let .shared(favorites, lists, roster, activity):
            if let favorites {
                body.append("store.state.favorites.withLock { $0 = \(Self.literal(favorites)) }")
                body.append("last.favorites.withLock { $0 = \(Self.literal(favorites)) }")
            }
            if let lists { body.append("store.state.account.lists.withLock { $0 = [\(lists.map(Self.literal).joined(separator: ", "))] }") }
            // The Favorites view's (the replay sets them only while it is open).
            if let roster {
                let value = SwiftSource.expression(roster)
                body.append("if case let .favorites(view) = store.state.destination { view.roster?.withLock { $0 = \(value) } }")
                body.append("last.roster.withLock { $0 = \(value) }")
            }
            if let activity {
                let value = SwiftSource.expression(activity)
                body.append("if case let .favorites(view) = store.state.destination { view.activity?.withLock { $0 = \(value) } }")
                body.append("last.activity.withLock { $0 = \(value) }")
            }
        case let .stackID(id):
            stackIDs.append(id)
        case let .action(number, source, action, before, after):
            let literal = Self.literal(action)
            let call = source == "send" ? "await store.receive(\(literal))" : "await store.send(\(literal))"
            body.append("// \(number): \(source)")
            let changes = SwiftSource.changes("$0", from: before, to: after)
            if changes.isEmpty {
                body.append(call)
            } else {
                body.append(call + " {")
                body += changes.map { "    " + $0 }
                body.append("}")
            }
        }
    }

    func finish() -> String {
        let lists = "[\(start.lists.map(Self.literal).joined(separator: ", "))]"
        let ids = start.pokemonIDs.ranges.map { "\($0.lowerBound)...\($0.upperBound)" }.joined(separator: ", ")
        let initial: String
        var account = "\n        let account = Account(me: \(Self.literal(start.user)), lists: lists, activeListID: \(Self.literal(start.activeListID)))"
        if start.state != nil, let state = try? start.initialState(favorites: { _ in Shared(start.favorites) }, lists: Shared(start.lists)) {
            // Begun mid-session (on consent): the state it began from, whole.
            initial = "{ var value = \(SwiftSource.expression(state)); value.account.lists = lists; value.favorites = favorites; value.list.favorites = favorites; return value }()"
            account = ""
        } else if let restoring = start.restoring {
            initial = """
            RecordedSession.withStackIDs(\(start.stackIDs)) {
                        AppFeature.State(
                        restoring: RestorableState(
                            route: \(Self.literal(restoring.route)), search: \(Self.literal(restoring.search)),
                            typeFilter: \(restoring.typeFilter.map(Self.literal) ?? "nil"), activeListID: \(Self.literal(restoring.activeListID)),
                            locale: .\(restoring.locale.rawValue), favoritesSort: .\(restoring.favoritesSort.rawValue)
                        ),
                        account: account, pokemonIDs: PokemonIDs([\(ids)])
                    ) { _ in favorites }
                    }
            """
        } else {
            initial = """
            RecordedSession.withStackIDs(\(start.stackIDs)) {
                        AppFeature.State(
                            route: \(Self.literal(start.route)), account: account, favorites: favorites, pokemonIDs: PokemonIDs([\(ids)]),
                            locale: .\(start.locale.rawValue)
                        )
                    }
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
                let favorites = Shared<Set<Int>>(\(Self.literal(start.favorites)))\(account)
                let initialState = \(initial)
                let last = RecordedSession.Last(favorites: \(Self.literal(start.favorites)))
                let store = TestStore(initialState: initialState, reducer: AppFeature()) {
                    RecordedSession.dependencies(&$0, lists: lists, pokemonIDs: PokemonIDs([\(ids)]), last: last, stackIDs: \(stackIDs))
                }
                // Effects' results are sent as recorded; what the reducers send is received;
                // each action's whole change is stated.
        \(body.map { "        " + $0 }.joined(separator: "\n"))
                // The effects whose results the recording does not have (still running when it
                // ended) never answer here.
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
    case shared(favorites: Set<Int>?, lists: [ListSummary]?, roster: ListRoster?, activity: ListActivity?)
    case action(number: Int, source: String, action: AppFeature.Action, before: AppFeature.State, after: AppFeature.State)
    /// The reducers of the last action gave a pushed screen this id.
    case stackID(Int)
}
