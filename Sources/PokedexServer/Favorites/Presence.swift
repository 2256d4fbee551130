import Foundation
import Storage
import Synchronization

/// Who is online: the users this process serves (connected sessions per user) and, in cluster
/// mode, those other live processes serve. Each process renews one heartbeat row of its own
/// every `heartbeat`; one that misses them for `lifetime` is dead, and the first process to
/// notice sweeps its users offline (so a killed process's users go offline everywhere within
/// `lifetime` and a heartbeat).
final class Presence: Sendable {
    private let counts = Mutex<[String: Int]>([:])
    private let store: (any PresenceStore)?
    private let process: String
    private let storage: StorageQueue
    private let clock: ServerClock
    /// This process's session counts, written in order and in batches.
    private let writer: PresenceWriter?
    /// Told a failed read or write of the presence rows (logged).
    private let failed: @Sendable (any Error) -> Void
    static let heartbeat: Duration = .milliseconds(500)
    /// How long a heartbeat keeps its process alive: six missed in a row, and it is dead.
    static let lifetime: TimeInterval = 3

    init(
        store: (any PresenceStore)?, process: String, storage: StorageQueue, clock: ServerClock = .continuous,
        failed: @escaping @Sendable (any Error) -> Void = { _ in }
    ) {
        self.store = store
        self.process = process
        self.storage = storage
        self.clock = clock
        self.failed = failed
        writer = store.map { store in
            PresenceWriter(
                store: store, process: process, storage: storage,
                aliveUntil: { clock.date() + Self.lifetime }, failed: failed)
        }
    }

    /// A session of the user connected; true for the user's first here.
    func connected(_ userID: String) -> Bool {
        let count = counts.withLock { counts -> Int in
            counts[userID, default: 0] += 1
            return counts[userID]!
        }
        writer?.set(userID, sessions: count, announce: count == 1)
        return count == 1
    }

    /// A session of the user went away; true when it was the user's last here.
    func disconnected(_ userID: String) -> Bool {
        let count = counts.withLock { counts -> Int in
            let count = max(0, counts[userID, default: 1] - 1)
            counts[userID] = count == 0 ? nil : count
            return count
        }
        writer?.set(userID, sessions: count, announce: count == 0)
        return count == 0
    }

    /// The user's sessions in the other live processes (0 outside cluster mode). Blocking in
    /// cluster mode (one query); throws when storage does not answer.
    func sessionsElsewhere(of userID: String) throws -> Int {
        guard let store else { return 0 }
        return try store.sessionCount(of: userID, excluding: process, at: clock.date())
    }

    /// Which of `users` are online here or, in cluster mode, in another process. Blocking
    /// in cluster mode (one query); storage that does not answer shows only this process's.
    func online(among users: [String]) -> Set<String> {
        var online = counts.withLock { counts in Set(users.filter { counts[$0] != nil }) }
        if let store, online.count < users.count {
            let others = users.filter { !online.contains($0) }
            do {
                online.formUnion(try store.online(among: others, excluding: process, at: clock.date()))
            } catch {
                failed(error)
            }
        }
        return online
    }

    /// Every `heartbeat` until the task is cancelled: renews this process's heartbeat (after
    /// a sweep took it for dead, or storage came back, its users are written again) and
    /// sweeps processes whose heartbeat lapsed (the sweep announces their users to every
    /// process, this one too, whose rosters then reload).
    func run() async {
        guard let store, let writer else { return }
        let process = self.process
        var wasAlive = true
        while !Task.isCancelled {
            let alive: Bool?
            do {
                alive = try await storage.run { [clock] () -> Bool in
                    let alive = try store.heartbeat(process: process, aliveUntil: clock.date() + Self.lifetime)
                    _ = try store.sweepDeadProcesses(at: clock.date())
                    return alive
                }
            } catch {
                // Storage is away: the rows are written again in full once it answers.
                failed(error)
                alive = nil
            }
            if let alive {
                if !alive || !wasAlive { rewriteAll(writer) }
                writer.flush()
            }
            wasAlive = alive ?? false
            try? await clock.sleep(for: Self.heartbeat)
        }
    }

    /// Queues every user served here again (their rows were swept, or may not have been written).
    private func rewriteAll(_ writer: PresenceWriter) {
        let all = counts.withLock { $0 }
        for (user, sessions) in all { writer.set(user, sessions: sessions, announce: true) }
    }
}
