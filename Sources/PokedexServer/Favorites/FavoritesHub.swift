import Foundation
import Logging
import PokedexFeatures
import PokedexModels
import Storage
import Synchronization
import WebSocketServer
import Composable

/// The process's one door to favorites storage. Writes are intents run on the storage queue
/// (never on a service thread); a committed star reaches the sessions only through the
/// change feed (`FavoritesFeed`), so every holder sees it after its commit, once and in the
/// list's order. Rosters and users' list memberships are reloaded and pushed to their
/// holders when they change.
final class FavoritesHub: Sendable {
    let users: any UserStore
    let repository: any ListStore
    let storage: StorageQueue
    let feed: FavoritesFeed
    /// Where the feed's events are applied, one after another.
    private let feedQueue = DispatchQueue(label: "pokedex.feed")
    /// Why users lost lists, until their sessions have shown it (keyed by user, then list).
    private let losses = Mutex<[String: [String: ListAccessLoss]]>([:])
    /// Lists per user, members and open invites per list.
    let quota: FavoritesQuota
    /// Refreshers of live shared values, by key id.
    private let refreshers = Mutex<[String: [Int: @Sendable () -> Void]]>([:])
    private let nextRefresher = Atomic<Int>(0)
    /// Live roster values (each open Favorites view holds one).
    private let openRosters = Atomic<Int>(0)
    let presence: Presence
    /// Renames and revoked tokens, for the sessions of the users they concern.
    let accountEvents = AccountEvents()
    /// Roster pushes per list, at most ten a second (joins and presence come in storms).
    private let rosterRefreshes: RefreshThrottle
    /// Activity pushes per list, at most ten a second (stars come in storms).
    private let activityRefreshes: RefreshThrottle
    /// The lists of each user whose lists this process holds (by user id): whose lists to read
    /// again when a list is renamed or deleted, which storage can no longer say once it is gone.
    private let heldMemberships = Mutex<[String: Set<String>]>([:])
    /// The roster pages and activity last read of each list, until the list is refreshed.
    let rosterReads = ListReadCache<ListRoster>()
    let activityReads = ListReadCache<ListActivity>()
    /// Lists deleted lately, so their members' sessions say why they lost them (bounded).
    private let deletedLists = Mutex<Set<String>>([])
    let log: Logger
    let clock: ServerClock

    init(
        users: any UserStore, lists repository: any ListStore, presence: (any PresenceStore)? = nil, process: String = "local",
        quota: FavoritesQuota = FavoritesQuota(), storage: StorageQueue = StorageQueue(), clock: ServerClock = .continuous,
        log: Logger = .silent
    ) {
        rosterRefreshes = RefreshThrottle(interval: .milliseconds(100), clock: clock)
        activityRefreshes = RefreshThrottle(interval: .milliseconds(100), clock: clock)
        self.storage = storage
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

    // MARK: Writes

    /// Commits a star's intent, then applies the committed change (the feed brings other
    /// processes' changes the same way); `committed` is told what it was first (see
    /// `PendingAcks`: the ack waits for the patch showing the change).
    func setFavorite(
        list listID: String, pokemonID: Int, isFavorite: Bool, by userID: String, key: String? = nil,
        committed: @escaping @Sendable (SessionWriter.Commit) -> Void
    ) async throws {
        let repository = self.repository
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            let submit: @Sendable () -> Void = {
                repository.setFavorite(list: listID, pokemonID: pokemonID, isFavorite: isFavorite, by: userID, key: key) { outcome in
                    switch outcome {
                    case let .success(change):
                        if let change {
                            // Owed before the change is applied: the ack then rides the very
                            // patch that shows it, and no patch before that.
                            committed(.star(PendingAcks.ListSeq(listID: change.listID, seq: change.seq)))
                            self.apply(.favorite(change))
                        } else {
                            committed(.unchanged)
                        }
                        continuation.resume()
                    case let .failure(error):
                        continuation.resume(throwing: error)
                    }
                }
            }
            // A store that settles later only queues the star: no storage thread waits for it.
            if repository.settlesFavoritesLater { submit() } else { storage.async(submit) }
        }
    }

    /// Joins a list through an invite: the quotas are checked on the storage queue, then the
    /// join is queued for the store's next batch, and no thread waits for its commit (a join
    /// storm held every storage thread otherwise, and the hellos queued behind them).
    func join(code: String, user userID: String, committed: @escaping @Sendable (SessionWriter.Commit) -> Void) async throws -> FavoritesList {
        let (repository, quota, storage) = (self.repository, self.quota, self.storage)
        if quota.checksJoins { try await storage.run { try quota.checkJoin(code: code, user: userID, repository) } }
        return try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<FavoritesList, any Error>) in
            let accept: @Sendable () -> Void = {
                repository.acceptInvite(code: code, user: userID) { outcome in
                    guard case let .success(list) = outcome else { return continuation.resume(with: outcome) }
                    // The events reload lists (blocking reads): on the storage queue.
                    storage.async {
                        self.apply(.memberJoined(listID: list.id, userID: userID))
                        committed(.other)
                        continuation.resume(returning: list)
                    }
                }
            }
            if repository.settlesFavoritesLater { accept() } else { storage.async(accept) }
        }
    }

    /// Runs a write on the storage queue; the events it committed are applied here, and
    /// `committed` runs (before them for a star, after them otherwise). (In cluster mode storage also announces them to the other processes,
    /// in the write's own transaction.)
    func write<T: Sendable>(
        committed: @escaping @Sendable (SessionWriter.Commit) -> Void,
        _ body: @escaping @Sendable (any ListStore) throws -> (T, [StorageEvent])
    ) async throws -> T {
        let repository = self.repository
        return try await storage.run {
            let (result, events) = try body(repository)
            // An undo is a star: its ack is owed first, and rides the patch that shows it.
            let star = events.lazy.compactMap { event -> FavoriteChange? in
                if case let .favorite(change) = event { change } else { nil }
            }.last
            if let star { committed(.star(PendingAcks.ListSeq(listID: star.listID, seq: star.seq))) }
            for event in events { self.apply(event) }
            if star == nil { committed(.other) }
            return result
        }
    }

    /// A committed change, made here or, through the feed, in another process. Blocking
    /// (reloads): called on the storage queue or the feed's thread.
    func apply(_ event: StorageEvent) {
        switch event {
        case let .favorite(change):
            feed.receive(change)
        case let .memberLeft(listID, userID, removed):
            losses.withLock { losses in
                // Read by every session of the user, so kept; bounded, since a reason unknown
                // reads as a removal, which is what a notice may safely say.
                if losses.count >= 10_000 { losses.removeAll() }
                losses[userID, default: [:]][listID] = removed ? .removed : .left
            }
            // The user's sessions see the list gone from their lists and drop it (`Session`).
            refreshLists(ofUser: userID)
            refreshRoster(listID)
        case let .memberJoined(listID, userID):
            losses.withLock { losses in
                losses[userID]?[listID] = nil
                if losses[userID]?.isEmpty == true { losses[userID] = nil }
            }
            refreshRoster(listID)
            refreshLists(ofUser: userID)
        case let .invitesChanged(listID):
            refreshRoster(listID)
        case .activityChanged:
            break
        case let .userRenamed(userID):
            refreshRosters(ofUsers: [userID])
            accountEvents.deliver(event)
        case let .presenceChanged(userIDs):
            refreshRosters(ofUsers: userIDs)
        case let .listRenamed(listID):
            refreshLists(ofMembersOf: listID)
        case let .listDeleted(listID):
            deletedLists.withLock { deleted in
                if deleted.count >= 10_000 { deleted.removeAll() }
                deleted.insert(listID)
            }
            refreshLists(ofMembersOf: listID)
        case let .roleChanged(listID, userID):
            refreshLists(ofUser: userID)
            refreshRoster(listID)
        case .signedOut:
            accountEvents.deliver(event)
        }
        if let listID = event.loggedListID { refreshActivity(listID) }
    }

    /// An event another process committed, from the feed's thread: applied in the order
    /// they came, off that thread (applying may reload from storage).
    func applyFromFeed(_ event: StorageEvent) {
        // Presence only reloads rosters: off the feed's queue, whose stars must not wait for
        // a connect storm's look-ups.
        if case .presenceChanged = event { return storage.async { self.apply(event) } }
        feedQueue.async { self.apply(event) }
    }

    /// The feed lost its connection and got it back: events may have been missed, so every
    /// held list, membership and roster is read again.
    func feedReconnected() {
        feedQueue.async {
            self.rosterReads.invalidateAll()
            self.activityReads.invalidateAll()
            self.feed.reloadAll()
            let keys = self.refreshers.withLock { Array($0.keys) }
            self.refresh(keys.filter { !$0.hasPrefix(RosterKey.keyPrefix) })
            for key in keys where key.hasPrefix(RosterKey.keyPrefix) {
                self.refreshRoster(String(key.dropFirst(RosterKey.keyPrefix.count)))
            }
        }
    }

    /// Why the user lost the list (nil: not known here).
    func loss(user userID: String, list listID: String) -> ListAccessLoss? {
        if deletedLists.withLock({ $0.contains(listID) }) { return .deleted }
        return losses.withLock { $0[userID]?[listID] }
    }

    /// Remembers the lists a held user is in (`heldMemberships`).
    func noteLists(_ lists: [ListSummary], ofUser userID: String) {
        heldMemberships.withLock { $0[userID] = Set(lists.map(\.id)) }
    }

    /// Reads again the lists of every user this process holds who is in the list.
    func refreshLists(ofMembersOf listID: String) {
        let users = heldMemberships.withLock { held in held.compactMap { $0.value.contains(listID) ? $0.key : nil } }
        refresh(users.map(UserListsKey.keyID))
    }

    // MARK: Keys

    func favoritesKey(_ listID: String) -> FavoritesKey { FavoritesKey(listID: listID, hub: self) }
    func activityKey(_ listID: String) -> ActivityKey { ActivityKey(listID: listID, hub: self) }
    func rosterKey(_ listID: String, limit: Int = ListRoster.shownMembers) -> RosterKey {
        RosterKey(listID: listID, hub: self, limit: limit)
    }
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
            if removed, let userID = UserListsKey.userID(keyID), refreshers.withLock({ $0[keyID] == nil }) {
                heldMemberships.withLock { _ = $0.removeValue(forKey: userID) }
            }
        }
    }

    /// A key's subscription: `load` again on every refresh of `keyID`, and once at once off the
    /// thread when subscribed on a service thread (where the key's own load answered nothing).
    func subscription<Value>(
        _ keyID: String, readingOffServiceThreads load: @escaping @Sendable () -> Value?, _ onChange: @escaping @Sendable (Value) -> Void
    ) -> SharedKeySubscription {
        let reload: @Sendable () -> Void = { if let value = load() { onChange(value) } }
        let cancel = onRefresh(keyID, reload)
        if ServiceThreads.isCurrent { storage.async(reload) }
        return SharedKeySubscription(cancel: cancel)
    }

    /// Reloads every live value of these keys and pushes it to their holders.
    func refresh(_ keyIDs: [String]) {
        let calls = refreshers.withLock { table in keyIDs.flatMap { table[$0].map { Array($0.values) } ?? [] } }
        for call in calls { call() }
    }

    func refreshRoster(_ listID: String) {
        let keyID = RosterKey.keyID(listID)
        let holders = RosterKey(listID: listID, hub: self).holderCount
        rosterRefreshes.run(keyID, atLeast: Self.pushInterval(holders: holders)) {
            self.rosterReads.invalidate(list: listID)
            self.refresh([keyID])
        }
    }

    /// The shortest time between two pushes of one roster or activity to its holders: each
    /// push is a projection, a diff and a frame per holder on the service threads (about a
    /// tenth of a millisecond each), so a value held by thousands (a big list's members all
    /// looking at it while it fills) is pushed less often, and its pushes stay about a tenth
    /// of those threads' time whatever the list's size.
    static func pushInterval(holders: Int) -> Duration {
        .milliseconds(holders)
    }

    func refreshLists(ofUser userID: String) { refresh([UserListsKey.keyID(userID)]) }

    /// Rosters of every list the users are in (their name or presence changed), with one
    /// query. Skipped when no roster is open anywhere: then nobody shows presence, and every
    /// connect and disconnect would look up the users' lists for nothing.
    func refreshRosters(ofUsers userIDs: [String]) {
        guard !userIDs.isEmpty else { return }
        // Nobody shows a roster: the pages read before may show these users as they were.
        guard openRosters.load(ordering: .relaxed) > 0 else { return rosterReads.invalidateAll() }
        let lists = reading("lists of members", of: "\(userIDs.count) users") { try repository.listIDs(ofMembers: userIDs) } ?? []
        for listID in lists {
            refreshRoster(listID)
            refreshActivity(listID)
        }
    }

    /// Reloads the list's activity for the Favorites views showing it, if any does (throttled:
    /// a burst of stars is one reload at its end).
    func refreshActivity(_ listID: String) {
        let keyID = ActivityKey.keyID(listID)
        guard refreshers.withLock({ $0[keyID] != nil }) else { return activityReads.invalidate(list: listID) }
        let holders = ActivityKey(listID: listID, hub: self).holderCount
        activityRefreshes.run(keyID, atLeast: Self.pushInterval(holders: holders)) {
            self.activityReads.invalidate(list: listID)
            self.refresh([keyID])
        }
    }

    // MARK: Presence

    // Rosters reload from storage: in place where the caller may block (a hello's task), on
    // the storage queue from a service thread (a connection that closed).

    func connected(_ userID: String) {
        if presence.connected(userID) { applyOffServiceThreads(.presenceChanged(userIDs: [userID])) }
    }

    func disconnected(_ userID: String) {
        if presence.disconnected(userID) { applyOffServiceThreads(.presenceChanged(userIDs: [userID])) }
    }

    private func applyOffServiceThreads(_ event: StorageEvent) {
        if ServiceThreads.isCurrent { storage.async { self.apply(event) } } else { apply(event) }
    }
}
