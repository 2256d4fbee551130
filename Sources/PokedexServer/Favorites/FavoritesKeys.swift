import Composable
import PokedexModels
import Storage
import WebSocketServer

/// A list's favorite ids, as the process's change feed keeps them. Read-only: a star is an
/// intent (`FavoritesClient.setFavorite`) that storage commits, and every holder sees it when
/// the feed brings the committed change.
struct FavoritesKey: SharedKey {
    let listID: String
    let hub: FavoritesHub

    var id: String { "favorites:\(listID)" }

    /// On a service thread (a reducer switching lists) only a list the process holds is
    /// answered at once; any other starts empty and is read off the thread (`subscribe`).
    func load() -> Set<Int>? {
        ServiceThreads.isCurrent ? hub.feed.held(listID) : hub.feed.load(listID)
    }

    func save(_ value: Set<Int>, previous: Set<Int>) throws {
        throw FavoritesError.forbidden
    }

    func subscribe(_ onChange: @escaping @Sendable (Set<Int>) -> Void) -> SharedKeySubscription {
        let cancel = hub.feed.subscribe(listID, onChange)
        if ServiceThreads.isCurrent { hub.feed.loadLater(listID) }
        return SharedKeySubscription(cancel: cancel)
    }
}

/// A list's members with presence, and its open invites. Read-only: changed through the hub.
struct RosterKey: SharedKey {
    let listID: String
    let hub: FavoritesHub

    static let keyPrefix = "roster:"
    static func keyID(_ listID: String) -> String { keyPrefix + listID }
    var id: String { Self.keyID(listID) }

    /// Nil on a service thread, which may not block (a Favorites view opening): `subscribe`
    /// then reads it off the thread, and the view shows the roster once it is read.
    func load() -> ListRoster? {
        ServiceThreads.isCurrent ? nil : read()
    }

    private func read() -> ListRoster? {
        guard let list = try? hub.repository.list(id: listID),
              let members = try? hub.repository.members(ofList: listID, as: list.ownerID, limit: ListRoster.shownMembers),
              let count = try? hub.repository.memberCount(ofList: listID, as: list.ownerID),
              let invites = try? hub.repository.invites(ofList: listID, by: list.ownerID)
        else { return nil }
        let online = hub.presence.online(among: members.map(\.user.id))
        return ListRoster(
            members: members.map { .init(user: $0.user, role: $0.role, isOnline: online.contains($0.user.id)) },
            memberCount: count,
            invites: invites.filter { !$0.isRevoked }.map { .init(id: $0.id, role: $0.role) }
        )
    }

    func save(_ value: ListRoster, previous: ListRoster) throws {
        throw FavoritesError.forbidden
    }

    func subscribe(_ onChange: @escaping @Sendable (ListRoster) -> Void) -> SharedKeySubscription {
        hub.subscription(id, readingOffServiceThreads: read, onChange)
    }
}

/// The lists a user belongs to. Read-only: changed through the hub.
struct UserListsKey: SharedKey {
    let userID: String
    let hub: FavoritesHub

    static func keyID(_ userID: String) -> String { "lists:\(userID)" }
    var id: String { Self.keyID(userID) }

    /// Nil on a service thread, which may not block: `subscribe` then reads it off the thread.
    func load() -> [ListSummary]? {
        guard !ServiceThreads.isCurrent else { return nil }
        return try? hub.repository.lists(forUser: userID).map { ListSummary(list: $0.list, role: $0.role) }
    }

    func save(_ value: [ListSummary], previous: [ListSummary]) throws {
        throw FavoritesError.forbidden
    }

    func subscribe(_ onChange: @escaping @Sendable ([ListSummary]) -> Void) -> SharedKeySubscription {
        hub.subscription(id, readingOffServiceThreads: load, onChange)
    }
}
