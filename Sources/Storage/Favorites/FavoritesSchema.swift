extension StorageSchema {
    /// Ids are random hex strings; tokens and invite codes are kept only as SHA-256 hex.
    /// Deleting a user or list cascades to what belongs to it; favorites and invites a user
    /// made in someone else's list stay, with the author forgotten.
    public static func favorites(_ sql: SQLDialect) -> String {
        """
        CREATE TABLE users (
            id           TEXT PRIMARY KEY,
            display_name TEXT NOT NULL,
            token_hash   TEXT NOT NULL UNIQUE,
            created_at   \(sql.real) NOT NULL
        );
        CREATE TABLE favorite_lists (
            id         TEXT PRIMARY KEY,
            name       TEXT NOT NULL,
            owner_id   TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            created_at \(sql.real) NOT NULL
        );
        CREATE INDEX favorite_lists_by_owner ON favorite_lists(owner_id);
        CREATE TABLE memberships (
            list_id   TEXT NOT NULL REFERENCES favorite_lists(id) ON DELETE CASCADE,
            user_id   TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            role      TEXT NOT NULL CHECK (role IN ('owner', 'editor', 'viewer')),
            joined_at \(sql.real) NOT NULL,
            PRIMARY KEY (list_id, user_id)
        \(sql.endOfKeyedTable)
        CREATE INDEX memberships_by_user ON memberships(user_id);
        CREATE TABLE favorites (
            list_id    TEXT NOT NULL REFERENCES favorite_lists(id) ON DELETE CASCADE,
            pokemon_id INTEGER NOT NULL CHECK (pokemon_id > 0),
            added_by   TEXT REFERENCES users(id) ON DELETE SET NULL,
            added_at   \(sql.real) NOT NULL,
            PRIMARY KEY (list_id, pokemon_id)
        \(sql.endOfKeyedTable)
        CREATE INDEX favorites_by_author ON favorites(added_by);
        CREATE TABLE invites (
            code_hash  TEXT PRIMARY KEY,
            list_id    TEXT NOT NULL REFERENCES favorite_lists(id) ON DELETE CASCADE,
            role       TEXT NOT NULL CHECK (role IN ('editor', 'viewer')),
            created_by TEXT REFERENCES users(id) ON DELETE SET NULL,
            created_at \(sql.real) NOT NULL,
            revoked_at \(sql.real)
        \(sql.endOfKeyedTable)
        CREATE INDEX invites_by_list ON invites(list_id);
        CREATE INDEX invites_by_author ON invites(created_by);
        """
    }
}
