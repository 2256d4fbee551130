import Foundation
import Logging
import PokedexFeatures
import PokedexModels
import Storage
import Synchronization
import WebSocketServer
import Composable

/// The process's one door to favorites storage, and what it holds of them: the change feed
/// (`FavoritesFeed`: a committed star reaches the sessions only through it, so every holder
/// sees it after its commit, once and in the list's order), the live values read from storage
/// (`LiveValues`), what it knows of memberships (`ListMemberships`), presence and quotas.
/// Writes are in `FavoritesHub+Writes.swift`, the routing of committed events in
/// `FavoritesHub+Events.swift`.
final class FavoritesHub: Sendable {
    let users: any UserStore
    let repository: any ListStore
    let storage: StorageQueue
    let feed: FavoritesFeed
    /// Where the feed's events are applied, one after another.
    let feedQueue = DispatchQueue(label: "pokedex.feed")
    /// Lists per user, members and open invites per list.
    let quota: FavoritesQuota
    let presence: Presence
    let live: LiveValues
    let memberships = ListMemberships()
    /// Renames and revoked tokens, for the sessions of the users they concern.
    let accountEvents = AccountEvents()
    let log: Logger
    let clock: ServerClock

    init(
        users: any UserStore, lists repository: any ListStore, presence: (any PresenceStore)? = nil, process: String = "local",
        quota: FavoritesQuota = FavoritesQuota(), storage: StorageQueue = StorageQueue(), clock: ServerClock = .continuous,
        log: Logger = .silent
    ) {
        self.storage = storage
        live = LiveValues(storage: storage, clock: clock) { [memberships] keyID in
            if let userID = UserListsKey.userID(keyID) { memberships.forget(user: userID) }
        }
        self.users = users
        self.repository = repository
        self.quota = quota
        self.log = log
        self.clock = clock
        self.presence = Presence(store: presence, process: process, storage: storage, clock: clock) { error in
            log.warning("presence.failed", ["error": "\(error)"])
        }
        feed = FavoritesFeed(clock: clock, background: { [storage] in storage.async($0) }) { listID in
            Self.reading("favorites", of: listID, log: log) {
                guard let list = try repository.list(id: listID) else { return nil }
                return try repository.snapshot(ofList: listID, as: list.ownerID)
            } ?? nil
        }
    }

    /// A read for a live value (a list's favorites, roster, activity, a user's lists): nil
    /// when storage fails, which is logged. The value on show then stays as it is, and the
    /// next change or reconnect reads it again.
    func reading<T>(_ what: String, of subject: String, _ body: () throws -> T) -> T? {
        Self.reading(what, of: subject, log: log, body)
    }

    private static func reading<T>(_ what: String, of subject: String, log: Logger, _ body: () throws -> T) -> T? {
        do {
            return try body()
        } catch {
            log.warning("storage.read_failed", ["what": what, "of": subject, "error": "\(error)"])
            return nil
        }
    }

    // MARK: Keys

    func favoritesKey(_ listID: String) -> FavoritesKey { FavoritesKey(listID: listID, hub: self) }
    func activityKey(_ listID: String) -> ActivityKey { ActivityKey(listID: listID, hub: self) }
    func rosterKey(_ listID: String, limit: Int = ListRoster.shownMembers) -> RosterKey {
        RosterKey(listID: listID, hub: self, limit: limit)
    }
    func listsKey(_ userID: String) -> UserListsKey { UserListsKey(userID: userID, hub: self) }
}
