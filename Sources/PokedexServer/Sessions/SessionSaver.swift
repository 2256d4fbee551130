import Foundation
import PokedexFeatures
import Storage
import Synchronization

/// Saves what each session shows, throttled: a session whose screen changed is written with
/// the next batch (every `interval`), so a browser's many actions cost one small write, and a
/// resume after a crash or on another process loses at most that interval.
final class SessionSaver: Sendable {
    private struct Pending {
        var dirty: [String: SavedSession] = [:]
        var flushScheduled = false
    }

    private let store: any SessionStore
    private let storage: StorageQueue
    let interval: Duration
    private let pending = Mutex(Pending())
    /// Waits out the interval; its wall-clock date stamps what is saved (for the sweep of old rows).
    private let clock: ServerClock

    init(store: any SessionStore, storage: StorageQueue, interval: Duration = .seconds(2), clock: ServerClock = .continuous) {
        self.store = store
        self.storage = storage
        self.interval = interval
        self.clock = clock
    }

    /// The session's screen is now `state`; saved with the next batch.
    func changed(session id: String, user userID: String, to state: RestorableState) {
        let saved = SavedSession(id: id, userID: userID, state: state.encoded, updatedAt: clock.date())
        pending.withLock { $0.dirty[id] = saved }
        scheduleFlush()
    }

    private func scheduleFlush() {
        let schedule = pending.withLock { pending -> Bool in
            guard !pending.flushScheduled, !pending.dirty.isEmpty else { return false }
            pending.flushScheduled = true
            return true
        }
        guard schedule else { return }
        let (interval, clock) = (self.interval, self.clock)
        Task.detached { [weak self] in
            try? await clock.sleep(for: interval)
            await self?.flush()
        }
    }

    /// Writes every pending session now.
    func flush() async {
        let batch = pending.withLock { pending in
            defer { pending = Pending() }
            return Array(pending.dirty.values)
        }
        guard !batch.isEmpty else { return }
        let store = self.store
        do {
            try await storage.run { try store.save(batch) }
        } catch {
            // Kept for the next batch, unless newer states came meanwhile.
            pending.withLock { pending in
                for session in batch where pending.dirty[session.id] == nil { pending.dirty[session.id] = session }
            }
            scheduleFlush()
        }
    }

    /// The saved state of session `id` if it is `userID`'s.
    func saved(session id: String, user userID: String) async -> RestorableState? {
        let store = self.store
        guard let saved = try? await storage.run({ try store.session(id: id) }), saved.userID == userID else { return nil }
        return RestorableState(encoded: saved.state)
    }
}
