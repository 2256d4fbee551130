import Foundation
import Postgres
import Storage

/// Presence rows in PostgreSQL: one per (process, user), renewed by each process's
/// heartbeat and expiring on their own.
public struct PostgresPresenceStore: PresenceStore {
    let pool: PostgresPool
    let origin: String

    public func markOnline(_ users: [String], process: String, until expiresAt: Date, announce: Bool) throws {
        if announce { return try markPresence(online: users, offline: [], process: process, until: expiresAt) }
        let users = Self.once(users)
        guard !users.isEmpty else { return }
        try pool.withConnection { try Self.upsert(users, process: process, until: expiresAt, on: $0) }
    }

    public func markOffline(_ user: String, process: String) throws {
        try markPresence(online: [], offline: [user], process: process, until: Date())
    }

    public func markPresence(online: [String], offline: [String], process: String, until expiresAt: Date) throws {
        let online = Self.once(online)
        let offline = Self.once(offline.filter { !online.contains($0) })
        guard !online.isEmpty || !offline.isEmpty else { return }
        try pool.transaction { connection in
            if !online.isEmpty { try Self.upsert(online, process: process, until: expiresAt, on: connection) }
            if !offline.isEmpty {
                try connection.execute(
                    "DELETE FROM presence WHERE process = $1 AND user_id = ANY($2::text[])",
                    params: [.text(process), .text(PostgresArray.text(offline))]
                )
            }
            try announce(online + offline, origin: origin, on: connection)
        }
    }

    /// Each user once, in their first place: one upsert cannot touch a row twice (21000), and
    /// one notice is enough.
    private static func once(_ users: [String]) -> [String] {
        var seen = Set<String>()
        return users.filter { seen.insert($0).inserted }
    }

    private static func upsert(_ users: [String], process: String, until expiresAt: Date, on connection: PostgresConnection) throws {
        try connection.execute(
            """
            INSERT INTO presence (process, user_id, expires_at) SELECT $1, u, $3 FROM unnest($2::text[]) AS u
            ON CONFLICT (process, user_id) DO UPDATE SET expires_at = excluded.expires_at
            """,
            params: [.text(process), .text(PostgresArray.text(users)), .double(expiresAt.timeIntervalSince1970)]
        )
    }

    /// Every user's notice in one statement: a round trip each would hold the transaction open.
    private func announce(_ users: [String], origin: String, on connection: PostgresConnection) throws {
        let payloads = users.map { ChangeNotice.payload(.presenceChanged(userID: $0), origin: origin) }
        try connection.execute(
            "SELECT pg_notify($1, p) FROM unnest($2::text[]) AS p",
            params: [.text(ChangeNotice.channel), .text(PostgresArray.text(payloads))]
        )
    }

    public func online(among users: [String], excluding process: String, at now: Date) throws -> Set<String> {
        guard !users.isEmpty else { return [] }
        let rows = try pool.query(
            "SELECT DISTINCT user_id FROM presence WHERE user_id = ANY($1::text[]) AND process <> $2 AND expires_at > $3",
            params: [.text(PostgresArray.text(users)), .text(process), .double(now.timeIntervalSince1970)]
        )
        return Set(try rows.map { try $0.text(0) })
    }

    public func sweepExpired(at now: Date) throws -> [String] {
        try pool.transaction { connection in
            let users = try connection.query(
                "DELETE FROM presence WHERE expires_at <= $1 RETURNING user_id", params: [.double(now.timeIntervalSince1970)]
            ).map { try $0.text(0) }
            // Announced with no origin of ours: every process, this one too, reloads rosters.
            let swept = Self.once(users)
            if !swept.isEmpty { try announce(swept, origin: "sweep", on: connection) }
            return swept
        }
    }
}
