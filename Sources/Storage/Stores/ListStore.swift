import PokedexModels

/// Favorites lists, their members, invites and favorites, with authorisation in every call
/// (the acting user's membership is checked in the same transaction as the change), whichever
/// database keeps them. Calls block: run them off the service threads.
///
/// Every committed change to a list's favorites takes the list's next sequence number, in
/// the change's own transaction, so a process applying changes can tell a missed one.
public protocol ListStore: Sendable {
    /// Every list the user belongs to, owned ones (the personal list) first, then by joining time.
    func lists(forUser userID: String) throws -> [(list: FavoritesList, role: ListRole)]
    /// The ids of the lists any of these users belongs to, each once.
    func listIDs(ofMembers userIDs: [String]) throws -> [String]
    func list(id listID: String) throws -> FavoritesList?
    /// The user's role in the list; nil when not a member (or no such list).
    func role(of userID: String, in listID: String) throws -> ListRole?
    /// The list's members, owner first, then by joining time. Members only.
    func members(ofList listID: String, as userID: String, limit: Int) throws -> [ListMember]
    func memberCount(ofList listID: String, as userID: String) throws -> Int
    /// The Pokémon ids in the list. Members only.
    func favorites(inList listID: String, as userID: String) throws -> Set<Int>
    /// The list's favorites and the sequence number they are at. Members only.
    func snapshot(ofList listID: String, as userID: String) throws -> FavoritesSnapshot
    /// Sets a favorite (never a toggle). Owners and editors only. Nil when nothing changed.
    /// With a `key` (`AppliedKeys`), a key this user already applied changes nothing (nil): the
    /// key is kept in the star's own transaction, so a replay is applied once whatever process
    /// it reaches. A change is logged (`starSet`/`starUnset`) in the same transaction.
    func setFavorite(list listID: String, pokemonID: Int, isFavorite: Bool, by userID: String, key: String?) throws -> FavoriteChange?
    /// `setFavorite` for a caller that must not wait: `completion` gets the outcome once the
    /// star is committed or refused. A store whose writes wait for a server (`settlesFavoritesLater`)
    /// returns at once and completes on a thread of its own; the default writes in place.
    func setFavorite(
        list listID: String, pokemonID: Int, isFavorite: Bool, by userID: String, key: String?,
        completion: @escaping @Sendable (Result<FavoriteChange?, any Error>) -> Void)
    /// Who added each of the list's favorites, and when. Members only.
    func favoriteAdditions(ofList listID: String, as userID: String) throws -> [Int: FavoriteAddition]
    /// The list's latest events, newest first, with the actors' and subjects' names. Members only.
    func activity(ofList listID: String, as userID: String, limit: Int) throws -> [ListEvent]
    /// Reverts the user's latest star event in the list that is neither an undo nor undone
    /// already (so undoing again walks further back), by the opposite intent, logged as a star
    /// event that names the reverted one. Owners and editors, and only their own events.
    /// Nil when there is nothing to undo.
    func undo(list listID: String, by userID: String) throws -> StarUndo?
    /// Whether the completing `setFavorite` returns before the star is written (and so may be
    /// called where blocking is not allowed).
    var settlesFavoritesLater: Bool { get }
    /// Removes another member. Owners only; owners themselves cannot be removed.
    func removeMember(list listID: String, user memberID: String, by userID: String) throws
    /// The user stops being a member. The owner cannot leave its own list.
    func leave(list listID: String, user userID: String) throws
    /// Creates an invite granting `role` (editor or viewer) on `terms`; returns its code. Owners only.
    func createInvite(list listID: String, role: ListRole, by userID: String, terms: InviteTerms) throws -> String
    /// Makes the user a member with the invite's role (a member keeps the role they have),
    /// counting a use; returns the list with the role the user has in it now (what their
    /// lists gain, without reading them again). Refused when revoked, expired or used up (a
    /// member already in passes the last two and counts no use).
    func acceptInvite(code: String, user userID: String) throws -> ListSummary
    /// `acceptInvite` for a caller that must not wait, as the star's `setFavorite` with a
    /// completion (a store that `settlesFavoritesLater` completes on a thread of its own).
    func acceptInvite(code: String, user userID: String, completion: @escaping @Sendable (Result<ListSummary, any Error>) -> Void)
    func revokeInvite(code: String, by userID: String) throws
    func revokeInvite(id inviteID: String, list listID: String, by userID: String) throws
    /// The list's invites, newest first, revoked ones included. Owners only.
    func invites(ofList listID: String, by userID: String) throws -> [ListInvite]

    // Counts for the server's quotas, without authorisation: the server asks them about the
    // acting user before a write and tells a browser nothing from them but "limit reached".
    func listCount(forUser userID: String) throws -> Int
    func memberCount(ofList listID: String) throws -> Int
    /// How many of the list's invites still admit someone (not revoked, expired or used up).
    func openInviteCount(ofList listID: String) throws -> Int
    /// The list an invite code admits to, or nil for an unknown code.
    func listID(forInviteCode code: String) throws -> String?

    // Named lists and roles. Each change appends its activity event (`list_events`) in its
    // own transaction. A user always owns at least one list: deleting or handing away the
    // last one is refused (`lastOwnedList`).

    /// Creates a list the user owns (name as `ListName.validated`).
    func createList(named name: String, by userID: String) throws -> FavoritesList
    /// Renames a list. Owners only.
    func renameList(_ listID: String, to name: String, by userID: String) throws -> FavoritesList
    /// Deletes a list with its members, favorites, invites and activity. Owners only.
    func deleteList(_ listID: String, by userID: String) throws
    /// Makes a member an editor or a viewer. Owners only; the owner's own role is fixed. Returns
    /// whether the role changed.
    @discardableResult
    func setRole(list listID: String, member memberID: String, role: ListRole, by userID: String) throws -> Bool
    /// Makes a member the owner; the old owner becomes an editor. Owners only.
    func transferOwnership(list listID: String, to memberID: String, by userID: String) throws
    /// How many lists the user owns (no authorisation).
    func ownedListCount(forUser userID: String) throws -> Int
}

extension ListStore {
    public func acceptInvite(code: String, user userID: String, completion: @escaping @Sendable (Result<ListSummary, any Error>) -> Void) {
        completion(Result { try acceptInvite(code: code, user: userID) })
    }

    public func setFavorite(
        list listID: String, pokemonID: Int, isFavorite: Bool, by userID: String, key: String?,
        completion: @escaping @Sendable (Result<FavoriteChange?, any Error>) -> Void
    ) {
        completion(Result { try setFavorite(list: listID, pokemonID: pokemonID, isFavorite: isFavorite, by: userID, key: key) })
    }

    /// A star without a key.
    @discardableResult
    public func setFavorite(list listID: String, pokemonID: Int, isFavorite: Bool, by userID: String) throws -> FavoriteChange? {
        try setFavorite(list: listID, pokemonID: pokemonID, isFavorite: isFavorite, by: userID, key: nil)
    }

    public func setFavorite(
        list listID: String, pokemonID: Int, isFavorite: Bool, by userID: String,
        completion: @escaping @Sendable (Result<FavoriteChange?, any Error>) -> Void
    ) {
        setFavorite(list: listID, pokemonID: pokemonID, isFavorite: isFavorite, by: userID, key: nil, completion: completion)
    }

    public var settlesFavoritesLater: Bool { false }

    public func members(ofList listID: String, as userID: String) throws -> [ListMember] {
        try members(ofList: listID, as: userID, limit: .max)
    }

    /// An invite that works until revoked, for anyone.
    public func createInvite(list listID: String, role: ListRole, by userID: String) throws -> String {
        try createInvite(list: listID, role: role, by: userID, terms: .unlimited)
    }
}
