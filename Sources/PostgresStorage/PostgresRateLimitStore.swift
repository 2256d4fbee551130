import Foundation
import Postgres
import Storage
import Synchronization

/// `RateLimitStore` in PostgreSQL: one row per (kind, key) in the unlogged `rate_limits`
/// table, holding when the bucket is full again (`full_at`, seconds since the epoch).
///
/// A take is one statement and one round trip: `INSERT … ON CONFLICT DO UPDATE … WHERE`
/// moves `full_at` on by one interval only while the bucket would still hold at most `burst`
/// intervals of debt, and returns the row only then. PostgreSQL locks the row for the update
/// and evaluates the condition on its latest version, so takes from every process at once are
/// counted exactly. The table is unlogged: a counter needs no WAL flush per take, and after a
/// crash of PostgreSQL every bucket starts full, which is what a new process would do anyway.
public final class PostgresRateLimitStore: RateLimitStore {
    let pool: PostgresPool
    /// Full buckets are forgotten at most this often per process, by the take that finds the
    /// time has come (a second statement on the same connection).
    let pruneEvery: Double
    private let lastPrune = Mutex<Double>(0)

    init(pool: PostgresPool, pruneEvery: Double = 60) {
        self.pool = pool
        self.pruneEvery = pruneEvery
    }

    /// `$1` kind, `$2` key, `$3` now, `$4` interval, `$5` burst × interval. A new row is a full
    /// bucket less one token; an existing one is refilled to `now` at most (GREATEST) and then
    /// takes a token if that leaves its debt within the burst.
    static let takeStatement = """
        INSERT INTO rate_limits AS r (kind, key, full_at) VALUES ($1, $2, $3::float8 + $4::float8)
        ON CONFLICT (kind, key) DO UPDATE SET full_at = GREATEST(r.full_at, $3::float8) + $4::float8
        WHERE GREATEST(r.full_at, $3::float8) + $4::float8 - $3::float8 <= $5::float8
        RETURNING full_at
        """

    public func take(kind: String, key: String, interval: Double, burst: Int, at now: Date) throws -> Bool {
        let seconds = now.timeIntervalSince1970
        let prune = lastPrune.withLock { last -> Bool in
            guard seconds - last >= pruneEvery else { return false }
            last = seconds
            return true
        }
        if prune { try pruneFull(at: now) }
        let rows = try pool.query(
            Self.takeStatement,
            params: [.text(kind), .text(key), .double(seconds), .double(interval), .double(Double(max(burst, 1)) * interval)]
        )
        return !rows.isEmpty
    }

    @discardableResult
    public func pruneFull(at now: Date) throws -> Int {
        try pool.execute("DELETE FROM rate_limits WHERE full_at <= $1", params: [.double(now.timeIntervalSince1970)]).affectedRows
    }
}
