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

    static func dependencies(_ values: inout DependencyValues, lists: Shared<[ListSummary]>, pokemonIDs: PokemonIDs, last: Last = Last(favorites: [])) {
        values.clock = TestClock()
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

    /// Suspends until the effect is cancelled (the test's end cancels every one).
    static func never<T>() async throws -> T {
        try await TestClock().sleep(for: .seconds(1))
        throw CancellationError()
    }
}
