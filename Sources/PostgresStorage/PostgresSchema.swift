import Postgres

/// The cluster's tables in PostgreSQL: the same model as SQLite's (`StorageSchema`), plus the
/// heartbeat rows of presence. Times are seconds since the epoch, as in SQLite.
///
/// Append new versions; never edit a shipped one.
enum PostgresSchema {
    static let migrations: [PostgresMigration] = [
        PostgresMigration(version: 1, sql: """
            CREATE TABLE users (
                id           TEXT PRIMARY KEY,
                display_name TEXT NOT NULL,
                token_hash   TEXT NOT NULL UNIQUE,
                created_at   DOUBLE PRECISION NOT NULL
            );
            CREATE TABLE favorite_lists (
                id         TEXT PRIMARY KEY,
                name       TEXT NOT NULL,
                owner_id   TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                created_at DOUBLE PRECISION NOT NULL,
                seq        BIGINT NOT NULL DEFAULT 0
            );
            CREATE INDEX favorite_lists_by_owner ON favorite_lists(owner_id);
            CREATE TABLE memberships (
                list_id   TEXT NOT NULL REFERENCES favorite_lists(id) ON DELETE CASCADE,
                user_id   TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                role      TEXT NOT NULL CHECK (role IN ('owner', 'editor', 'viewer')),
                joined_at DOUBLE PRECISION NOT NULL,
                PRIMARY KEY (list_id, user_id)
            );
            CREATE INDEX memberships_by_user ON memberships(user_id);
            CREATE INDEX memberships_by_list_joined ON memberships(list_id, joined_at);
            CREATE TABLE favorites (
                list_id    TEXT NOT NULL REFERENCES favorite_lists(id) ON DELETE CASCADE,
                pokemon_id INTEGER NOT NULL CHECK (pokemon_id > 0),
                added_by   TEXT REFERENCES users(id) ON DELETE SET NULL,
                added_at   DOUBLE PRECISION NOT NULL,
                PRIMARY KEY (list_id, pokemon_id)
            );
            CREATE INDEX favorites_by_author ON favorites(added_by);
            CREATE TABLE invites (
                code_hash  TEXT PRIMARY KEY,
                list_id    TEXT NOT NULL REFERENCES favorite_lists(id) ON DELETE CASCADE,
                role       TEXT NOT NULL CHECK (role IN ('editor', 'viewer')),
                created_by TEXT REFERENCES users(id) ON DELETE SET NULL,
                created_at DOUBLE PRECISION NOT NULL,
                revoked_at DOUBLE PRECISION
            );
            CREATE INDEX invites_by_list ON invites(list_id);
            CREATE INDEX invites_by_author ON invites(created_by);
            CREATE TABLE saved_sessions (
                id         TEXT PRIMARY KEY,
                user_id    TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                state      TEXT NOT NULL,
                updated_at DOUBLE PRECISION NOT NULL
            );
            CREATE INDEX saved_sessions_by_time ON saved_sessions(updated_at);
            CREATE TABLE presence (
                process    TEXT NOT NULL,
                user_id    TEXT NOT NULL,
                expires_at DOUBLE PRECISION NOT NULL,
                PRIMARY KEY (process, user_id)
            );
            CREATE INDEX presence_by_user ON presence(user_id);
            CREATE INDEX presence_by_expiry ON presence(expires_at);
            """),
        // SQLite's INTEGER (the reference) holds any Int; INTEGER here is 32 bits, so a larger
        // id failed with 22003 instead of being kept.
        PostgresMigration(version: 2, sql: "ALTER TABLE favorites ALTER COLUMN pokemon_id TYPE BIGINT;"),
        // A list's activity log, as SQLite's `list_events`.
        PostgresMigration(version: 3, sql: """
            CREATE TABLE list_events (
                id         BIGSERIAL PRIMARY KEY,
                list_id    TEXT NOT NULL REFERENCES favorite_lists(id) ON DELETE CASCADE,
                kind       TEXT NOT NULL,
                actor_id   TEXT REFERENCES users(id) ON DELETE SET NULL,
                pokemon_id BIGINT,
                subject_id TEXT REFERENCES users(id) ON DELETE SET NULL,
                role       TEXT,
                name       TEXT,
                at         DOUBLE PRECISION NOT NULL
            );
            CREATE INDEX list_events_by_list ON list_events(list_id, id);
            CREATE INDEX list_events_by_actor ON list_events(list_id, actor_id, id);
            CREATE INDEX list_events_by_subject ON list_events(subject_id);
            """),
        // Stars as keyed intents and undo, as SQLite's migration 7.
        PostgresMigration(version: 4, sql: """
            CREATE TABLE applied_keys (
                id      BIGSERIAL PRIMARY KEY,
                user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                key     TEXT NOT NULL,
                at      DOUBLE PRECISION NOT NULL,
                UNIQUE (user_id, key)
            );
            CREATE INDEX applied_keys_by_user ON applied_keys(user_id, id);
            ALTER TABLE list_events ADD COLUMN undoes BIGINT;
            CREATE INDEX list_events_by_undone ON list_events(undoes) WHERE undoes IS NOT NULL;
            """),
        // As SQLite's version 8: invite terms, and personal lists without the owner's name.
        PostgresMigration(version: 5, sql: """
            ALTER TABLE invites ADD COLUMN expires_at DOUBLE PRECISION;
            ALTER TABLE invites ADD COLUMN max_uses INTEGER;
            ALTER TABLE invites ADD COLUMN uses INTEGER NOT NULL DEFAULT 0;
            UPDATE favorite_lists SET name = 'Favorites' WHERE name LIKE '%''s favorites';
            """),
        // Many tokens per user and one-time sign-in codes, as SQLite's (`StorageSchema.accounts`);
        // here the old one-token column goes.
        PostgresMigration(version: 6, sql: """
            CREATE TABLE tokens (
                token_hash TEXT PRIMARY KEY,
                user_id    TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                created_at DOUBLE PRECISION NOT NULL
            );
            CREATE INDEX tokens_by_user ON tokens(user_id);
            INSERT INTO tokens (token_hash, user_id, created_at) SELECT token_hash, id, created_at FROM users;
            ALTER TABLE users DROP COLUMN token_hash;
            CREATE TABLE sign_in_codes (
                code_hash  TEXT PRIMARY KEY,
                user_id    TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                created_at DOUBLE PRECISION NOT NULL,
                expires_at DOUBLE PRECISION NOT NULL,
                used_at    DOUBLE PRECISION
            );
            CREATE INDEX sign_in_codes_by_user ON sign_in_codes(user_id);
            """),
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
    ]
}
