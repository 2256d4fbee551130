import Foundation
import Postgres
import Storage

/// Saved sessions in PostgreSQL, so a resume on any process of the cluster finds them.
public struct PostgresSessionStore: SessionStore {
    let pool: PostgresPool

    public func save(_ sessions: [SavedSession]) throws {
        // One statement per round of distinct ids: an upsert cannot touch a row twice in one
        // statement (21000), while SQLite (the reference) saves a batch in order, a session's
        // last state winning. Nearly every batch is one round, one statement.
        let rounds = Self.rounds(sessions)
        guard rounds.count > 1 else {
            if let round = rounds.first { try pool.execute(Self.upsert, params: Self.parameters(round)) }
            return
        }
        try pool.transaction { connection in
            for round in rounds { try connection.execute(Self.upsert, params: Self.parameters(round)) }
        }
    }

    /// `sessions` split so no id occurs twice in a round: round k holds each id's k-th save,
    /// so running the rounds in order saves every session's states in order.
    private static func rounds(_ sessions: [SavedSession]) -> [[SavedSession]] {
        var rounds: [[SavedSession]] = []
        var nextRound: [String: Int] = [:]
        for session in sessions {
            let round = nextRound[session.id, default: 0]
            if round == rounds.count { rounds.append([]) }
            rounds[round].append(session)
            nextRound[session.id] = round + 1
        }
        return rounds
    }

    /// The batch as four parallel arrays, unnested into rows.
    private static let upsert = """
        INSERT INTO saved_sessions (id, user_id, state, updated_at)
        SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::float8[])
        ON CONFLICT (id) DO UPDATE SET state = excluded.state, updated_at = excluded.updated_at
        WHERE saved_sessions.user_id = excluded.user_id
        """

    private static func parameters(_ sessions: [SavedSession]) -> [PostgresValue] {
        [
            .text(PostgresArray.text(sessions.map(\.id))), .text(PostgresArray.text(sessions.map(\.userID))),
            .text(PostgresArray.text(sessions.map(\.state))),
            .text(PostgresArray.text(sessions.map { String($0.updatedAt.timeIntervalSince1970) })),
        ]
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
