import Composable
import PokedexModels

/// The signed-in user's favorites lists: shared values that every session of every member
/// holds, and the operations on memberships and invites. One value per session, bound to its
/// user (the live value in `PokedexServer` commits to SQLite through one hub per list).
public struct FavoritesClient: Sendable {
    /// The user's lists (personal first); the same reference in every session of the user.
    public var lists: @Sendable () -> Shared<[ListSummary]>
    /// A list's favorite Pokémon ids, read-only: they change through `setFavorite`, and every
    /// holder sees a change once it is committed.
    public var favorites: @Sendable (_ listID: String) -> Shared<Set<Int>>
    /// Makes a Pokémon a favorite of the list (or not): an intent, so repeating it changes
    /// nothing. Returns once the change is committed and the list's shared value shows it.
    public var setFavorite: @Sendable (_ listID: String, _ pokemonID: Int, _ isFavorite: Bool) async throws -> Void
    /// A list's members with presence, and its open invites for owners.
    public var roster: @Sendable (_ listID: String) -> Shared<ListRoster>
    /// Creates an invite on `options` (expiry, uses) and returns its code (shown once; stored hashed).
    public var createInvite: @Sendable (_ listID: String, _ role: ListRole, _ options: InviteOptions) async throws -> String
    public var revokeInvite: @Sendable (_ listID: String, _ inviteID: String) async throws -> Void
    public var removeMember: @Sendable (_ listID: String, _ userID: String) async throws -> Void
    public var leave: @Sendable (_ listID: String) async throws -> Void
    /// Accepts an invite; returns the list joined.
    public var join: @Sendable (_ code: String) async throws -> FavoritesList
    public var rename: @Sendable (_ name: String) async throws -> User
    /// Who added each favorite and the latest events of a list, live, for the Favorites view.
    public var activity: @Sendable (_ listID: String) -> Shared<ListActivity>
    /// Reverts the user's latest star in the list that is not undone yet (nil: nothing to undo).
    public var undo: @Sendable (_ listID: String) async throws -> UndoneStar?

    // Named lists, roles and invite terms. Set after `init` (the live value sets them all);
    // each fails the test until a test sets it.

    /// Creates a list the user owns; returns it once the user's lists show it.
    public var createList: @Sendable (_ name: String) async throws -> FavoritesList = unimplemented("FavoritesClient.createList")
    public var renameList: @Sendable (_ listID: String, _ name: String) async throws -> Void = unimplemented("FavoritesClient.renameList")
    /// Deletes a list; every member's sessions drop it.
    public var deleteList: @Sendable (_ listID: String) async throws -> Void = unimplemented("FavoritesClient.deleteList")
    /// Makes a member of the list an editor or a viewer.
    public var setRole: @Sendable (_ listID: String, _ memberID: String, _ role: ListRole) async throws -> Void =
        unimplemented("FavoritesClient.setRole")
    /// Hands the list to a member; the user becomes an editor.
    public var transferOwnership: @Sendable (_ listID: String, _ memberID: String) async throws -> Void =
        unimplemented("FavoritesClient.transferOwnership")
    /// The roster listing the first `limit` members (`roster` lists `ListRoster.shownMembers`).
    public var rosterPage: @Sendable (_ listID: String, _ limit: Int) -> Shared<ListRoster> = { _, _ in
        fatalError("Unimplemented: FavoritesClient.rosterPage")
    }

    public init(
        lists: @escaping @Sendable () -> Shared<[ListSummary]>,
        favorites: @escaping @Sendable (String) -> Shared<Set<Int>>,
        roster: @escaping @Sendable (String) -> Shared<ListRoster>,
        setFavorite: @escaping @Sendable (String, Int, Bool) async throws -> Void,
        createInvite: @escaping @Sendable (String, ListRole, InviteOptions) async throws -> String,
        revokeInvite: @escaping @Sendable (String, String) async throws -> Void,
        removeMember: @escaping @Sendable (String, String) async throws -> Void,
        leave: @escaping @Sendable (String) async throws -> Void,
        join: @escaping @Sendable (String) async throws -> FavoritesList,
        rename: @escaping @Sendable (String) async throws -> User,
        activity: @escaping @Sendable (String) -> Shared<ListActivity>,
        undo: @escaping @Sendable (String) async throws -> UndoneStar?
    ) {
        self.lists = lists
        self.favorites = favorites
        self.roster = roster
        self.setFavorite = setFavorite
        self.createInvite = createInvite
        self.revokeInvite = revokeInvite
        self.removeMember = removeMember
        self.leave = leave
        self.join = join
        self.rename = rename
        self.activity = activity
        self.undo = undo
    }
}

extension DependencyValues {
    public var favoritesClient: FavoritesClient {
        get { self[FavoritesClient.self] }
        set { self[FavoritesClient.self] = newValue }
    }
}
