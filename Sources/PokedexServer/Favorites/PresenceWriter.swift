import Foundation
import Storage
import Synchronization

/// Writes this process's users coming online and going offline to the presence rows, in the
/// order they happened and in batches. Every announced commit takes PostgreSQL's NOTIFY lock
/// through its WAL flush, so a commit per user capped a connect or reconnect storm at one
/// flush per user, cluster-wide; here whatever queued while one batch committed goes in the
/// next, each user with their latest state.
final class PresenceWriter: Sendable {
    private struct Queue {
        /// User → online, the latest mark of each.
        var marks: [String: Bool] = [:]
        var isWriting = false
    }

    private let queue = Mutex(Queue())
    private let store: any PresenceStore
    private let process: String
    private let storage: StorageQueue
    private let expiry: TimeInterval

    init(store: any PresenceStore, process: String, storage: StorageQueue, expiry: TimeInterval) {
        self.store = store
        self.process = process
        self.storage = storage
        self.expiry = expiry
    }

    /// Queues the user's new state; a writer starts on the storage queue unless one runs.
    func mark(_ userID: String, online: Bool) {
        let starts = queue.withLock { queue -> Bool in
            queue.marks[userID] = online
            guard !queue.isWriting else { return false }
            queue.isWriting = true
            return true
        }
        if starts { storage.async { self.writeWhileQueued() } }
    }

    /// One batch after another until nothing is queued. A failed batch is dropped: presence
    /// heals on its own (the heartbeat renews every user served here; rows of users gone expire).
    private func writeWhileQueued() {
        while let marks = takeMarks() {
            let online = marks.filter(\.value).map(\.key)
            let offline = marks.filter { !$0.value }.map(\.key)
            try? store.markPresence(online: online, offline: offline, process: process, until: Date() + expiry)
        }
    }

    private func takeMarks() -> [String: Bool]? {
        queue.withLock { queue in
            guard !queue.marks.isEmpty else {
                queue.isWriting = false
                return nil
            }
            defer { queue.marks = [:] }
            return queue.marks
        }
    }
}
