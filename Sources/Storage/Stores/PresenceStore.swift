import Foundation

/// Who is online across processes (cluster mode): each process keeps a row per user it
/// serves, renewed by a heartbeat and expiring on its own, so the users of a killed process
/// go offline without anyone having to say so. Calls block: run them off the service threads.
public protocol PresenceStore: Sendable {
    /// Marks `users` online in `process` until `expiresAt` (renewing rows already there).
    func markOnline(_ users: [String], process: String, until expiresAt: Date) throws
    /// The user is no longer served by `process`.
    func markOffline(_ user: String, process: String) throws
    /// Which of `users` some process other than `process` serves, as of `now`.
    func online(among users: [String], excluding process: String, at now: Date) throws -> Set<String>
    /// Deletes rows that expired by `now` and returns their users (whose rosters then need
    /// a reload everywhere).
    func sweepExpired(at now: Date) throws -> [String]
}
