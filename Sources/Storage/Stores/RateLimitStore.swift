import Foundation

/// Rates counted where every process of a cluster sees them (cluster mode: new users and
/// sign-in attempts per client address, sign-in codes per user), so N processes allow the
/// rate once, not N times. One process on SQLite keeps its token buckets in memory instead.
///
/// A rate is a token bucket of `burst` tokens refilled one every `interval` seconds, kept as
/// one number per (kind, key): the time at which the bucket would be full again (GCRA, the
/// "theoretical arrival time"). Calls block: run them off the service threads.
public protocol RateLimitStore: Sendable {
    /// Takes one token from the bucket of `kind` and `key` at `now`; false (and nothing
    /// taken) when it is empty.
    func take(kind: String, key: String, interval: Double, burst: Int, at now: Date) throws -> Bool
    /// Forgets buckets that are full by `now` (they would start full anyway); returns how many.
    @discardableResult
    func pruneFull(at now: Date) throws -> Int
}
