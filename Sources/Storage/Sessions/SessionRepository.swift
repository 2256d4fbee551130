import Foundation

/// Saved sessions in SQLite. Needs a `Database` opened with `StorageSchema.migrations`.
public struct SessionRepository: SessionStore {
    private let database: Database

    public init(database: Database) {
        self.database = database
    }

    public func save(_ sessions: [SavedSession]) throws {
        guard !sessions.isEmpty else { return }
        try database.transaction { connection in
            for session in sessions {
                try connection.run(
                    """
                    INSERT INTO saved_sessions (id, user_id, state, updated_at) VALUES (?, ?, ?, ?)
                    ON CONFLICT (id) DO UPDATE SET state = excluded.state, updated_at = excluded.updated_at
                    WHERE saved_sessions.user_id = excluded.user_id
                    """,
                    [.text(session.id), .text(session.userID), .text(session.state), .real(session.updatedAt.timeIntervalSince1970)]
                )
            }
        }
    }

    public func session(id: String) throws -> SavedSession? {
        try database.query("SELECT id, user_id, state, updated_at FROM saved_sessions WHERE id = ?", [.text(id)]).first.map { row in
            SavedSession(
                id: try row.text(0), userID: try row.text(1), state: try row.text(2),
                updatedAt: Date(timeIntervalSince1970: try row.double(3))
            )
        }
    }

    @discardableResult
    public func deleteSessions(savedBefore date: Date) throws -> Int {
        try database.run("DELETE FROM saved_sessions WHERE updated_at < ?", [.real(date.timeIntervalSince1970)])
    }
}
