import Foundation
import Storage
import Synchronization

/// Who is online: the users this process serves (connected sessions per user) and, in cluster
/// mode, those other processes serve, from heartbeat rows that expire on their own (a killed
/// process's users go offline within `expiry`).
final class Presence: Sendable {
    private let counts = Mutex<[String: Int]>([:])
    private let store: (any PresenceStore)?
    private let process: String
    private let storage: StorageQueue
    /// This process's users coming and going, written in order and in batches.
    private let writer: PresenceWriter?
    /// How often rows are renewed, and how long one lives without renewal.
    static let heartbeat: Duration = .seconds(10)
    static let expiry: TimeInterval = 30

    init(store: (any PresenceStore)?, process: String, storage: StorageQueue) {
        self.store = store
        self.process = process
        self.storage = storage
        writer = store.map { PresenceWriter(store: $0, process: process, storage: storage, expiry: Self.expiry) }
    }

    /// A session of the user connected; true for the user's first here.
    func connected(_ userID: String) -> Bool {
        let first = counts.withLock { counts -> Bool in
            counts[userID, default: 0] += 1
            return counts[userID] == 1
        }
        if first { writer?.mark(userID, online: true) }
        return first
    }

    /// A session of the user went away; true when it was the user's last here.
    func disconnected(_ userID: String) -> Bool {
        let last = counts.withLock { counts -> Bool in
            counts[userID, default: 1] -= 1
            if counts[userID] == 0 { counts[userID] = nil; return true }
            return false
        }
        if last { writer?.mark(userID, online: false) }
        return last
    }

    /// Which of `users` are online here or, in cluster mode, in another process. Blocking
    /// in cluster mode (one query).
    func online(among users: [String]) -> Set<String> {
        var online = counts.withLock { counts in Set(users.filter { counts[$0] != nil }) }
        if let store, online.count < users.count {
            let others = users.filter { !online.contains($0) }
            online.formUnion((try? store.online(among: others, excluding: process, at: Date())) ?? [])
        }
        return online
    }

    /// Renews this process's rows and sweeps expired ones (whose users the sweep announces
    /// on the feed, to every process), every `heartbeat`, until the task is cancelled.
    func run() async {
        guard let store else { return }
        let process = self.process
        while !Task.isCancelled {
            let users = counts.withLock { Array($0.keys) }
            // Renewed in slices spread over the heartbeat: one upsert of every user at once
            // rewrote thousands of rows in a burst, and the stars committed meanwhile waited
            // behind it.
            for slice in 0..<Self.renewalSlices where !Task.isCancelled {
                let part = stride(from: slice, to: users.count, by: Self.renewalSlices).map { users[$0] }
                _ = try? await storage.run { () -> [String] in
                    try store.markOnline(part, process: process, until: Date() + Self.expiry, announce: false)
                    return slice == 0 ? try store.sweepExpired(at: Date()) : []
                }
                try? await Task.sleep(for: Self.heartbeat / Self.renewalSlices)
            }
        }
    }

    /// How many parts a heartbeat's renewal is cut into.
    static let renewalSlices = 10
}
