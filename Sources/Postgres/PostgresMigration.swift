import SQLCore

/// One step of a PostgreSQL schema's history.
public typealias PostgresMigration = Migration

public enum PostgresMigrationError: Error, Equatable, Sendable {
    /// The database was migrated by a newer build that knows more versions than this one.
    case databaseIsNewer(databaseVersion: Int, latestKnown: Int)
}

/// Applies the migrations a database has not seen, each once, recording them in a table
/// (`schema_migrations`: version, applied_at).
///
/// Each migration runs in its own transaction with its version row, so a failing one leaves
/// the database at the last version that succeeded. Every transaction first takes a
/// transaction-level advisory lock (`pg_advisory_xact_lock`), so server processes starting at
/// the same moment migrate one at a time: the second waits, then sees the versions the first
/// applied and skips them.
public struct PostgresMigrator: Sendable {
    /// The advisory lock key migrations take ("pkdxmigr" in ASCII); anything else locking this
    /// key would wait for migrations, and they for it.
    public static let defaultLockKey: Int64 = 0x706B_6478_6D69_6772

    private let migrations: [PostgresMigration]
    private let table: String
    private let lockKey: Int64

    public init(_ migrations: [PostgresMigration], table: String = "schema_migrations", lockKey: Int64 = defaultLockKey) {
        Migration.checkNumbering(migrations)
        self.migrations = migrations
        self.table = quotedIdentifier(table)
        self.lockKey = lockKey
    }

    /// Applies what is pending; returns the versions this call applied (empty when the database
    /// was up to date, or another process applied them first).
    @discardableResult
    public func apply(on connection: PostgresConnection) throws -> [Int] {
        let latestKnown = migrations.last?.version ?? 0
        var applied: [Int] = []
        // Checked before the first migration too, so a newer database is refused even when
        // this build has nothing to apply.
        let current = try lockedStep(on: connection) { version in
            guard version <= latestKnown else {
                throw PostgresMigrationError.databaseIsNewer(databaseVersion: version, latestKnown: latestKnown)
            }
        }
        for migration in migrations where migration.version > current {
            try lockedStep(on: connection) { version in
                // Another process may have applied it while we waited for the lock.
                guard version < migration.version else { return }
                try connection.executeScript(migration.sql)
                try connection.execute("INSERT INTO \(table) (version) VALUES ($1)", params: [.integer(Int64(migration.version))])
                applied.append(migration.version)
            }
        }
        return applied
    }

    /// `apply(on:)` with a pooled connection.
    @discardableResult
    public func apply(on pool: PostgresPool) throws -> [Int] {
        try pool.withConnection { try apply(on: $0) }
    }

    /// Runs `body` in a transaction holding the migration lock, with the database's version read
    /// under it; returns that version.
    @discardableResult
    private func lockedStep(on connection: PostgresConnection, _ body: (Int) throws -> Void) throws -> Int {
        try connection.transaction { connection in
            try connection.execute("SELECT pg_advisory_xact_lock($1)", params: [.integer(lockKey)])
            try connection.execute(
                "CREATE TABLE IF NOT EXISTS \(table) (version integer PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())"
            )
            let version = try connection.queryFirst("SELECT coalesce(max(version), 0) FROM \(table)")?.int(0) ?? 0
            try body(version)
            return version
        }
    }
}
