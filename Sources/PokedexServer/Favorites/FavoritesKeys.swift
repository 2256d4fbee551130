import Composable
import PokedexModels
import Storage

/// A list's favorite ids, persisted as set/unset operations.
struct FavoritesKey: SharedKey {
    let listID: String
    let hub: FavoritesHub

    var id: String { "favorites:\(listID)" }

    func load() -> Set<Int>? {
        guard let list = try? hub.repository.list(id: listID) else { return nil }
        return try? hub.repository.favorites(inList: listID, as: list.ownerID)
    }

    /// Stores the difference as set/unset operations by the acting user; throwing (a viewer,
    /// a non-member) restores the previous value.
    func save(_ value: Set<Int>, previous: Set<Int>) throws {
        guard let userID = ActionContext.current?.userID else { throw FavoritesError.forbidden }
        for added in value.subtracting(previous).sorted() {
            try hub.repository.setFavorite(list: listID, pokemonID: added, isFavorite: true, by: userID)
        }
        for removed in previous.subtracting(value).sorted() {
            try hub.repository.setFavorite(list: listID, pokemonID: removed, isFavorite: false, by: userID)
        }
    }

    func subscribe(_ onChange: @escaping @Sendable (Set<Int>) -> Void) -> SharedKeySubscription {
        SharedKeySubscription(cancel: hub.onRefresh(id) { if let value = load() { onChange(value) } })
    }
}

/// A list's members with presence, and its open invites. Read-only: changed through the hub.
struct RosterKey: SharedKey {
    let listID: String
    let hub: FavoritesHub

    static let keyPrefix = "roster:"
    static func keyID(_ listID: String) -> String { keyPrefix + listID }
    var id: String { Self.keyID(listID) }

    func load() -> ListRoster? {
        guard let list = try? hub.repository.list(id: listID),
              let members = try? hub.repository.members(ofList: listID, as: list.ownerID, limit: ListRoster.shownMembers),
              let count = try? hub.repository.memberCount(ofList: listID, as: list.ownerID),
              let invites = try? hub.repository.invites(ofList: listID, by: list.ownerID)
        else { return nil }
        return ListRoster(
            members: members.map { .init(user: $0.user, role: $0.role, isOnline: hub.isOnline($0.user.id)) },
            memberCount: count,
            invites: invites.filter { !$0.isRevoked }.map { .init(id: $0.id, role: $0.role) }
        )
    }

    func save(_ value: ListRoster, previous: ListRoster) throws {
        throw FavoritesError.forbidden
    }

    func subscribe(_ onChange: @escaping @Sendable (ListRoster) -> Void) -> SharedKeySubscription {
        SharedKeySubscription(cancel: hub.onRefresh(id) { if let value = load() { onChange(value) } })
    }
}

/// The lists a user belongs to. Read-only: changed through the hub.
struct UserListsKey: SharedKey {
    let userID: String
    let hub: FavoritesHub

    static func keyID(_ userID: String) -> String { "lists:\(userID)" }
    var id: String { Self.keyID(userID) }

    func load() -> [ListSummary]? {
        try? hub.repository.lists(forUser: userID).map { ListSummary(list: $0.list, role: $0.role) }
    }

    func save(_ value: [ListSummary], previous: [ListSummary]) throws {
        throw FavoritesError.forbidden
    }

    func subscribe(_ onChange: @escaping @Sendable ([ListSummary]) -> Void) -> SharedKeySubscription {
        SharedKeySubscription(cancel: hub.onRefresh(id) { if let value = load() { onChange(value) } })
    }
}
