import SQLCore

public enum MigrationError: Error, Equatable, Sendable {
    /// The file was written by a newer build that knows more versions than this one.
    case databaseIsNewer(fileVersion: Int, latestKnown: Int)
}

/// Applies pending migrations in one transaction: all of them or, if one fails, none.
struct Migrator {
    private let migrations: [Migration]

    init(_ migrations: [Migration]) {
        Migration.checkNumbering(migrations)
        self.migrations = migrations
    }

    /// A `Database` opened without migrations is a plain connection: it neither checks nor
    /// changes the file's version.
    func apply(to database: Database) throws {
        guard !migrations.isEmpty else { return }
        let latestKnown = migrations.last?.version ?? 0
        try database.transaction { connection in
            // Read inside the write transaction: another process may be migrating the same file.
            let fileVersion = try connection.query("PRAGMA user_version")[0].int(0)
            guard fileVersion <= latestKnown else {
                throw MigrationError.databaseIsNewer(fileVersion: fileVersion, latestKnown: latestKnown)
            }
            for migration in migrations where migration.version > fileVersion {
                try connection.execute(migration.sql)
                try connection.execute("PRAGMA user_version = \(migration.version)")
            }
        }
    }
}
