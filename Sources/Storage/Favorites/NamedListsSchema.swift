extension StorageSchema {
    /// `expires_at` (seconds since the epoch) and `max_uses` are NULL for no limit; `uses`
    /// counts the people who joined with the invite.
    public static func namedListsAndInviteTerms(_ sql: SQLDialect) -> String {
        """
        ALTER TABLE invites ADD COLUMN expires_at \(sql.real);
        ALTER TABLE invites ADD COLUMN max_uses INTEGER;
        ALTER TABLE invites ADD COLUMN uses INTEGER NOT NULL DEFAULT 0;
        UPDATE favorite_lists SET name = 'Favorites' WHERE name LIKE '%''s favorites';
        """
    }
}
