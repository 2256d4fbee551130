import Foundation

/// Who is online across processes (cluster mode). Each process keeps one heartbeat row of its
/// own and a row per user it serves, with that user's session count there. A process that
/// stops renewing its heartbeat is dead: any other process sweeps its rows, so the users of a
/// killed process go offline within a heartbeat's lifetime, and keeping thousands of users
/// online costs one write per process per heartbeat, not one per user. Changes that others
/// should see are announced on the change feed (`StorageEvent.presenceChanged`). Times come
/// from the caller's clock. Calls block: run them off the service threads.
public protocol PresenceStore: Sendable {
    /// Renews `process`'s heartbeat until `aliveUntil`. False when its row was gone (another
    /// process swept it as dead): its users must then be written again.
    func heartbeat(process: String, aliveUntil: Date) throws -> Bool
    /// In one transaction: the heartbeat, and how many sessions each user has in `process`
    /// (0 ends the user's row there); the users in `announce` are announced.
    func setSessions(_ sessions: [String: Int], process: String, aliveUntil: Date, announce: [String]) throws
    /// Which of `users` a live process other than `process` serves, as of `now`.
    func online(among users: [String], excluding process: String, at now: Date) throws -> Set<String>
    /// How many sessions the user has in live processes other than `process`, as of `now`.
    func sessionCount(of userID: String, excluding process: String, at now: Date) throws -> Int
    /// Ends the rows of every process whose heartbeat lapsed by `now` (and of none other),
    /// announces their users and returns them.
    func sweepDeadProcesses(at now: Date) throws -> [String]
}
