import Foundation
import Postgres
import Storage

/// Cluster mode's storage: one PostgreSQL database that several server processes share. Opens
/// a pool (applying the schema's migrations once, whoever starts first), gives the stores,
/// and hears the other processes' committed writes.
public final class PostgresStorage: Sendable {
    public let users: PostgresUserStore
    public let lists: PostgresListStore
    public let sessions: PostgresSessionStore
    public let presence: PostgresPresenceStore
    /// Rates every process counts together (new users, sign-ins, sign-in codes).
    public let rateLimits: PostgresRateLimitStore
    private let url: String
    private let origin: String
    private let pool: PostgresPool

    /// `origin` names this process in the notices of its writes.
    public init(url: String, origin: String, poolSize: Int = 8) throws {
        let pool = try PostgresPool(url: url, size: poolSize)
        _ = try PostgresMigrator(PostgresSchema.migrations).apply(on: pool)
        self.url = url
        self.origin = origin
        self.pool = pool
        users = PostgresUserStore(pool: pool, origin: origin)
        lists = PostgresListStore(pool: pool, origin: origin)
        sessions = PostgresSessionStore(pool: pool, origin: origin)
        presence = PostgresPresenceStore(pool: pool, origin: origin)
        rateLimits = PostgresRateLimitStore(pool: pool)
    }

    /// A cheap query: throws when the database does not answer.
    public func ping() throws {
        _ = try pool.query("SELECT 1")
    }

    /// Delivers every event other processes commit from now on, in commit order, on a thread
    /// of the listener's own; `reconnected` runs after the listener lost its connection and
    /// got it back (events may have been missed: reload what is held). Events of this
    /// process's own writes are skipped: it applied them when it committed.
    public func listen(
        reconnected: @escaping @Sendable () -> Void, _ event: @escaping @Sendable (StorageEvent) -> Void
    ) throws -> PostgresListener {
        let origin = self.origin
        return try PostgresListener(url: url, channels: [ChangeNotice.channel], onReconnect: reconnected) { notification in
            guard let (from, decoded) = ChangeNotice.parse(notification.payload), from != origin else { return }
            event(decoded)
        }
    }
}
