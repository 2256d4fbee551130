import Postgres
import Storage

/// The cluster's tables in PostgreSQL: the same model as SQLite's (`StorageSchema`), plus the
/// heartbeat rows of presence. Times are seconds since the epoch, as in SQLite.
///
/// Append new versions; never edit a shipped one.
enum PostgresSchema {
    static let migrations: [PostgresMigration] = [
        // SQLite's versions 2 to 5 at once, and presence.
        PostgresMigration(version: 1, sql: [
            StorageSchema.favorites(.postgres),
            StorageSchema.membershipsByListJoined,
            StorageSchema.listSequence(.postgres),
            StorageSchema.savedSessions(.postgres),
            presence,
        ].joined(separator: "\n")),
        // SQLite's INTEGER (the reference) holds any Int; INTEGER here is 32 bits, so a larger
        // id failed with 22003 instead of being kept.
        PostgresMigration(version: 2, sql: "ALTER TABLE favorites ALTER COLUMN pokemon_id TYPE BIGINT;"),
        // A list's activity log, as SQLite's version 6.
        PostgresMigration(version: 3, sql: StorageSchema.listEvents(.postgres)),
        // Stars as keyed intents and undo, as SQLite's version 7.
        PostgresMigration(version: 4, sql: StorageSchema.starKeysAndUndo(.postgres)),
        // As SQLite's version 8: invite terms, and personal lists without the owner's name.
        PostgresMigration(version: 5, sql: StorageSchema.namedListsAndInviteTerms(.postgres)),
        // Many tokens per user and one-time sign-in codes, as SQLite's version 9; here the old
        // one-token column goes.
        PostgresMigration(version: 6, sql: StorageSchema.accounts(.postgres) + "\nALTER TABLE users DROP COLUMN token_hash;"),
        // Presence by process heartbeat: one row per process renewed every heartbeat, and per
        // (process, user) the user's session count there, with no expiry of its own. The old
        // rows expired per user; they are dropped, and each process writes its users again.
        PostgresMigration(version: 7, sql: """
            DELETE FROM presence;
            ALTER TABLE presence DROP COLUMN expires_at;
            ALTER TABLE presence ADD COLUMN sessions INTEGER NOT NULL DEFAULT 1 CHECK (sessions > 0);
            CREATE TABLE cluster_processes (
                process     TEXT PRIMARY KEY,
                alive_until DOUBLE PRECISION NOT NULL
            );
            """),
        // Rates counted across processes (`PostgresRateLimitStore`): one token bucket per
        // (kind, key), as the time it is full again. Unlogged: no WAL flush per take; after a
        // crash of PostgreSQL every bucket starts full.
        PostgresMigration(version: 8, sql: """
            CREATE UNLOGGED TABLE rate_limits (
                kind    TEXT NOT NULL,
                key     TEXT NOT NULL,
                full_at DOUBLE PRECISION NOT NULL,
                PRIMARY KEY (kind, key)
            );
            CREATE INDEX rate_limits_by_full_at ON rate_limits(full_at);
            """),
        // As SQLite's version 10: saved screens without the index by time (here it also kept
        // every save from being a heap-only update).
        PostgresMigration(version: 9, sql: StorageSchema.savedSessionsWithoutTimeIndex),
    ]

    /// Who is online: the heartbeat rows of presence (reshaped by version 7).
    private static let presence = """
        CREATE TABLE presence (
            process    TEXT NOT NULL,
            user_id    TEXT NOT NULL,
            expires_at DOUBLE PRECISION NOT NULL,
            PRIMARY KEY (process, user_id)
        );
        CREATE INDEX presence_by_user ON presence(user_id);
        CREATE INDEX presence_by_expiry ON presence(expires_at);
        """
}
