import AccountClient
import Composable
import ComposableTesting
import FavoritesClient
import PokedexModels
import PokemonClient
import Synchronization

/// The dependencies of a test `pokedex-replay --emit-test` wrote: no effect's client answers
/// and the clock never moves, because the test sends each effect's result as the recording
/// has it. Shared values the reducers ask for start as last recorded (`Last`, which the test
/// sets with each recorded change, as the replay does).
enum RecordedSession {
    /// The shared values last recorded: a recording writes a value only when it changes, so a
    /// reference the reducers ask for anew (another list's favorites) starts from it.
    final class Last: Sendable {
        let favorites: Mutex<Set<Int>>
        let roster = Mutex(ListRoster())
        let activity = Mutex(ListActivity())

        init(favorites: Set<Int>) { self.favorites = Mutex(favorites) }
    }

    /// `stackIDs`: the ids the recorded reducers gave pushed screens, in order (the actions
    /// that address those screens name them).
    static func dependencies(
        _ values: inout DependencyValues, lists: Shared<[ListSummary]>, pokemonIDs: PokemonIDs, last: Last = Last(favorites: []), stackIDs: [Int] = []
    ) {
        values.clock = TestClock()
        values.stackElementID = recorded(stackIDs)
        values.pokemonClient = PokemonClient(
            fetchList: { _, _, _ in try await never() }, fetchDetail: { _, _ in try await never() },
            fetchType: { _, _ in try await never() }, pokemonIDs: pokemonIDs
        )
        var favorites = FavoritesClient(
            lists: { lists }, favorites: { _ in Shared(last.favorites.withLock { $0 }) },
            roster: { _ in Shared(last.roster.withLock { $0 }) },
            setFavorite: { _, _, _ in try await never() }, createInvite: { _, _, _ in try await never() },
            revokeInvite: { _, _ in try await never() }, removeMember: { _, _ in try await never() },
            leave: { _ in try await never() }, join: { _ in try await never() }, rename: { _ in try await never() },
            activity: { _ in Shared(last.activity.withLock { $0 }) }, undo: { _ in try await never() }
        )
        favorites.createList = { _ in try await never() }
        favorites.renameList = { _, _ in try await never() }
        favorites.deleteList = { _ in try await never() }
        favorites.setRole = { _, _, _ in try await never() }
        favorites.transferOwnership = { _, _ in try await never() }
        favorites.rosterPage = { _, _ in Shared(last.roster.withLock { $0 }) }
        values.favoritesClient = favorites
        values.accountClient = AccountClient(
            createSignInCode: { try await never() }, signOut: { try await never() }, signOutEverywhere: { try await never() }
        )
    }

    /// Makes a state whose stack (a deep link's) gets the recorded ids.
    static func withStackIDs<T>(_ ids: [Int], _ make: () -> T) -> T {
        var values = DependencyValues.current
        values.stackElementID = recorded(ids)
        return DependencyValues.$current.withValue(values, operation: make)
    }

    /// The recorded ids in order, then the process's.
    static func recorded(_ ids: [Int]) -> StackElementIDGenerator {
        let pending = Mutex(ids)
        return StackElementIDGenerator {
            if let id = pending.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) { return StackElementID(id) }
            return StackElementIDGenerator.processWide()
        }
    }

    /// Suspends until the effect is cancelled (the test's end cancels every one).
    static func never<T>() async throws -> T {
        try await TestClock().sleep(for: .seconds(1))
        throw CancellationError()
    }
}
