import Foundation
import Composable
import FavoritesClient
import PokedexModels
import Storage

extension FavoritesClient {
    /// A session's favorites through the process's hub: shared values keyed by list, and
    /// writes by the session's user (`writer`) that commit on the storage queue, then push what
    /// changed. `SessionContext.favoritesClient(for:)` builds one per session.
    ///
    /// Every closure captures one object, `LiveFavorites`, and nothing else (see INTERNALS,
    /// "What an idle session holds").
    static func live(hub: FavoritesHub, writer: SessionWriter) -> FavoritesClient {
        let live = LiveFavorites(hub: hub, writer: writer)
        var client = FavoritesClient(
            lists: { [live] in live.lists() },
            favorites: { [live] listID in live.favorites(listID) },
            roster: { [live] listID in live.roster(listID) },
            setFavorite: { [live] listID, pokemonID, isFavorite in
                try await live.setFavorite(listID, pokemonID, isFavorite)
            },
            createInvite: { [live] listID, role, options in try await live.createInvite(listID, role, options) },
            revokeInvite: { [live] listID, inviteID in try await live.revokeInvite(listID, inviteID) },
            removeMember: { [live] listID, memberID in try await live.removeMember(listID, memberID) },
            leave: { [live] listID in try await live.leave(listID) },
            join: { [live] code in try await live.join(code) },
            rename: { [live] name in try await live.rename(name) },
            activity: { [live] listID in live.activity(listID) },
            undo: { [live] listID in try await live.undo(listID) }
        )
        client.rosterPage = { [live] listID, limit in live.rosterPage(listID, limit) }
        client.createList = { [live] name in try await live.createList(name) }
        client.renameList = { [live] listID, name in try await live.renameList(listID, name) }
        client.deleteList = { [live] listID in try await live.deleteList(listID) }
        client.setRole = { [live] listID, memberID, role in try await live.setRole(listID, memberID, role) }
        client.transferOwnership = { [live] listID, memberID in try await live.transferOwnership(listID, memberID) }
        return client
    }
}

/// What a session's `FavoritesClient` does: reads through the hub's shared values, writes by
/// the session's user through its writer.
final class LiveFavorites: Sendable {
    let hub: FavoritesHub
    let writer: SessionWriter
    var userID: String { writer.userID }

    init(hub: FavoritesHub, writer: SessionWriter) {
        self.hub = hub
        self.writer = writer
    }

    /// A write of the user's through the hub: `change` runs on the storage queue and returns
    /// its result and the events it committed.
    private func commit<T: Sendable>(
        _ change: @escaping @Sendable (any ListStore) throws -> (T, [StorageEvent])
    ) async throws -> T {
        let hub = self.hub
        return try await writer.write { _, committed in try await hub.write(committed: committed, change) }
    }

    func lists() -> Shared<[ListSummary]> { Shared(hub.listsKey(userID), default: []) }

    func favorites(_ listID: String) -> Shared<Set<Int>> { Shared(hub.favoritesKey(listID), default: []) }

    func roster(_ listID: String) -> Shared<ListRoster> { Shared(hub.rosterKey(listID), default: ListRoster()) }

    func activity(_ listID: String) -> Shared<ListActivity> { Shared(hub.activityKey(listID), default: ListActivity()) }

    func rosterPage(_ listID: String, _ limit: Int) -> Shared<ListRoster> {
        // Until the longer page is read (off the service thread), the roster on show stays.
        let shown = Shared(hub.rosterKey(listID), default: ListRoster()).wrappedValue
        return Shared(hub.rosterKey(listID, limit: limit), default: shown)
    }

    func setFavorite(_ listID: String, _ pokemonID: Int, _ isFavorite: Bool) async throws {
        let (hub, userID) = (self.hub, self.userID)
        try await writer.write { key, committed in
            try await hub.setFavorite(
                list: listID, pokemonID: pokemonID, isFavorite: isFavorite, by: userID, key: key, committed: committed)
        }
    }

    func createInvite(_ listID: String, _ role: ListRole, _ options: InviteOptions) async throws -> String {
        let (hub, userID) = (self.hub, self.userID)
        return try await commit { lists in
            try hub.quota.checkNewInvite(list: listID, lists)
            let terms = InviteTerms(lifetime: TimeInterval(options.expiresInDays) * 86_400, maxUses: options.maxUses)
            return (try lists.createInvite(list: listID, role: role, by: userID, terms: terms), [.invitesChanged(listID: listID)])
        }
    }

    func revokeInvite(_ listID: String, _ inviteID: String) async throws {
        let userID = self.userID
        try await commit { lists in
            try lists.revokeInvite(id: inviteID, list: listID, by: userID)
            return ((), [.invitesChanged(listID: listID)])
        }
    }

    func removeMember(_ listID: String, _ memberID: String) async throws {
        let userID = self.userID
        try await commit { lists in
            try lists.removeMember(list: listID, user: memberID, by: userID)
            return ((), [.memberLeft(listID: listID, userID: memberID, removed: true)])
        }
    }

    func leave(_ listID: String) async throws {
        let userID = self.userID
        try await commit { lists in
            try lists.leave(list: listID, user: userID)
            return ((), [.memberLeft(listID: listID, userID: userID, removed: false)])
        }
    }

    func join(_ code: String) async throws -> FavoritesList {
        let (hub, userID) = (self.hub, self.userID)
        return try await writer.write { _, committed in try await hub.join(code: code, user: userID, committed: committed).list }
    }

    func rename(_ name: String) async throws -> User {
        let (hub, userID) = (self.hub, self.userID)
        return try await commit { _ in (try hub.users.rename(userID: userID, to: name), [.userRenamed(userID: userID)]) }
    }

    func undo(_ listID: String) async throws -> UndoneStar? {
        let userID = self.userID
        return try await commit { lists in
            guard let undo = try lists.undo(list: listID, by: userID) else { return (nil, []) }
            return (undo.undone, [undo.change.map(StorageEvent.favorite) ?? .activityChanged(listID: listID)])
        }
    }

    // Named lists and roles: each a write whose events are applied here once committed (and
    // announced to other processes by the cluster's store).

    func createList(_ name: String) async throws -> FavoritesList {
        let (hub, userID) = (self.hub, self.userID)
        return try await commit { lists in
            try hub.quota.checkNewList(user: userID, lists)
            let list = try lists.createList(named: name, by: userID)
            return (list, [.memberJoined(listID: list.id, userID: userID)])
        }
    }

    func renameList(_ listID: String, _ name: String) async throws {
        let userID = self.userID
        try await commit { lists in
            _ = try lists.renameList(listID, to: name, by: userID)
            return ((), [.listRenamed(listID: listID)])
        }
    }

    func deleteList(_ listID: String) async throws {
        let userID = self.userID
        try await commit { lists in
            try lists.deleteList(listID, by: userID)
            return ((), [.listDeleted(listID: listID)])
        }
    }

    func setRole(_ listID: String, _ memberID: String, _ role: ListRole) async throws {
        let userID = self.userID
        try await commit { lists in
            let changed = try lists.setRole(list: listID, member: memberID, role: role, by: userID)
            return ((), changed ? [.roleChanged(listID: listID, userID: memberID)] : [])
        }
    }

    func transferOwnership(_ listID: String, _ memberID: String) async throws {
        let userID = self.userID
        try await commit { lists in
            try lists.transferOwnership(list: listID, to: memberID, by: userID)
            return ((), [.roleChanged(listID: listID, userID: memberID), .roleChanged(listID: listID, userID: userID)])
        }
    }
}
