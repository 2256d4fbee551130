import Foundation
import PokedexFeatures
import PokedexModels
import Storage
import Synchronization

/// The process's one door to favorites storage. Writes are intents run on the storage queue
/// (never on a service thread); a committed star reaches the sessions only through the
/// change feed (`FavoritesFeed`), so every holder sees it after its commit, once and in the
/// list's order. Rosters and users' list memberships are reloaded and pushed to their
/// holders when they change.
final class FavoritesHub: Sendable {
    let users: any UserStore
    let repository: any ListStore
    let storage = StorageQueue()
    let feed: FavoritesFeed
    /// Why users lost lists, until their sessions have shown it (keyed by user, then list).
    private let losses = Mutex<[String: [String: ListAccessLoss]]>([:])
    /// Refreshers of live shared values, by key id.
    private let refreshers = Mutex<[String: [Int: @Sendable () -> Void]]>([:])
    private let nextRefresher = Atomic<Int>(0)
    /// Live roster values (each open Favorites view holds one).
    private let openRosters = Atomic<Int>(0)
    /// Connected sessions per user, for presence.
    private let presence = Mutex<[String: Int]>([:])
    /// Roster pushes per list, at most ten a second (joins and presence come in storms).
    private let rosterRefreshes = RefreshThrottle(interval: .milliseconds(100))

    init(users: any UserStore, lists repository: any ListStore) {
        self.users = users
        self.repository = repository
        feed = FavoritesFeed { listID in
            guard let list = try? repository.list(id: listID) else { return nil }
            return try? repository.snapshot(ofList: listID, as: list.ownerID)
        }
    }

    // MARK: Writes

    /// Commits a star's intent, then hands the committed change to the feed.
    /// `committed` runs between the commit and the change reaching any session.
    func setFavorite(
        list listID: String, pokemonID: Int, isFavorite: Bool, by userID: String, committed: @escaping @Sendable () -> Void
    ) async throws {
        let repository = self.repository, feed = self.feed
        try await storage.run {
            let change = try repository.setFavorite(list: listID, pokemonID: pokemonID, isFavorite: isFavorite, by: userID)
            committed()
            if let change { feed.receive(change) }
        }
    }

    /// Runs a membership or invite write on the storage queue; `committed` runs after it.
    func write<T: Sendable>(
        committed: @escaping @Sendable () -> Void, _ body: @escaping @Sendable (any ListStore) throws -> T
    ) async throws -> T {
        let repository = self.repository
        return try await storage.run {
            let result = try body(repository)
            committed()
            return result
        }
    }

    /// The user is no longer a member of the list: their sessions drop it (see
    /// `Session`), with a notice saying why.
    func lostAccess(user userID: String, list listID: String, _ loss: ListAccessLoss) {
        losses.withLock { losses in
            // Read by every session of the user, so kept; bounded, since a reason unknown
            // reads as a removal, which is what a notice may safely say.
            if losses.count >= 10_000 { losses.removeAll() }
            losses[userID, default: [:]][listID] = loss
        }
        refreshLists(ofUser: userID)
        refreshRoster(listID)
    }

    /// Why the user lost the list (nil: not known here, e.g. another process did it).
    func loss(user userID: String, list listID: String) -> ListAccessLoss? {
        losses.withLock { $0[userID]?[listID] }
    }

    /// The user joined the list (again): an old reason for losing it no longer applies.
    func rejoined(user userID: String, list listID: String) {
        losses.withLock { losses in
            losses[userID]?[listID] = nil
            if losses[userID]?.isEmpty == true { losses[userID] = nil }
        }
    }

    // MARK: Keys

    func favoritesKey(_ listID: String) -> FavoritesKey { FavoritesKey(listID: listID, hub: self) }
    func rosterKey(_ listID: String) -> RosterKey { RosterKey(listID: listID, hub: self) }
    func listsKey(_ userID: String) -> UserListsKey { UserListsKey(userID: userID, hub: self) }

    /// Registers a refresher for a key id; it lives as long as the returned token.
    func onRefresh(_ keyID: String, _ refresh: @escaping @Sendable () -> Void) -> @Sendable () -> Void {
        let id = nextRefresher.add(1, ordering: .relaxed).newValue
        let isRoster = keyID.hasPrefix(RosterKey.keyPrefix)
        if isRoster { openRosters.add(1, ordering: .relaxed) }
        refreshers.withLock { $0[keyID, default: [:]][id] = refresh }
        return { [weak self] in
            guard let self else { return }
            let removed = refreshers.withLock { table in
                defer { if table[keyID]?.isEmpty == true { table[keyID] = nil } }
                return table[keyID]?.removeValue(forKey: id) != nil
            }
            if removed, isRoster { openRosters.subtract(1, ordering: .relaxed) }
        }
    }

    /// Reloads every live value of these keys and pushes it to their holders.
    func refresh(_ keyIDs: [String]) {
        let calls = refreshers.withLock { table in keyIDs.flatMap { table[$0].map { Array($0.values) } ?? [] } }
        for call in calls { call() }
    }

    func refreshRoster(_ listID: String) {
        let keyID = RosterKey.keyID(listID)
        rosterRefreshes.run(keyID) { self.refresh([keyID]) }
    }

    func refreshLists(ofUser userID: String) { refresh([UserListsKey.keyID(userID)]) }

    /// Rosters of every list the user is in (their name or presence changed). Skipped when no
    /// roster is open anywhere: then nobody shows presence, and every connect and disconnect
    /// would look up the user's lists for nothing.
    func refreshRosters(ofUser userID: String) {
        guard openRosters.load(ordering: .relaxed) > 0 else { return }
        let lists = (try? repository.lists(forUser: userID)) ?? []
        for list in lists { refreshRoster(list.list.id) }
    }

    // MARK: Presence

    func connected(_ userID: String) {
        let first = presence.withLock { counts -> Bool in
            counts[userID, default: 0] += 1
            return counts[userID] == 1
        }
        if first { refreshRosters(ofUser: userID) }
    }

    func disconnected(_ userID: String) {
        let last = presence.withLock { counts -> Bool in
            counts[userID, default: 1] -= 1
            if counts[userID] == 0 { counts[userID] = nil; return true }
            return false
        }
        if last { refreshRosters(ofUser: userID) }
    }

    func isOnline(_ userID: String) -> Bool {
        presence.withLock { $0[userID] != nil }
    }
}
