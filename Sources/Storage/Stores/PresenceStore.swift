import Foundation

/// Who is online across processes (cluster mode): each process keeps a row per user it
/// serves, renewed by a heartbeat and expiring on its own, so the users of a killed process
/// go offline without anyone having to say so. Changes that others should see are announced
/// on the change feed (`StorageEvent.presenceChanged`). Calls block: run them off the
/// service threads.
public protocol PresenceStore: Sendable {
    /// Marks `users` online in `process` until `expiresAt` (renewing rows already there);
    /// with `announce`, tells the other processes (a user's first session here).
    func markOnline(_ users: [String], process: String, until expiresAt: Date, announce: Bool) throws
    /// The user is no longer served by `process`; announced.
    func markOffline(_ user: String, process: String) throws
    /// In one transaction: `online` marked as `markOnline` does, `offline` as `markOffline`
    /// does, each user announced once.
    func markPresence(online: [String], offline: [String], process: String, until expiresAt: Date) throws
    /// Which of `users` some process other than `process` serves, as of `now`.
    func online(among users: [String], excluding process: String, at now: Date) throws -> Set<String>
    /// Deletes rows that expired by `now`, announces their users and returns them.
    func sweepExpired(at now: Date) throws -> [String]
}
