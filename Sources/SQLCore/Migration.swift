/// One step of a schema's history (SQLite's `StorageSchema`, PostgreSQL's `PostgresSchema`).
/// Versions count up from 1 with no gaps; a step's SQL may hold several `;`-separated
/// statements. A database records the versions it has applied (SQLite in `PRAGMA
/// user_version`, PostgreSQL in a table), so a shipped step is never edited: new ones are
/// appended.
public struct Migration: Equatable, Sendable {
    public var version: Int
    public var sql: String

    public init(version: Int, sql: String) {
        self.version = version
        self.sql = sql
    }

    /// Stops on a misnumbered list: a programming error, not a runtime condition.
    public static func checkNumbering(_ migrations: [Migration]) {
        precondition(
            migrations.enumerated().allSatisfy { $0.offset + 1 == $0.element.version },
            "migration versions must be 1, 2, 3, … in order"
        )
    }
}
