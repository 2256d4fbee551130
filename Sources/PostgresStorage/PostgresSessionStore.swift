import Foundation
import Postgres
import Storage

/// Saved sessions in PostgreSQL, so a resume on any process of the cluster finds them.
public struct PostgresSessionStore: SQLSessionStore {
    public let executor: PostgresExecutor

    init(pool: PostgresPool, origin: String) {
        executor = PostgresExecutor(pool: pool, origin: origin)
    }

    public func save(_ sessions: [SavedSession]) throws {
        // One statement per round of distinct ids: an upsert cannot touch a row twice in one
        // statement (21000), while SQLite (the reference) saves a batch in order, a session's
        // last state winning. Nearly every batch is one round, one statement.
        let rounds = Self.rounds(sessions)
        guard rounds.count > 1 else {
            if let round = rounds.first { try executor.pool.execute(Self.unnestedUpsert, params: Self.parameters(round)) }
            return
        }
        try executor.pool.transaction { connection in
            for round in rounds { try connection.execute(Self.unnestedUpsert, params: Self.parameters(round)) }
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
    private static let unnestedUpsert = """
        INSERT INTO saved_sessions (id, user_id, state, updated_at)
        SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::float8[]) \(upsert)
        """

    private static func parameters(_ sessions: [SavedSession]) -> [PostgresValue] {
        [
            .text(PostgresArray.text(sessions.map(\.id))), .text(PostgresArray.text(sessions.map(\.userID))),
            .text(PostgresArray.text(sessions.map(\.state))),
            .text(PostgresArray.text(sessions.map { String($0.updatedAt.timeIntervalSince1970) })),
        ]
    }
}
