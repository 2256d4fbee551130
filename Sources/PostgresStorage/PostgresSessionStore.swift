import Foundation
import Postgres
import Storage

/// Saved sessions in PostgreSQL, so a resume on any process of the cluster finds them.
public struct PostgresSessionStore: SessionStore {
    let pool: PostgresPool

    public func save(_ sessions: [SavedSession]) throws {
        guard !sessions.isEmpty else { return }
        // One statement for the batch: four parallel arrays, unnested.
        try pool.execute(
            """
            INSERT INTO saved_sessions (id, user_id, state, updated_at)
            SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::float8[])
            ON CONFLICT (id) DO UPDATE SET state = excluded.state, updated_at = excluded.updated_at
            WHERE saved_sessions.user_id = excluded.user_id
            """,
            params: [
                .text(PostgresArray.text(sessions.map(\.id))), .text(PostgresArray.text(sessions.map(\.userID))),
                .text(PostgresArray.text(sessions.map(\.state))),
                .text(PostgresArray.text(sessions.map { String($0.updatedAt.timeIntervalSince1970) })),
            ]
        )
    }

    public func session(id: String) throws -> SavedSession? {
        try pool.query("SELECT id, user_id, state, updated_at FROM saved_sessions WHERE id = $1", params: [.text(id)]).first.map { row in
            SavedSession(
                id: try row.text(0), userID: try row.text(1), state: try row.text(2),
                updatedAt: Date(timeIntervalSince1970: try row.double(3))
            )
        }
    }

    @discardableResult
    public func deleteSessions(savedBefore date: Date) throws -> Int {
        try pool.execute("DELETE FROM saved_sessions WHERE updated_at < $1", params: [.double(date.timeIntervalSince1970)]).affectedRows
    }
}

/// PostgreSQL's text form of an array, for `$n::text[]` parameters.
enum PostgresArray {
    static func text(_ elements: [String]) -> String {
        "{" + elements.map { element in
            var quoted = "\""
            for character in element {
                if character == "\"" || character == "\\" { quoted.append("\\") }
                quoted.append(character)
            }
            return quoted + "\""
        }.joined(separator: ",") + "}"
    }
}
