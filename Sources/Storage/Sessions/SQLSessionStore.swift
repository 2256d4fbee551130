import Foundation

/// `SessionStore`'s reads and clean-up written once for both databases; a backend adds how
/// it saves a batch (SQLite upserts in order in one transaction, PostgreSQL a statement per
/// round of distinct ids).
public protocol SQLSessionStore: SessionStore {
    associatedtype Executor: SQLExecutor
    var executor: Executor { get }
}

extension SQLSessionStore {
    /// Inserts or replaces a session's state; a session id held by another user stays theirs.
    public static var upsert: String {
        """
        ON CONFLICT (id) DO UPDATE SET state = excluded.state, updated_at = excluded.updated_at
        WHERE saved_sessions.user_id = excluded.user_id
        """
    }

    public func session(id: String) throws -> SavedSession? {
        try executor.query("SELECT id, user_id, state, updated_at FROM saved_sessions WHERE id = ?", [.text(id)]).first.map { row in
            SavedSession(
                id: try row.text(0), userID: try row.text(1), state: try row.text(2), updatedAt: Date(timeIntervalSince1970: try row.double(3))
            )
        }
    }

    @discardableResult
    public func deleteSessions(savedBefore date: Date) throws -> Int {
        try executor.transaction { try $0.run("DELETE FROM saved_sessions WHERE updated_at < ?", [.real(date.timeIntervalSince1970)]) }
    }
}
