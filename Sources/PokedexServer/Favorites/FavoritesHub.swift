import Foundation
import PokedexModels
import Storage
import Synchronization

/// The process's one door to favorites storage. Writes go through `FavoritesKey.save`, which
/// runs under the lock of the list's single shared reference, so each list's operations are
/// applied in one order and committed to SQLite before any session sees them. Rosters and
/// users' list memberships are reloaded and pushed to their holders when they change.
final class FavoritesHub: Sendable {
    let users: UserRepository
    let repository: FavoritesRepository
    /// Lists per user, members and open invites per list.
    let quota: FavoritesQuota
    /// Refreshers of live shared values, by key id.
    private let refreshers = Mutex<[String: [Int: @Sendable () -> Void]]>([:])
    private let nextRefresher = Atomic<Int>(0)
    /// Live roster values (each open Favorites view holds one).
    private let openRosters = Atomic<Int>(0)
    /// Connected sessions per user, for presence.
    private let presence = Mutex<[String: Int]>([:])
    /// Roster pushes per list, at most ten a second (joins and presence come in storms).
    private let rosterRefreshes = RefreshThrottle(interval: .milliseconds(100))

    init(database: Database, quota: FavoritesQuota = FavoritesQuota()) {
        users = UserRepository(database: database)
        repository = FavoritesRepository(database: database)
        self.quota = quota
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
