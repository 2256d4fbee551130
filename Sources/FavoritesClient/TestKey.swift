import Composable
import PokedexModels

extension FavoritesClient: TestDependencyKey {
    /// Every endpoint fails the test unless overridden.
    public static let testValue = FavoritesClient(
        lists: { fatalError("Unimplemented: FavoritesClient.lists") },
        favorites: { _ in fatalError("Unimplemented: FavoritesClient.favorites") },
        roster: { _ in fatalError("Unimplemented: FavoritesClient.roster") },
        setFavorite: unimplemented("FavoritesClient.setFavorite"),
        createInvite: unimplemented("FavoritesClient.createInvite"),
        revokeInvite: unimplemented("FavoritesClient.revokeInvite"),
        removeMember: unimplemented("FavoritesClient.removeMember"),
        leave: unimplemented("FavoritesClient.leave"),
        join: unimplemented("FavoritesClient.join"),
        rename: unimplemented("FavoritesClient.rename"),
        activity: { _ in fatalError("Unimplemented: FavoritesClient.activity") },
        undo: unimplemented("FavoritesClient.undo")
    )
}
