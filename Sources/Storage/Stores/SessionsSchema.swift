extension StorageSchema {
    /// What a session shows (`SavedSession`), by its id; old ones are dropped by `updated_at`.
    public static func savedSessions(_ sql: SQLDialect) -> String {
        """
        CREATE TABLE saved_sessions (
            id         TEXT PRIMARY KEY,
            user_id    TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            state      TEXT NOT NULL,
            updated_at \(sql.real) NOT NULL
        \(sql.endOfKeyedTable)
        CREATE INDEX saved_sessions_by_time ON saved_sessions(updated_at);
        """
    }

    /// Drops version 5's index on `updated_at` (both databases): a busy process saves every
    /// session's screen several times a second, and each save deleted and inserted the row's
    /// entry there, while the sweep (`deleteSessions(savedBefore:)`, once a day) may read the table.
    public static let savedSessionsWithoutTimeIndex = "DROP INDEX saved_sessions_by_time;"
}
