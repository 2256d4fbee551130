import AccountClient
import Composable
import ComposableTesting
import FavoritesClient
import PokedexModels
import PokemonClient

/// The dependencies of a test `pokedex-replay --emit-test` wrote: no effect's client answers
/// and the clock never moves, because the test sends each effect's result as the recording
/// has it. Shared values the reducers ask for start empty; the test sets them as recorded.
enum RecordedSession {
    static func dependencies(_ values: inout DependencyValues, lists: Shared<[ListSummary]>, pokemonIDs: PokemonIDs) {
        values.clock = TestClock()
        values.pokemonClient = PokemonClient(
            fetchList: { _, _, _ in try await never() }, fetchDetail: { _, _ in try await never() },
            fetchType: { _, _ in try await never() }, pokemonIDs: pokemonIDs
        )
        var favorites = FavoritesClient(
            lists: { lists }, favorites: { _ in Shared([]) }, roster: { _ in Shared(ListRoster()) },
            setFavorite: { _, _, _ in try await never() }, createInvite: { _, _, _ in try await never() },
            revokeInvite: { _, _ in try await never() }, removeMember: { _, _ in try await never() },
            leave: { _ in try await never() }, join: { _ in try await never() }, rename: { _ in try await never() },
            activity: { _ in Shared(ListActivity()) }, undo: { _ in try await never() }
        )
        favorites.createList = { _ in try await never() }
        favorites.renameList = { _, _ in try await never() }
        favorites.deleteList = { _ in try await never() }
        favorites.setRole = { _, _, _ in try await never() }
        favorites.transferOwnership = { _, _ in try await never() }
        favorites.rosterPage = { _, _ in Shared(ListRoster()) }
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
