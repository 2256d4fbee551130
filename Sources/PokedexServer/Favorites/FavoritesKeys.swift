import Foundation
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

/// A list's first `limit` members with presence, and its open invites. Read-only: changed
/// through the hub. Every limit of a list is refreshed under the list's one key id.
struct RosterKey: SharedKey {
    let listID: String
    let hub: FavoritesHub
    var limit = ListRoster.shownMembers

    static let keyPrefix = "roster:"
    static func keyID(_ listID: String) -> String { keyPrefix + listID }
    var id: String { limit == ListRoster.shownMembers ? Self.keyID(listID) : "\(Self.keyID(listID))@\(limit)" }

    /// Nil on a service thread, which may not block (a Favorites view opening): `subscribe`
    /// then reads it off the thread, and the view shows the roster once it is read.
    func load() -> ListRoster? {
        ServiceThreads.isCurrent ? nil : read()
    }

    /// The roster as last read since the list's last refresh, or from storage.
    private func read() -> ListRoster? {
        hub.live.rosterReads.value(list: listID, variant: String(limit), read: readFromStorage)
    }

    private func readFromStorage() -> ListRoster? {
        let repository = hub.repository
        let read = hub.reading("roster", of: listID) { () -> (members: [ListMember], count: Int, invites: [ListInvite])? in
            guard let list = try repository.list(id: listID) else { return nil }
            return (
                try repository.members(ofList: listID, as: list.ownerID, limit: limit),
                try repository.memberCount(ofList: listID, as: list.ownerID),
                try repository.invites(ofList: listID, by: list.ownerID)
            )
        }
        guard let (members, count, invites) = read ?? nil else { return nil }
        let online = hub.presence.online(among: members.map(\.user.id))
        let now = hub.clock.date()
        return ListRoster(
            members: members.map { .init(user: $0.user, role: $0.role, isOnline: online.contains($0.user.id)) },
            memberCount: count,
            invites: invites.filter { $0.isOpen(at: now) }.map {
                .init(
                    id: $0.id, role: $0.role, uses: $0.uses, maxUses: $0.maxUses,
                    expiresAt: $0.expiresAt.map { Int64(($0.timeIntervalSince1970 * 1000).rounded()) }
                )
            }
        )
    }

    func save(_ value: ListRoster, previous: ListRoster) throws {
        throw FavoritesError.forbidden
    }

    func subscribe(_ onChange: @escaping @Sendable (ListRoster) -> Void) -> SharedKeySubscription {
        hub.live.subscription(Self.keyID(listID), readingOffServiceThreads: read, onChange)
    }
}

/// The lists a user belongs to. Read-only: changed through the hub.
struct UserListsKey: SharedKey {
    /// Made once, not on each use: the registry's entry and the live values' table keep it, one
    /// string for both. (The key keeps the id, not the user's id beside it: the shared box
    /// holds the key inline only while it is three words.)
    let id: String
    let hub: FavoritesHub

    init(userID: String, hub: FavoritesHub) {
        id = Self.keyID(userID)
        self.hub = hub
    }

    var userID: String { String(id.dropFirst(Self.keyPrefix.count)) }

    static let keyPrefix = "lists:"
    static func keyID(_ userID: String) -> String { keyPrefix + userID }
    /// The user of a lists key id (nil for another key's).
    static func userID(_ keyID: String) -> String? {
        keyID.hasPrefix(keyPrefix) ? String(keyID.dropFirst(keyPrefix.count)) : nil
    }

    /// Nil on a service thread, which may not block: `subscribe` then reads it off the thread.
    func load() -> [ListSummary]? {
        guard !ServiceThreads.isCurrent else { return nil }
        let userID = self.userID
        guard let lists = hub.reading("lists", of: userID, { try hub.repository.lists(forUser: userID) })?
            .map({ ListSummary(list: $0.list, role: $0.role) })
        else { return nil }
        hub.memberships.note(lists, ofUser: userID)
        return lists
    }

    func save(_ value: [ListSummary], previous: [ListSummary]) throws {
        throw FavoritesError.forbidden
    }

    func subscribe(_ onChange: @escaping @Sendable ([ListSummary]) -> Void) -> SharedKeySubscription {
        hub.live.subscription(id, readingOffServiceThreads: load, onChange)
    }
}
