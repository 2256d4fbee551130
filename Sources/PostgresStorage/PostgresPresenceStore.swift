import Foundation
import Postgres
import Storage

/// Presence in PostgreSQL: a heartbeat row per process (`cluster_processes`) and a row per
/// (process, user) with the user's session count there. A user is online while some live
/// process has a row of theirs; a process whose heartbeat lapsed is swept by whichever
/// process notices first.
public struct PostgresPresenceStore: PresenceStore {
    let pool: PostgresPool
    let origin: String

    public func heartbeat(process: String, aliveUntil: Date) throws -> Bool {
        // xmax is 0 on a row this statement inserted: the process had no row, so it was swept.
        let row = try pool.query(Self.renewal, params: [.text(process), .double(aliveUntil.timeIntervalSince1970)])
        return row.first?[0] != .bool(true)
    }

    private static let renewal = """
        INSERT INTO cluster_processes (process, alive_until) VALUES ($1, $2)
        ON CONFLICT (process) DO UPDATE SET alive_until = excluded.alive_until
        RETURNING xmax = 0
        """

    public func setSessions(_ sessions: [String: Int], process: String, aliveUntil: Date, announce: [String]) throws {
        let serving = sessions.filter { $0.value > 0 }
        let gone = sessions.filter { $0.value <= 0 }.map(\.key)
        try pool.transaction { connection in
            _ = try connection.execute(Self.renewal, params: [.text(process), .double(aliveUntil.timeIntervalSince1970)])
            if !serving.isEmpty {
                try connection.execute(
                    """
                    INSERT INTO presence (process, user_id, sessions)
                    SELECT $1, u, n FROM unnest($2::text[], $3::int[]) AS t(u, n)
                    ON CONFLICT (process, user_id) DO UPDATE SET sessions = excluded.sessions
                    """,
                    params: [.text(process), .text(PostgresArray.text(Array(serving.keys))),
                             .text(PostgresArray.text(serving.keys.map { String(serving[$0]!) }))]
                )
            }
            if !gone.isEmpty {
                try connection.execute(
                    "DELETE FROM presence WHERE process = $1 AND user_id = ANY($2::text[])",
                    params: [.text(process), .text(PostgresArray.text(gone))]
                )
            }
            try Self.announce(announce, origin: origin, on: connection)
        }
    }

    /// The users' notices, a few thousand users to a notice, in one statement.
    private static func announce(_ users: [String], origin: String, on connection: PostgresConnection) throws {
        guard !users.isEmpty else { return }
        try connection.execute(
            "SELECT pg_notify($1, p) FROM unnest($2::text[]) AS p",
            params: [.text(ChangeNotice.channel), .text(PostgresArray.text(ChangeNotice.presencePayloads(users, origin: origin)))]
        )
    }

    public func online(among users: [String], excluding process: String, at now: Date) throws -> Set<String> {
        guard !users.isEmpty else { return [] }
        let rows = try pool.query(
            """
            SELECT DISTINCT p.user_id FROM presence p JOIN cluster_processes c ON c.process = p.process
            WHERE p.user_id = ANY($1::text[]) AND p.process <> $2 AND c.alive_until > $3
            """,
            params: [.text(PostgresArray.text(users)), .text(process), .double(now.timeIntervalSince1970)]
        )
        return Set(try rows.map { try $0.text(0) })
    }

    public func sessionCount(of userID: String, excluding process: String, at now: Date) throws -> Int {
        let rows = try pool.query(
            """
            SELECT COALESCE(sum(p.sessions), 0)::bigint FROM presence p JOIN cluster_processes c ON c.process = p.process
            WHERE p.user_id = $1 AND p.process <> $2 AND c.alive_until > $3
            """,
            params: [.text(userID), .text(process), .double(now.timeIntervalSince1970)]
        )
        return try rows.first?.int(0) ?? 0
    }

    public func sweepDeadProcesses(at now: Date) throws -> [String] {
        try pool.transaction { connection in
            let users = try connection.query(
                """
                WITH dead AS (
                    DELETE FROM cluster_processes WHERE alive_until <= $1 RETURNING process
                )
                DELETE FROM presence p USING dead d WHERE p.process = d.process RETURNING p.user_id
                """,
                params: [.double(now.timeIntervalSince1970)]
            ).map { try $0.text(0) }
            var seen = Set<String>()
            let swept = users.filter { seen.insert($0).inserted }
            // Announced as no one's: every process, this one too, reloads its rosters.
            try Self.announce(swept, origin: "sweep", on: connection)
            return swept
        }
    }
}
