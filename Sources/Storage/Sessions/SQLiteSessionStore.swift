import Foundation

/// Saved sessions in SQLite (`SQLSessionStore` holds the queries both databases share).
/// Needs a `Database` opened with `StorageSchema.migrations`.
public struct SQLiteSessionStore: SQLSessionStore {
    public let executor: SQLiteExecutor

    public init(database: Database) {
        executor = SQLiteExecutor(database: database)
    }

    /// In order, in one transaction: a session saved twice keeps its last state.
    public func save(_ sessions: [SavedSession]) throws {
        guard !sessions.isEmpty else { return }
        // Built once a batch: the connection finds its prepared statement by this text, and a
        // batch under load is hundreds of rows.
        let insert = "INSERT INTO saved_sessions (id, user_id, state, updated_at) VALUES (?, ?, ?, ?) \(Self.upsert)"
        try executor.transaction { connection in
            for session in sessions {
                try connection.run(
                    insert,
                    [.text(session.id), .text(session.userID), .text(session.state), .real(session.updatedAt.timeIntervalSince1970)]
                )
            }
        }
    }
}
