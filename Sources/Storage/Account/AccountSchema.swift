extension StorageSchema {
    /// Many tokens per user (one per browser signed in as them) and one-time sign-in codes,
    /// both kept only as SHA-256 hex. Existing users keep the token they have. The column
    /// `users.token_hash` stays (SQLite drops no UNIQUE column) holding the hash of the token
    /// a user was created with; nothing reads it: `tokens` decides who a token is.
    public static func accounts(_ sql: SQLDialect) -> String {
        """
        CREATE TABLE tokens (
            token_hash TEXT PRIMARY KEY,
            user_id    TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            created_at \(sql.real) NOT NULL
        \(sql.endOfKeyedTable)
        CREATE INDEX tokens_by_user ON tokens(user_id);
        INSERT INTO tokens (token_hash, user_id, created_at) SELECT token_hash, id, created_at FROM users;
        CREATE TABLE sign_in_codes (
            code_hash  TEXT PRIMARY KEY,
            user_id    TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            created_at \(sql.real) NOT NULL,
            expires_at \(sql.real) NOT NULL,
            used_at    \(sql.real)
        \(sql.endOfKeyedTable)
        CREATE INDEX sign_in_codes_by_user ON sign_in_codes(user_id);
        """
    }
}
