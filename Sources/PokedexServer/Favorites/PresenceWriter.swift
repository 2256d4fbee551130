import Foundation
import Storage
import Synchronization

/// Writes how many sessions this process serves of each user to the presence rows, in the
/// order they changed and in batches. Every announced commit takes PostgreSQL's NOTIFY lock
/// through its WAL flush, so a commit per connect capped a connect storm at one flush per user,
/// cluster-wide; here whatever queued while one batch committed goes in the next, each user
/// with their latest count, and the users whose presence changed are announced together.
final class PresenceWriter: Sendable {
    private struct Queue {
        /// User → sessions here now, the latest count of each.
        var sessions: [String: Int] = [:]
        /// Users who came online here or went offline here since the last batch.
        var announce: Set<String> = []
        var isWriting = false
    }

    private let queue = Mutex(Queue())
    private let store: any PresenceStore
    private let process: String
    private let storage: StorageQueue
    /// When the heartbeat a batch renews ends.
    private let aliveUntil: @Sendable () -> Date
    private let failed: @Sendable (any Error) -> Void

    init(
        store: any PresenceStore, process: String, storage: StorageQueue, aliveUntil: @escaping @Sendable () -> Date,
        failed: @escaping @Sendable (any Error) -> Void
    ) {
        self.store = store
        self.process = process
        self.storage = storage
        self.aliveUntil = aliveUntil
        self.failed = failed
    }

    /// Queues the user's session count here; `announce` when the user came online here or
    /// went offline here. A writer starts on the storage queue unless one runs.
    func set(_ userID: String, sessions: Int, announce: Bool) {
        let starts = queue.withLock { queue -> Bool in
            queue.sessions[userID] = sessions
            if announce { queue.announce.insert(userID) }
            guard !queue.isWriting else { return false }
            queue.isWriting = true
            return true
        }
        if starts { storage.async { self.writeWhileQueued() } }
    }

    /// One batch after another until nothing is queued. A batch that fails is queued again
    /// unless newer counts replaced its users' (storage down: the next batch or the
    /// heartbeat's rewrite after it retries them).
    private func writeWhileQueued() {
        while let (sessions, announce) = take() {
            do {
                try store.setSessions(sessions, process: process, aliveUntil: aliveUntil(), announce: Array(announce))
            } catch {
                failed(error)
                requeue(sessions, announce)
                return
            }
        }
    }

    private func take() -> ([String: Int], Set<String>)? {
        queue.withLock { queue in
            guard !queue.sessions.isEmpty else {
                queue.isWriting = false
                return nil
            }
            defer { queue.sessions = [:]; queue.announce = [] }
            return (queue.sessions, queue.announce)
        }
    }

    /// A failed batch's counts, under the ones queued since (which are newer); the writer
    /// stops until the heartbeat finds storage back.
    private func requeue(_ sessions: [String: Int], _ announce: Set<String>) {
        queue.withLock { queue in
            queue.sessions.merge(sessions) { newer, _ in newer }
            queue.announce.formUnion(announce)
            queue.isWriting = false
        }
    }

    /// Writes whatever is queued (after a failure, once storage answers again).
    func flush() {
        let starts = queue.withLock { queue -> Bool in
            guard !queue.isWriting, !queue.sessions.isEmpty else { return false }
            queue.isWriting = true
            return true
        }
        if starts { writeWhileQueued() }
    }
}
