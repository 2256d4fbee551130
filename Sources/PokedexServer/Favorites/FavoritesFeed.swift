import Foundation
import Storage
import Synchronization

/// The favorites of every list this process holds, kept in step with storage by the change
/// feed: committed changes arrive here (from this process's own commits, or from other
/// processes through PostgreSQL's notifications), each with the list's sequence number, and
/// are applied once and in order. A change that comes before one it follows waits for it; a
/// gap that does not fill (a notification lost while the feed was reconnecting) reloads the
/// list from storage. The shared `favorites` value of each list is told every new set.
final class FavoritesFeed: Sendable {
    /// One held list: its favorites as of `seq` (nil while the first read is under way), and
    /// changes that came ahead of their turn.
    private final class Entry: Sendable {
        struct State {
            var snapshot: FavoritesSnapshot?
            var waiting: [Int: FavoriteChange] = [:]
            var subscribers = Subscribers<@Sendable (Set<Int>) -> Void>()
            /// The seq of the value the last `load` handed out, so a subscriber that comes
            /// after a change gets the newer value at once.
            var handedOut: Int?
            var gapCheckScheduled = false
            /// Told once the favorites reach a seq (`whenShown`).
            var seqWaiters: [(seq: Int, action: @Sendable () -> Void)] = []
        }

        let state: Mutex<State>
        init(_ snapshot: FavoritesSnapshot?) { state = Mutex(State(snapshot: snapshot, handedOut: snapshot?.seq)) }
    }

    private let entries = Mutex<[String: Entry]>([:])
    private let nextSubscriber = Atomic<Int>(0)
    /// Reads a list's favorites with their seq (nil: no such list). Blocking: never called on
    /// a service thread (`loadLater` defers it to `background`).
    private let read: @Sendable (_ listID: String) -> FavoritesSnapshot?
    private let background: @Sendable (@escaping @Sendable () -> Void) -> Void
    /// How long a gap may stay open before the list is reloaded.
    let gapTimeout: Duration
    private let clock: ServerClock
    /// Counts reloads, for `/metrics` and tests.
    let reloads = Atomic<Int>(0)

    init(
        gapTimeout: Duration = .milliseconds(500), clock: ServerClock = .continuous,
        background: @escaping @Sendable (@escaping @Sendable () -> Void) -> Void = { DispatchQueue.global().async(execute: $0) },
        read: @escaping @Sendable (String) -> FavoritesSnapshot?
    ) {
        self.read = read
        self.background = background
        self.gapTimeout = gapTimeout
        self.clock = clock
    }

    /// Runs `action` once the list's favorites are at `seq` or later and its subscribers have
    /// been told them (at once if they are, or the list is not held here). Under the list's
    /// lock: `action` must only hand work elsewhere.
    func whenShown(_ listID: String, seq: Int, _ action: @escaping @Sendable () -> Void) {
        guard let entry = entries.withLock({ $0[listID] }) else { return action() }
        let now = entry.state.withLock { state -> Bool in
            if let current = state.snapshot?.seq, current >= seq { return true }
            state.seqWaiters.append((seq, action))
            return false
        }
        if now { action() }
    }

    private static func releaseSeqWaiters(_ state: inout Entry.State) {
        guard !state.seqWaiters.isEmpty, let seq = state.snapshot?.seq else { return }
        state.seqWaiters.removeAll { waiter in
            guard waiter.seq <= seq else { return false }
            waiter.action()
            return true
        }
    }

    /// The seq of the list's favorites as last told to its subscribers (nil: not held, or
    /// still being read). Told under the same lock, so a value read after this is as new.
    func seq(of listID: String) -> Int? {
        guard let entry = entries.withLock({ $0[listID] }) else { return nil }
        return entry.state.withLock { $0.snapshot?.seq }
    }

    /// The list's favorites if the process holds them (no read).
    func held(_ listID: String) -> Set<Int>? {
        guard let entry = entries.withLock({ $0[listID] }) else { return nil }
        return entry.state.withLock { state in
            guard let snapshot = state.snapshot else { return nil }
            state.handedOut = snapshot.seq
            return snapshot.ids
        }
    }

    /// The list's favorites, from memory when the list is held, else read from storage (a
    /// blocking read) and held from now on.
    func load(_ listID: String) -> Set<Int>? {
        if let held = held(listID) { return held }
        guard let snapshot = read(listID) else { return nil }
        return install(snapshot, listID, handOut: true)
    }

    /// Holds the list and reads it off this thread (a service thread may not block): its
    /// subscribers are told the favorites once they are read.
    func loadLater(_ listID: String) {
        let entry = self.entry(listID)
        guard entry.state.withLock({ $0.snapshot == nil }) else { return }
        background { [weak self] in
            guard let self, let snapshot = self.read(listID) else { return }
            _ = self.install(snapshot, listID, handOut: false)
        }
    }

    /// Makes `snapshot` the held list's favorites unless a newer one is held; applies the
    /// changes that waited for it and tells the subscribers.
    private func install(_ snapshot: FavoritesSnapshot, _ listID: String, handOut: Bool) -> Set<Int> {
        let entry = self.entry(listID)
        return entry.state.withLock { state in
            let before = state.snapshot
            if snapshot.seq > before?.seq ?? -1 { state.snapshot = snapshot }
            Self.applyInOrder(&state)
            if let current = state.snapshot, current != before { Self.tell(state) }
            Self.releaseSeqWaiters(&state)
            if handOut { state.handedOut = state.snapshot?.seq }
            return state.snapshot?.ids ?? snapshot.ids
        }
    }

    private func entry(_ listID: String) -> Entry {
        entries.withLock { entries in
            if let existing = entries[listID] { return existing }
            let entry = Entry(nil)
            entries[listID] = entry
            return entry
        }
    }

    /// Holds a list whose favorites the caller knows without reading them (a list it has just
    /// created), unless it is held already.
    func adopt(_ listID: String, _ snapshot: FavoritesSnapshot) {
        _ = install(snapshot, listID, handOut: true)
    }

    /// Tells `onChange` every new set of the list's favorites until the returned closure is
    /// called. The list stays held while it has subscribers.
    func subscribe(_ listID: String, _ onChange: @escaping @Sendable (Set<Int>) -> Void) -> @Sendable () -> Void {
        let entry = self.entry(listID)
        let id = nextSubscriber.add(1, ordering: .relaxed).newValue
        entry.state.withLock { state in
            state.subscribers[id] = onChange
            if let snapshot = state.snapshot, snapshot.seq != state.handedOut { onChange(snapshot.ids) }
        }
        return { [weak self] in
            // A subscriber's last owner may let go of it while `tell` calls it under the
            // entry's lock (a session torn down during a fan-out), and its deinit lands here:
            // taking that lock again would trap, so the removal then runs just after, elsewhere.
            // (The subscriber holds its box weakly: a call in between does nothing.)
            guard let isEmpty = entry.state.withLockIfAvailable({ state in
                state.subscribers[id] = nil
                return state.subscribers.isEmpty
            }) else {
                DispatchQueue.global().async { [weak self] in self?.unsubscribe(id, from: entry, listID) }
                return
            }
            if isEmpty { self?.release(entry, listID) }
        }
    }

    private func unsubscribe(_ id: Int, from entry: Entry, _ listID: String) {
        let isEmpty = entry.state.withLock { state in
            state.subscribers[id] = nil
            return state.subscribers.isEmpty
        }
        if isEmpty { release(entry, listID) }
    }

    /// Stops holding a list whose last subscriber left (unless one came meanwhile).
    private func release(_ entry: Entry, _ listID: String) {
        entries.withLock { entries in
            if entries[listID] === entry, entry.state.withLock({ $0.subscribers.isEmpty }) { entries[listID] = nil }
        }
    }

    /// A committed change. Ignored for a list this process does not hold, and when already
    /// applied (a process hears its own commits twice: at once, and from the database).
    func receive(_ change: FavoriteChange) {
        guard let entry = entries.withLock({ $0[change.listID] }) else { return }
        let scheduleGapCheck = entry.state.withLock { state -> Bool in
            guard change.seq > state.snapshot?.seq ?? 0 else { return false }
            state.waiting[change.seq] = change
            // While the first read is under way, it decides where the changes start.
            guard state.snapshot != nil else { return false }
            Self.applyInOrder(&state)
            Self.releaseSeqWaiters(&state)
            guard !state.waiting.isEmpty, !state.gapCheckScheduled else { return false }
            state.gapCheckScheduled = true
            return true
        }
        if scheduleGapCheck { checkGapLater(change.listID, entry) }
    }

    /// Reloads every held list (the feed reconnected: changes may have been missed).
    func reloadAll() {
        let held = entries.withLock { Array($0) }
        for (listID, entry) in held { reload(listID, entry) }
    }

    /// Reloads one list if this process holds it.
    func reload(_ listID: String) {
        guard let entry = entries.withLock({ $0[listID] }) else { return }
        reload(listID, entry)
    }

    var heldListCount: Int { entries.withLock { $0.count } }

    private static func applyInOrder(_ state: inout Entry.State) {
        guard var snapshot = state.snapshot else { return }
        var applied = false
        while let next = state.waiting.removeValue(forKey: snapshot.seq + 1) {
            if next.isFavorite { snapshot.ids.insert(next.pokemonID) } else { snapshot.ids.remove(next.pokemonID) }
            snapshot.seq = next.seq
            applied = true
        }
        state.snapshot = snapshot
        if !state.waiting.isEmpty { state.waiting = state.waiting.filter { $0.key > snapshot.seq } }
        if applied { tell(state) }
    }

    /// Called under the entry's lock, so every subscriber sees the sets in seq order.
    private static func tell(_ state: Entry.State) {
        guard let ids = state.snapshot?.ids else { return }
        for subscriber in state.subscribers.values { subscriber(ids) }
    }

    private func checkGapLater(_ listID: String, _ entry: Entry) {
        let (timeout, clock) = (gapTimeout, self.clock)
        Task.detached { [weak self] in
            try? await clock.sleep(for: timeout)
            guard let self else { return }
            let stillOpen = entry.state.withLock { state -> Bool in
                state.gapCheckScheduled = false
                return !state.waiting.isEmpty
            }
            if stillOpen { self.reload(listID, entry) }
        }
    }

    private func reload(_ listID: String, _ entry: Entry) {
        guard let snapshot = read(listID) else { return }
        reloads.add(1, ordering: .relaxed)
        entry.state.withLock { state in
            guard snapshot.seq >= state.snapshot?.seq ?? -1 else { return }
            let changed = snapshot.ids != state.snapshot?.ids
            state.snapshot = snapshot
            state.waiting = state.waiting.filter { $0.key > snapshot.seq }
            Self.applyInOrder(&state)
            if changed { Self.tell(state) }
            Self.releaseSeqWaiters(&state)
        }
    }
}
