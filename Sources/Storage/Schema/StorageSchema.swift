/// The schema of every table Storage owns, as one ordered history. Open a `Database` with
/// `migrations: StorageSchema.migrations` before using `ResponseCache` or the repositories.
///
/// Append new versions; never edit a shipped one (files already at that version would not
/// see the change).
public enum StorageSchema {
    public static let migrations: [Migration] = [
        Migration(version: 1, sql: responseCache),
    ]

    /// Times are seconds since 1970 (REAL), which `Date` round-trips exactly enough for TTLs.
    static let responseCache = """
        CREATE TABLE response_cache (
            key       TEXT PRIMARY KEY,
            body      BLOB NOT NULL,
            stored_at REAL NOT NULL
        ) WITHOUT ROWID;
        """
}
