import Composable
import PokedexModels
import Synchronization
import WebSocketServer

/// The live shared values read from storage (rosters, activity, users' lists): each holder's
/// key registers a refresher here, and a refresh reads the value again and pushes it. Roster
/// and activity pushes are throttled per list, and their reads shared between the views that
/// open meanwhile (`ListReadCache`).
final class LiveValues: Sendable {
    /// How a holder's live value is brought up to date: read again, or handed a value the
    /// process already knows (one it just committed).
    private struct Refresher {
        let reload: @Sendable () -> Void
        let push: @Sendable (any Sendable) -> Void
    }

    /// Refreshers of live shared values, by key id.
    private let refreshers = Mutex<[String: Subscribers<Refresher>]>([:])
    private let nextRefresher = Atomic<Int>(0)
    /// Live roster values (each open Favorites view holds one).
    private let openRosters = Atomic<Int>(0)
    /// Roster pushes per list, at most ten a second (joins and presence come in storms).
    private let rosterRefreshes: RefreshThrottle
    /// Activity pushes per list, at most ten a second (stars come in storms).
    private let activityRefreshes: RefreshThrottle
    /// The roster pages and activity last read of each list, until the list is refreshed.
    let rosterReads = ListReadCache<ListRoster>()
    let activityReads = ListReadCache<ListActivity>()
    private let storage: StorageQueue
    /// Told the key id whose last refresher went away.
    private let released: @Sendable (_ keyID: String) -> Void

    init(storage: StorageQueue, clock: ServerClock, released: @escaping @Sendable (String) -> Void) {
        self.storage = storage
        self.released = released
        let background: @Sendable (@escaping @Sendable () -> Void) -> Void = { [storage] in storage.async($0) }
        rosterRefreshes = RefreshThrottle(interval: .milliseconds(100), clock: clock, background: background)
        activityRefreshes = RefreshThrottle(interval: .milliseconds(100), clock: clock, background: background)
    }

    /// Whether any Favorites view in this process shows a roster.
    var anyRosterOpen: Bool { openRosters.load(ordering: .relaxed) > 0 }

    /// Registers a refresher for a key id; it lives as long as the returned token.
    private func onRefresh(_ keyID: String, _ refresh: Refresher) -> @Sendable () -> Void {
        let id = nextRefresher.add(1, ordering: .relaxed).newValue
        let isRoster = keyID.hasPrefix(RosterKey.keyPrefix)
        if isRoster { openRosters.add(1, ordering: .relaxed) }
        refreshers.withLock { $0[keyID, default: Subscribers()][id] = refresh }
        return { [weak self] in
            guard let self else { return }
            let (removed, wasLast) = refreshers.withLock { table -> (Bool, Bool) in
                let removed = table[keyID]?.removeValue(forKey: id) != nil
                if table[keyID]?.isEmpty == true { table[keyID] = nil }
                return (removed, table[keyID] == nil)
            }
            if removed, isRoster { openRosters.subtract(1, ordering: .relaxed) }
            if removed, wasLast { released(keyID) }
        }
    }

    /// A key's subscription: `load` again on every refresh of `keyID`, and once at once off the
    /// thread when subscribed on a service thread (where the key's own load answered nothing).
    func subscription<Value>(
        _ keyID: String, readingOffServiceThreads load: @escaping @Sendable () -> Value?, _ onChange: @escaping @Sendable (Value) -> Void
    ) -> SharedKeySubscription {
        let reload: @Sendable () -> Void = { if let value = load() { onChange(value) } }
        let cancel = onRefresh(keyID, Refresher(reload: reload) { if let value = $0 as? Value { onChange(value) } })
        if ServiceThreads.isCurrent { storage.async(reload) }
        return SharedKeySubscription(cancel: cancel)
    }

    /// Reloads every live value of these keys and pushes it to their holders.
    func refresh(_ keyIDs: [String]) {
        for refresher in refreshers(of: keyIDs) { refresher.reload() }
    }

    /// Hands the holders of `keyID` its new value, known without a read.
    func push(_ value: some Sendable, to keyID: String) {
        for refresher in refreshers(of: [keyID]) { refresher.push(value) }
    }

    private func refreshers(of keyIDs: [String]) -> [Refresher] {
        refreshers.withLock { table in keyIDs.flatMap { table[$0]?.values ?? [] } }
    }

    func refreshLists(ofUser userID: String) { refresh([UserListsKey.keyID(userID)]) }

    func refreshRoster(_ listID: String) {
        let keyID = RosterKey.keyID(listID)
        rosterRefreshes.run(keyID, atLeast: Self.pushInterval(holders: RosterKey.holderCount(id: keyID))) {
            self.rosterReads.invalidate(list: listID)
            self.refresh([keyID])
        }
    }

    /// Reloads the list's activity for the Favorites views showing it, if any does (throttled:
    /// a burst of stars is one reload at its end).
    func refreshActivity(_ listID: String) {
        let keyID = ActivityKey.keyID(listID)
        guard refreshers.withLock({ $0[keyID] != nil }) else { return activityReads.invalidate(list: listID) }
        activityRefreshes.run(keyID, atLeast: Self.pushInterval(holders: ActivityKey.holderCount(id: keyID))) {
            self.activityReads.invalidate(list: listID)
            self.refresh([keyID])
        }
    }

    /// Everything read again (the feed reconnected: events may have been missed).
    func refreshAll() {
        rosterReads.invalidateAll()
        activityReads.invalidateAll()
        let keys = refreshers.withLock { Array($0.keys) }
        refresh(keys.filter { !$0.hasPrefix(RosterKey.keyPrefix) })
        for key in keys where key.hasPrefix(RosterKey.keyPrefix) {
            refreshRoster(String(key.dropFirst(RosterKey.keyPrefix.count)))
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
}
