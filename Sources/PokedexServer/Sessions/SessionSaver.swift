import Foundation
import PokedexFeatures
import Storage
import Synchronization

/// Saves what each session shows, in two windows: a change of active list (a join) is
/// written within `delay` (50 ms), any other change of screen (route, search, filter, sort,
/// language) within `browseDelay` (2 s), and a screen whose browser went away within `delay`
/// again. Each write takes every screen that waits, with its latest state, so the sessions
/// that changed meanwhile share it. One write runs at a time; changes made while it runs wait for the next
/// one. So a resume after a crash loses at most the last `browseDelay` of browsing (never a
/// join older than `delay`), while a process under load writes each browsing session's row
/// about once per `browseDelay`, not once per action.
final class SessionSaver: Sendable {
    private struct Pending {
        /// The screens that wait for the next write, each once (`SavedScreen.queued`): a
        /// session's later changes are made in its screen, not here.
        var queued: [SavedScreen] = []
        /// The write scheduled (its wait is running) that will take what is queued; nil when
        /// none is. A later timer that finds itself no longer this one does nothing.
        var timer: Timer?
        var lastTimerID = 0
        /// A write is running; `waiters` are the writes queued behind it, in order.
        var writing = false
        var waiters: [CheckedContinuation<Void, Never>] = []
        /// When the next write also deletes the screens nobody came back for (nil: the first).
        var nextSweep: Date?
    }

    private struct Timer {
        let id: Int
        /// Due within `browseDelay`: an urgent screen schedules a sooner write.
        let preemptible: Bool
    }

    private let store: any SessionStore
    private let storage: StorageQueue
    /// How soon an urgent screen (a join, a closed connection's) is written.
    let delay: Duration
    /// How soon any other change of screen is written.
    let browseDelay: Duration
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
    /// Waits out the windows; its wall-clock date stamps what is saved (for the sweep of old rows).
    private let clock: ServerClock

    init(
        store: any SessionStore, storage: StorageQueue, delay: Duration = .milliseconds(50), browseDelay: Duration = .seconds(2),
        retryDelay: Duration = .seconds(1), clock: ServerClock = .continuous,
        readFailed: @escaping @Sendable (any Error) -> Void = { _ in }
    ) {
        self.readFailed = readFailed
        self.store = store
        self.storage = storage
        self.delay = delay
        self.browseDelay = browseDelay
        self.retryDelay = retryDelay
        self.clock = clock
    }

    /// Does what `SavedScreen` said after a change of `screen` (nearly always `.none`).
    func hand(_ screen: SavedScreen, _ handing: SavedScreen.Handing) {
        let timer: (id: Int, wait: Duration)?
        switch handing {
        case .none: return
        case let .queue(urgent):
            timer = pending.withLock { pending in
                pending.queued.append(screen)
                return claimTimer(&pending, urgent: urgent)
            }
        case .expedite: timer = pending.withLock { claimTimer(&$0, urgent: true) }
        }
        if let timer { startTimer(timer) }
    }

    /// The timer the caller is to start, if any: when something waits and no write is
    /// scheduled, or an urgent screen finds only a write due in the long window (that one,
    /// no longer current, then does nothing when it wakes).
    private func claimTimer(_ pending: inout Pending, urgent: Bool, retrying: Bool = false) -> (id: Int, wait: Duration)? {
        guard !pending.queued.isEmpty else { return nil }
        if let timer = pending.timer, !(urgent && timer.preemptible) { return nil }
        pending.lastTimerID += 1
        pending.timer = Timer(id: pending.lastTimerID, preemptible: !urgent && !retrying)
        return (pending.lastTimerID, retrying ? retryDelay : urgent ? delay : browseDelay)
    }

    private func startTimer(_ timer: (id: Int, wait: Duration)) {
        let clock = self.clock
        Task.detached { [weak self] in
            try? await clock.sleep(for: timer.wait)
            await self?.flush(timer: timer.id)
        }
    }

    /// Writes every screen that waits now (after the write in flight, if any).
    func flush() async {
        await flush(timer: nil)
    }

    /// A write of what waits, for the timer `id` (nil: whatever the timers say, now).
    private func flush(timer id: Int?) async {
        // A timer that an earlier one replaced: that one writes (or wrote) what waits.
        if let id, pending.withLock({ $0.timer?.id != id }) { return }
        await claimWriting()
        let screens = pending.withLock { pending -> [SavedScreen]? in
            if let id, pending.timer?.id != id { return nil }
            defer { pending.queued = [] }
            pending.timer = nil
            return pending.queued
        }
        guard let screens else { return releaseWriting() }
        var failed = false
        if !screens.isEmpty {
            let at = clock.date()
            let rows = screens.map { screen in
                SavedSession(id: screen.sessionID, userID: screen.userID, state: screen.takeForWrite().encoded, updatedAt: at)
            }
            let store = self.store
            do {
                try await storage.run { try store.save(rows) }
            } catch {
                failed = true
                // Held for the next write, unless a newer change is held already.
                let again = screens.filter { $0.requeue() }
                let timer = pending.withLock { pending in
                    pending.queued.append(contentsOf: again)
                    return claimTimer(&pending, urgent: false, retrying: true)
                }
                if let timer { startTimer(timer) }
            }
        }
        if !failed { await sweepIfDue() }
        releaseWriting()
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
