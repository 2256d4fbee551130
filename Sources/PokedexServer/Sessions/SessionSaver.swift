import Foundation
import PokedexFeatures
import Storage
import Synchronization

/// Saves what each session shows, promptly and coalesced: the first change schedules a write
/// `delay` later (50 ms), and every session that changed meanwhile rides on it, each with its
/// latest screen. One write runs at a time; changes made while it runs wait for the next
/// one. So a resume after a crash, or on another process, loses at most the last `delay` (and
/// a write's round trip), while a process under load writes at most once per `delay` plus a
/// write, however many sessions type at once: the batches grow, not the writes.
final class SessionSaver: Sendable {
    /// A screen to save, encoded only when its write is made: a session that moves on
    /// within `delay` costs its service thread no encoding of the screens it passed through.
    private struct Change {
        var sessionID: String
        var userID: String
        var state: RestorableState
        var at: Date
    }

    private struct Pending {
        /// The changes since the last write, in order: a session may have several, the last
        /// one wins. A list, not a table by session: appending is all `changed` does on the
        /// sessions' threads (a table hashed the session's id and replaced its older entry
        /// there, on every change); the write's thread keeps the latest of each.
        var dirty: [Change] = []
        /// When the list is this long, it is cut to each session's latest (a write that
        /// cannot keep up, or storage away for a while: at most about twice the sessions).
        var compactAt = SessionSaver.smallestCompaction
        /// A write is scheduled (its delay is running) and will take what is dirty.
        var scheduled = false
        /// A write is running; `waiters` are the writes queued behind it, in order.
        var writing = false
        var waiters: [CheckedContinuation<Void, Never>] = []
        /// When the next write also deletes the screens nobody came back for (nil: the first).
        var nextSweep: Date?
    }

    private let store: any SessionStore
    private let storage: StorageQueue
    /// How long the first change waits for others to share its write.
    let delay: Duration
    /// Told a saved screen that could not be read (logged).
    private let readFailed: @Sendable (any Error) -> Void
    /// How long a failed write waits before it is tried again (storage is away: no storm of retries).
    let retryDelay: Duration
    /// A screen not saved for this long is deleted: its tab is long gone, and without the sweep
    /// the table kept a row for every session ever made.
    static let retention: TimeInterval = 30 * 24 * 3600
    /// How often a write also sweeps (a sweep reads the whole table: there is no index by time).
    static let sweepInterval: TimeInterval = 24 * 3600
    private let pending = Mutex(Pending())
    /// Waits out the delay; its wall-clock date stamps what is saved (for the sweep of old rows).
    private let clock: ServerClock

    init(
        store: any SessionStore, storage: StorageQueue, delay: Duration = .milliseconds(50), retryDelay: Duration = .seconds(1),
        clock: ServerClock = .continuous, readFailed: @escaping @Sendable (any Error) -> Void = { _ in }
    ) {
        self.readFailed = readFailed
        self.store = store
        self.storage = storage
        self.delay = delay
        self.retryDelay = retryDelay
        self.clock = clock
    }

    /// The session's screen is now `state`; saved with the next write.
    func changed(session id: String, user userID: String, to state: RestorableState) {
        let at = clock.date()
        // One lock for both: nearly every change of a busy process finds a write scheduled.
        // The change is made where it is appended: one built outside the closure was copied
        // in (its strings retained, and released again with it).
        let start = pending.withLock { pending -> Bool in
            pending.dirty.append(Change(sessionID: id, userID: userID, state: state, at: at))
            if pending.dirty.count >= pending.compactAt {
                pending.dirty = Self.latestOfEachSession(pending.dirty)
                pending.compactAt = max(Self.smallestCompaction, 2 * pending.dirty.count)
            }
            return Self.claimSchedule(&pending)
        }
        if start { startTimer(after: delay) }
    }

    private func schedule(after wait: Duration) {
        if pending.withLock({ Self.claimSchedule(&$0) }) { startTimer(after: wait) }
    }

    /// Whether the caller is the one to schedule the next write (something is dirty, none is).
    private static func claimSchedule(_ pending: inout Pending) -> Bool {
        guard !pending.scheduled, !pending.dirty.isEmpty else { return false }
        pending.scheduled = true
        return true
    }

    private func startTimer(after wait: Duration) {
        let clock = self.clock
        Task.detached { [weak self] in
            try? await clock.sleep(for: wait)
            await self?.flush()
        }
    }

    /// Writes every pending session now (after the write in flight, if any).
    func flush() async {
        await claimWriting()
        let changes = pending.withLock { pending in
            let changes = pending.dirty
            // Room for as many as this batch: the next one is about as large, and growing the
            // list from empty reallocated it on the sessions' threads, in `changed`, batch
            // after batch. (Process-wide: an idle session keeps nothing here.)
            pending.dirty = []
            if changes.count > 1 { pending.dirty.reserveCapacity(changes.count) }
            pending.scheduled = false
            return changes
        }
        let sessions = Self.rowsToSave(changes)
        var failed = false
        if !sessions.isEmpty {
            let store = self.store
            do {
                try await storage.run { try store.save(sessions) }
            } catch {
                failed = true
                // Kept for the next write, unless newer states came meanwhile.
                let batch = Self.latestOfEachSession(changes)
                pending.withLock { pending in pending.dirty = batch + pending.dirty }
            }
        }
        if !failed { await sweepIfDue() }
        releaseWriting()
        schedule(after: failed ? retryDelay : delay)
    }

    /// Deletes the screens older than `retention`, at the first write and then once every
    /// `sweepInterval`, on the write's turn (one writer at a time). A failed sweep waits for
    /// the next interval: nothing is lost by deleting later.
    private func sweepIfDue() async {
        let now = clock.date()
        let due = pending.withLock { pending -> Bool in
            if let next = pending.nextSweep, now < next { return false }
            pending.nextSweep = now.addingTimeInterval(Self.sweepInterval)
            return true
        }
        guard due else { return }
        let store = self.store
        let cutoff = now.addingTimeInterval(-Self.retention)
        _ = try? await storage.run { try store.deleteSessions(savedBefore: cutoff) }
    }

    static let smallestCompaction = 4096

    /// Each session's latest change of `changes` (in order: the last one wins).
    private static func latestOfEachSession(_ changes: [Change]) -> [Change] {
        var latest: [Change] = []
        latest.reserveCapacity(changes.count)
        forEachLatest(of: changes) { latest.append($0) }
        return latest
    }

    /// The rows of each session's latest change of `changes`, made from the changes in
    /// place: nearly every change of a busy process is its session's only one in the batch,
    /// and copying each change out first (`latestOfEachSession`) retained and released its
    /// strings once more, on memory the sessions' threads had just written.
    private static func rowsToSave(_ changes: [Change]) -> [SavedSession] {
        var rows: [SavedSession] = []
        rows.reserveCapacity(changes.count)
        forEachLatest(of: changes) { change in
            rows.append(SavedSession(id: change.sessionID, userID: change.userID, state: change.state.encoded, updatedAt: change.at))
        }
        return rows
    }

    /// Calls `body` with each session's latest change of `changes` (the last one wins), newest
    /// first, read in place.
    private static func forEachLatest(of changes: [Change], _ body: (Change) -> Void) {
        var seen = Set<String>(minimumCapacity: changes.count)
        changes.withUnsafeBufferPointer { changes in
            for index in changes.indices.reversed() where seen.insert(changes[index].sessionID).inserted { body(changes[index]) }
        }
    }

    /// Returns once this caller is the one writer (in the order callers came).
    private func claimWriting() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let now = pending.withLock { pending -> Bool in
                guard pending.writing else {
                    pending.writing = true
                    return true
                }
                pending.waiters.append(continuation)
                return false
            }
            if now { continuation.resume() }
        }
    }

    /// Hands writing to the next waiter, if any.
    private func releaseWriting() {
        let next = pending.withLock { pending -> CheckedContinuation<Void, Never>? in
            guard !pending.waiters.isEmpty else {
                pending.writing = false
                return nil
            }
            return pending.waiters.removeFirst()
        }
        next?.resume()
    }

    /// The saved state of session `id` if it is `userID`'s.
    func saved(session id: String, user userID: String) async -> RestorableState? {
        let store = self.store
        let saved: SavedSession?
        do {
            saved = try await storage.run { try store.session(id: id) }
        } catch {
            // The screen is rebuilt from the hello instead: the session goes on.
            readFailed(error)
            return nil
        }
        guard let saved, saved.userID == userID else { return nil }
        return RestorableState(encoded: saved.state)
    }
}
