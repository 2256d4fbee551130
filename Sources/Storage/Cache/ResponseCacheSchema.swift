extension StorageSchema {
    /// Times are seconds since 1970 (REAL), which `Date` round-trips exactly enough for TTLs.
    static let responseCache = """
        CREATE TABLE response_cache (
            key       TEXT PRIMARY KEY,
            body      BLOB NOT NULL,
            stored_at REAL NOT NULL
        ) WITHOUT ROWID;
        """
}
